// The first diff drawn after the page opened compiled CodeMirror's code on the
// spot (the merge view, the JSON parser, the line measuring), on the page's
// main thread, right when a person waits for their result. Once the page is
// idle after it opened, a small diff is built once the way the real one is
// (merge-build.ts), out of sight and out of reach, drawn and measured for a
// frame and thrown away: the first real diff runs compiled code.

import { buildMergeView, type MergeText } from './merge-build';
import { CHANGE_FIELDS, DEFERRED, type ChangeRanges } from '../../../shared/ipc/change-ranges';
import { whenIdle } from './when-idle';

/** How long the page may stay busy after it opened before the warm-up runs anyway. */
const IDLE_TIMEOUT_MS = 2000;

/** A tool whose description was shortened and one left as it is, with enough unchanged lines between to collapse. */
export function prewarmText(): MergeText {
  const tool = (name: string, description: string) =>
    `  {\n    "name": "${name}",\n    "description": "${description}",\n    "inputSchema": {\n      "type": "object",\n` +
    `      "properties": {\n${Array.from({ length: 8 }, (_, index) => `        "field_${index}": { "type": "string" }`).join(',\n')}\n      }\n    }\n  }`;
  const long = 'Lists the entries. Use this when you need every entry at once, one page at a time.';
  const short = 'Lists the entries.';
  const rest = tool('warm_other', 'Reads one entry.');
  const original = `[\n${tool('warm_list', long)},\n${rest}\n]\n`;
  const compressed = `[\n${tool('warm_list', short)},\n${rest}\n]\n`;
  // The one change: the description's dropped tail, marked deferred so those marks are built too.
  const from = original.indexOf(long) + short.length;
  const changes: ChangeRanges = new Uint32Array(CHANGE_FIELDS);
  changes.set([from, from + long.length - short.length, from, from, DEFERRED]);
  return { original, compressed, changes, firstLineA: 1, firstLineB: 1 };
}

/** Builds, draws and drops one small diff once the page is idle; the returned function cancels what has not run yet. */
export function prewarmDiff(): () => void {
  let cancelled = false;
  let destroy: (() => void) | undefined;
  const drop = () => {
    const done = destroy;
    destroy = undefined;
    done?.();
  };
  const run = () => {
    if (cancelled) return;
    // In the viewport (CodeMirror draws and measures only what intersects it) but invisible, inert and closed to queries.
    const host = document.createElement('div');
    host.setAttribute('aria-hidden', 'true');
    host.inert = true;
    Object.assign(host.style, { position: 'fixed', left: '0', top: '0', width: '720px', height: '360px', opacity: '0', pointerEvents: 'none', zIndex: '-1' });
    document.body.append(host);
    const root = host.attachShadow({ mode: 'closed' });
    const parent = document.createElement('div');
    parent.style.height = '100%';
    root.append(parent);
    try {
      const view = buildMergeView(prewarmText(), { root, parent, collapse: true, wrap: true, dark: false, onFind: () => undefined, onMatch: () => undefined });
      destroy = () => {
        view.destroy();
        host.remove();
      };
    } catch {
      host.remove();
      return;
    }
    // Dropped after the frame that drew and measured it.
    requestAnimationFrame(() => setTimeout(drop, 0));
  };
  const cancel = whenIdle(run, IDLE_TIMEOUT_MS);
  return () => {
    cancelled = true;
    cancel();
    drop();
  };
}
