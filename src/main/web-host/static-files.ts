// Serves the built renderer: only regular files inside rendererDir (no `..`,
// no encoded separators, no dotfiles, no symlink leading out), with their
// real content type. index.html gets the API token in a <meta> tag and is
// never cached; any other path that does not look like a file is the
// single-page app's own route and gets index.html too.

import { readFile, realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, sep } from 'node:path';
import { TOKEN_META } from '../../shared/ipc/http-protocol';
import { sendText } from './respond';
import { applySecurityHeaders } from './security-headers';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
};

export function contentTypeFor(fileName: string): string {
  return CONTENT_TYPES[extname(fileName).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * The decoded path segments of a URL path, or undefined when the path tries
 * to leave the folder or hide something: `.`/`..`/dotfile segments (also
 * percent-encoded), encoded or literal backslashes, encoded slashes, empty
 * segments, control characters, `:`, or malformed percent-encoding.
 */
export function safeSegments(pathname: string): string[] | undefined {
  if (!pathname.startsWith('/')) return undefined;
  const raw = pathname.slice(1).split('/');
  const segments: string[] = [];
  for (const [index, part] of raw.entries()) {
    if (part === '') {
      if (index === raw.length - 1) continue; // "/" and a trailing slash
      return undefined;
    }
    let segment: string;
    try {
      segment = decodeURIComponent(part);
    } catch {
      return undefined;
    }
    if (segment.startsWith('.') || /[/\\:\u0000-\u001f\u007f]/.test(segment)) return undefined;
    segments.push(segment);
  }
  return segments;
}

/** HTML-escapes an attribute value. */
function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** index.html with `<meta name="caveman-api-token" content="…">` as the first child of <head>. */
export function injectTokenMeta(html: string, token: string): string {
  const meta = `<meta name="${TOKEN_META}" content="${escapeAttribute(token)}">`;
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (!head) return meta + html;
  const at = head.index + head[0].length;
  return html.slice(0, at) + meta + html.slice(at);
}

export interface StaticFiles {
  /** Answers a GET or HEAD for a page path (the caller has checked the session). */
  serve(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void>;
}

type Resolved = { kind: 'file'; path: string } | { kind: 'app' } | { kind: 'missing' };

export async function createStaticFiles(options: { rendererDir: string; token: string }): Promise<StaticFiles> {
  let root: string;
  try {
    root = await realpath(options.rendererDir);
    if (!(await stat(root)).isDirectory()) throw new Error('not a folder');
  } catch {
    throw new Error(`the renderer folder ${options.rendererDir} does not exist or is not a folder — build the app first (npm run build)`);
  }
  const indexPath = join(root, 'index.html');
  const inside = (path: string) => path === root || path.startsWith(root + sep);

  async function resolvePath(pathname: string): Promise<Resolved> {
    const segments = safeSegments(pathname);
    if (!segments) return { kind: 'missing' };
    const candidate = join(root, ...segments);
    if (!inside(candidate)) return { kind: 'missing' };
    let real: string;
    try {
      real = await realpath(candidate);
    } catch {
      // Nothing there: a path that names a file is a 404, any other is the app's own route.
      const last = segments.at(-1) ?? '';
      return last.includes('.') ? { kind: 'missing' } : { kind: 'app' };
    }
    if (!inside(real)) return { kind: 'missing' }; // a symlink pointing out of the folder
    const info = await stat(real).catch(() => undefined);
    if (info?.isFile()) return { kind: 'file', path: real };
    return info?.isDirectory() ? { kind: 'app' } : { kind: 'missing' };
  }

  function send(req: IncomingMessage, res: ServerResponse, body: Buffer, contentType: string, cacheControl: string): void {
    applySecurityHeaders(res);
    res.statusCode = 200;
    res.setHeader('Content-Type', contentType);
    res.setHeader('Content-Length', String(body.length));
    res.setHeader('Cache-Control', cacheControl);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  return {
    async serve(req, res, pathname) {
      const resolved = await resolvePath(pathname);
      if (resolved.kind === 'missing') {
        sendText(res, 404, 'Not found.');
        return;
      }
      const path = resolved.kind === 'file' ? resolved.path : indexPath;
      let body: Buffer;
      try {
        body = await readFile(path);
      } catch {
        sendText(res, 404, 'Not found.');
        return;
      }
      if (path === indexPath) {
        send(req, res, Buffer.from(injectTokenMeta(body.toString('utf8'), options.token), 'utf8'), CONTENT_TYPES['.html'] as string, 'no-store');
      } else {
        send(req, res, body, contentTypeFor(path), 'no-cache');
      }
    },
  };
}
