// The page's one content security policy: the Electron window sends it as a
// header, the browser host on every answer, and index.html's <meta> tag
// repeats it (without frame-ancestors, which a <meta> policy ignores; a test
// keeps the two equal). The page loads only its own scripts, styles, fonts and
// images, talks only to its host, and cannot be framed.

export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
