import { describe, expect, it } from 'vitest';
import { guardWebContents, hardenedWebPreferences, isAppUrl, safeExternalUrl } from '../../../src/main/electron/security';
import { CONTENT_SECURITY_POLICY } from '../../../src/shared/content-security-policy';

const APP = 'file:///opt/caveman/out/renderer/index.html';

describe('window security rules', () => {
  it('creates the window hardened', () => {
    expect(hardenedWebPreferences('/p/preload.cjs')).toMatchObject({
      preload: '/p/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });

  it('has a strict CSP: nothing by default, scripts only from the app, no inline', () => {
    expect(CONTENT_SECURITY_POLICY).toMatch(/^default-src 'none';/);
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-inline');
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval');
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
  });

  it.each([
    [APP, true],
    [`${APP}#/history`, true],
    ['file:///opt/caveman/out/renderer/other.html', false],
    ['file:///etc/passwd', false],
    ['https://evil.example/', false],
    ['javascript:alert(1)', false],
    ['not a url', false],
    [42, false],
  ])('isAppUrl(%j) = %s', (url, expected) => {
    expect(isAppUrl(url, APP)).toBe(expected);
  });

  it.each([
    ['https://github.com/modelcontextprotocol', 'https://github.com/modelcontextprotocol'],
    ['http://example.com/a b', 'http://example.com/a%20b'],
    ['file:///etc/passwd', undefined],
    ['javascript:alert(1)', undefined],
    ['https://user:pass@example.com/', undefined],
    ['smb://host/share', undefined],
    ['', undefined],
    [null, undefined],
  ])('safeExternalUrl(%j) = %j', (url, expected) => {
    expect(safeExternalUrl(url)).toBe(expected);
  });

  it('blocks navigation, redirects, webviews and window.open', () => {
    const listeners = new Map<string, (event: { preventDefault(): void; defaultPrevented?: boolean }, url?: string) => void>();
    let openHandler: ((details: { url: string }) => { action: string }) | undefined;
    const contents = {
      on: (name: string, listener: never) => {
        listeners.set(name, listener);
        return contents;
      },
      setWindowOpenHandler: (handler: never) => {
        openHandler = handler;
      },
    };
    const opened: string[] = [];
    guardWebContents(contents as never, APP, (url) => opened.push(url));
    const attempt = (name: string, url?: string) => {
      let prevented = false;
      listeners.get(name)!({ preventDefault: () => (prevented = true) }, url);
      return prevented;
    };
    expect(attempt('will-navigate', 'https://evil.example/')).toBe(true);
    expect(attempt('will-navigate', 'file:///etc/passwd')).toBe(true);
    expect(attempt('will-navigate', APP)).toBe(false);
    expect(attempt('will-redirect', 'https://evil.example/')).toBe(true);
    expect(attempt('will-attach-webview')).toBe(true);
    expect(openHandler!({ url: 'https://docs.example/' })).toEqual({ action: 'deny' });
    expect(openHandler!({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(opened).toEqual(['https://docs.example/']);
  });
});
