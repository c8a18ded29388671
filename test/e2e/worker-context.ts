// The browser context of a Playwright worker, handed to its journeys one after another. Chromium starts a renderer for a
// window's top-chrome WebUI with every new context (measured ~1 s of CPU each, one per journey); a context kept open with a
// blank page in it keeps that renderer. Each journey still starts from a clean context: its own host is a new origin
// (a port of its own), and what the context holds beyond an origin's storage — cookies, permissions, routes, pages — is
// cleared before the journey starts and when it ends; the origin's storage is cleared too (a port can come round again).

import type { Browser, BrowserContext, Page, ViewportSize } from '@playwright/test';

interface Kept {
  context: BrowserContext;
  /** The blank page that keeps the context's window (and its WebUI renderer) between journeys. */
  anchor: Page;
}

export class WorkerContexts {
  private readonly kept = new Map<string, Kept>();

  /** A context with `viewport` and nothing left by an earlier journey; `origin`'s storage is empty once `page` is made. */
  async forJourney(browser: Browser, viewport: ViewportSize | null, origin: string): Promise<{ context: BrowserContext; page: Page }> {
    const key = JSON.stringify(viewport);
    let kept = this.kept.get(key);
    if (!kept) {
      const context = await browser.newContext({ viewport, acceptDownloads: true });
      kept = { context, anchor: await context.newPage() };
      this.kept.set(key, kept);
    }
    await clean(kept);
    const page = await kept.context.newPage();
    const session = await kept.context.newCDPSession(page);
    await session.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    await session.detach();
    return { context: kept.context, page };
  }

  /** Closes what the journey opened in `context` and drops its cookies, permissions and routes. */
  async release(context: BrowserContext): Promise<void> {
    const kept = [...this.kept.values()].find((each) => each.context === context);
    if (kept) await clean(kept);
  }
}

async function clean({ context, anchor }: Kept): Promise<void> {
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  for (const page of context.pages()) if (page !== anchor) await page.close();
  await context.clearCookies();
  await context.clearPermissions();
}
