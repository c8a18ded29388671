// The browser host's stand-ins for native dialogs: a hidden file input for
// Open… (and for an MCP config file), and an anchor download for Save…. DOM only; the HTTP client gets
// them as parameters.

import type { CatalogFile } from '../lib/catalog-input';

/** Shows the browser's file picker for JSON files (several unless `multiple` is false); resolves [] when the person cancels. */
export function pickCatalogFiles(doc: Document = document, multiple = true): Promise<CatalogFile[]> {
  return new Promise((resolve) => {
    const input = doc.createElement('input');
    input.type = 'file';
    input.multiple = multiple;
    input.accept = '.json,application/json';
    input.hidden = true;
    let settled = false;
    const finish = (files: CatalogFile[]) => {
      if (settled) return;
      settled = true;
      input.remove();
      resolve(files);
    };
    input.addEventListener('change', () => finish(Array.from(input.files ?? [])));
    input.addEventListener('cancel', () => finish([]));
    doc.body.append(input);
    input.click();
  });
}

/** Downloads bytes as a file named fileName (the browser decides where it goes). */
export function downloadBytes(bytes: Uint8Array, fileName: string, doc: Document = document): void {
  const blob = new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const anchor = doc.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.hidden = true;
  doc.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Give the download a moment to start before the URL is released.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
