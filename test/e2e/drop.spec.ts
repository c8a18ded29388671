// Dragging files over the window: the drop target hides the page under it,
// so its words do not compete with the page's text.

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, fixture, REPO, test } from './app-fixture';
import { layeredOpacity } from './layout-probes';

const SHOTS = join(REPO, 'test-results', 'drop');
mkdirSync(SHOTS, { recursive: true });

for (const scheme of ['light', 'dark'] as const) {
  test(`files dragged over a loaded catalog, in ${scheme}: the overlay hides the page`, async ({ app }) => {
    const { page } = app;
    await page.emulateMedia({ colorScheme: scheme });
    for (const size of [
      { width: 1024, height: 700 },
      { width: 1440, height: 900 },
    ]) {
      await page.setViewportSize(size);
      const github = fixture('github-mcp-server.json');
      await app.dropFiles([{ name: github.name, bytes: github.bytes }]);
      await expect(page.getByRole('region', { name: 'Summary' })).toContainText(/ccr_[0-9a-f]{32}/);
      const dataTransfer = await page.evaluateHandle(() => {
        const transfer = new DataTransfer();
        transfer.items.add(new File(['{}'], 'catalog.json', { type: 'application/json' }));
        return transfer;
      });
      await page.dispatchEvent('body', 'dragenter', { dataTransfer });
      await expect(page.getByText('Drop catalog files to shrink them')).toBeVisible();
      // The card covers all but a margin and is opaque (it let the summary's figures show through); the margin is nearly so, and blurred.
      expect(await layeredOpacity(page, ['.drop-overlay', '.drop-card'])).toBe(1);
      expect(await layeredOpacity(page, ['.drop-overlay'])).toBeGreaterThanOrEqual(0.9);
      expect(await page.locator('.drop-overlay').evaluate((overlay) => getComputedStyle(overlay).backdropFilter)).toMatch(/blur/);
      await page.screenshot({ path: join(SHOTS, `overlay-${scheme}-${size.width}x${size.height}.png`) });
      await page.dispatchEvent('body', 'dragleave', { dataTransfer });
      await expect(page.getByText('Drop catalog files to shrink them')).toBeHidden();
    }
  });
}
