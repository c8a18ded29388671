// File names offered when a catalog is saved or downloaded.

import type { CatalogSide } from '../../shared/contracts';

/** "tools.json" → "tools.json" (original) / "tools.min.json" (compressed). */
export function exportFileName(name: string, which: CatalogSide): string {
  const base = name.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '_').trim() || 'catalog';
  const stem = base.replace(/\.json$/i, '').replace(/\.min$/i, '');
  return which === 'compressed' ? `${stem}.min.json` : `${stem}.json`;
}
