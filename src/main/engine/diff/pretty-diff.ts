// Pretty-prints a catalog and its shrunk output the same way, side by side,
// and records exactly where they differ. The output is the original with
// members dropped and descriptions rewritten, so walking both trees together
// gives the exact diff in one linear pass — no text diff of multi-MB files.

import { ARRAY, OBJECT, STRING, itemAt, keyAt, valueAt, type JsonDocument, type NodeId } from '../json/json-node';
import { NO_PROGRESS, perTool, span, type Progress } from '../tool-progress';
import { CHANGE_FIELDS, DEFERRED, type ChangeRanges } from '../../../shared/ipc/change-ranges';

/** Laying the tools out takes most of the diff's time; putting the texts together the rest. */
const LAYOUT_SHARE = 0.6;
/** How often (in lines, minus one) assembling the texts reports its progress. */
const ASSEMBLE_REPORT_MASK = (1 << 16) - 1;

export interface ToolLines {
  name: string;
  originalLine: number;
  compressedLine: number;
}

export interface PrettyDiff {
  original: string;
  compressed: string;
  /**
   * Ranges in `original` replaced by ranges of `compressed`, in characters;
   * everything between is identical. Flagged DEFERRED: description text a
   * marked tool lost at a deferral level, one describe call away, not dropped
   * (docs/levels.md).
   */
  changes: ChangeRanges;
  tools: ToolLines[];
}

const INDENT = '  ';

/** A line on both sides (equal or not), or on one side only; `deferred`: it shows description text a marked tool deferred. */
type LineOp = ({ a: string; b: string } | { a: string; b?: undefined } | { a?: undefined; b: string }) & { deferred?: true };

/**
 * @param tools the tool nodes of `original` (in order, with names), so their
 *   first lines can be recorded on both sides.
 * @param onProgress hears those tools laid out, then the two texts put together.
 * @param deferringTools the tools (by index in `tools`) that carry the deferral
 *   marker at a deferral level: what their descriptions lost is marked deferred.
 */
export function prettyDiff(
  original: JsonDocument,
  compressed: JsonDocument,
  tools: { name: string; original: NodeId }[] = [],
  onProgress: Progress = NO_PROGRESS,
  deferringTools: ReadonlySet<number> = new Set(),
): PrettyDiff {
  const layout = new DiffLayout(original, compressed, tools, deferringTools, perTool(span(onProgress, 0, LAYOUT_SHARE), tools.length));
  layout.printPair(original.root, compressed.root, '', '', '', '');
  return { ...assemble(layout.ops, span(onProgress, LAYOUT_SHARE, 1)), tools: layout.toolLines };
}

const raw = (doc: JsonDocument, node: NodeId) => doc.text.slice(doc.start[node], doc.end[node]);
const count = (doc: JsonDocument, node: NodeId) => doc.count[node]!;
const isEmptyOrScalar = (doc: JsonDocument, node: NodeId) => (doc.kind[node] !== OBJECT && doc.kind[node] !== ARRAY) || count(doc, node) === 0;
const scalarText = (doc: JsonDocument, node: NodeId) => (doc.kind[node] === OBJECT ? '{}' : doc.kind[node] === ARRAY ? '[]' : raw(doc, node));

/** Lays both trees out line by line, walking them together: A is the original, B the compressed output. */
class DiffLayout {
  readonly ops: LineOp[] = [];
  readonly toolLines: ToolLines[] = [];
  private linesA = 0;
  private linesB = 0;
  /** Inside a tool that deferred text (set while its subtree is laid out). */
  private deferring = false;
  /** Inside a removed description of such a tool (its lines are deferred too). */
  private deferringOne = false;
  private readonly toolByNode: Map<NodeId, { name: string; index: number }>;

  constructor(
    private readonly A: JsonDocument,
    private readonly B: JsonDocument,
    tools: readonly { name: string; original: NodeId }[],
    private readonly deferringTools: ReadonlySet<number>,
    private readonly onTool: (index: number) => void,
  ) {
    this.toolByNode = new Map(tools.map((tool, index) => [tool.original, { name: tool.name, index }]));
  }

  private pushPair(a: string, b: string, deferred = false): void {
    this.ops.push(deferred ? { a, b, deferred } : { a, b });
    this.linesA++;
    this.linesB++;
  }

  private pushOne(side: 'a' | 'b', line: string): void {
    if (side === 'a') {
      this.ops.push(this.deferringOne ? { a: line, deferred: true } : { a: line });
      this.linesA++;
    } else {
      this.ops.push({ b: line });
      this.linesB++;
    }
  }

  /** Prints a subtree on one side only (a dropped member, or shapes that differ). */
  private printOne(side: 'a' | 'b', doc: JsonDocument, node: NodeId, indent: string, prefix: string, suffix: string): void {
    const n = count(doc, node);
    if (doc.kind[node] === OBJECT && n > 0) {
      this.pushOne(side, `${indent}${prefix}{`);
      for (let i = 0; i < n; i++) this.printOne(side, doc, valueAt(doc, node, i), indent + INDENT, `${raw(doc, keyAt(doc, node, i))}: `, i < n - 1 ? ',' : '');
      this.pushOne(side, `${indent}}${suffix}`);
    } else if (doc.kind[node] === ARRAY && n > 0) {
      this.pushOne(side, `${indent}${prefix}[`);
      for (let i = 0; i < n; i++) this.printOne(side, doc, itemAt(doc, node, i), indent + INDENT, '', i < n - 1 ? ',' : '');
      this.pushOne(side, `${indent}]${suffix}`);
    } else {
      this.pushOne(side, `${indent}${prefix}${scalarText(doc, node)}${suffix}`);
    }
  }

  /** Prints a pair of nodes side by side; a tool's node records its first lines and whether it deferred text. */
  printPair(a: NodeId, b: NodeId, indent: string, prefix: string, suffixA: string, suffixB: string): void {
    const tool = this.toolByNode.get(a);
    if (tool !== undefined) {
      this.toolLines.push({ name: tool.name, originalLine: this.linesA + 1, compressedLine: this.linesB + 1 });
      this.onTool(this.toolLines.length - 1);
      const outer = this.deferring;
      this.deferring = this.deferringTools.has(tool.index);
      this.printPairIn(a, b, indent, prefix, suffixA, suffixB);
      this.deferring = outer;
      return;
    }
    this.printPairIn(a, b, indent, prefix, suffixA, suffixB);
  }

  /** Whether the member `key` of a tool that deferred text holds description text (a string `description`). */
  private isDeferredText(doc: JsonDocument, key: string, value: NodeId): boolean {
    return this.deferring && key === '"description"' && doc.kind[value] === STRING;
  }

  private printPairIn(a: NodeId, b: NodeId, indent: string, prefix: string, suffixA: string, suffixB: string): void {
    const { A, B } = this;
    const na = count(A, a);
    if (A.kind[a] === OBJECT && B.kind[b] === OBJECT && na > 0) {
      this.printObjects(a, b, indent, prefix, suffixA, suffixB);
      return;
    }
    if (A.kind[a] === ARRAY && B.kind[b] === ARRAY && na > 0 && na === count(B, b)) {
      this.pushPair(`${indent}${prefix}[`, `${indent}${prefix}[`);
      for (let i = 0; i < na; i++) {
        const last = i === na - 1 ? '' : ',';
        this.printPair(itemAt(A, a, i), itemAt(B, b, i), indent + INDENT, '', last, last);
      }
      this.pushPair(`${indent}]${suffixA}`, `${indent}]${suffixB}`);
      return;
    }
    if (isEmptyOrScalar(A, a) && isEmptyOrScalar(B, b)) {
      this.pushPair(`${indent}${prefix}${scalarText(A, a)}${suffixA}`, `${indent}${prefix}${scalarText(B, b)}${suffixB}`);
      return;
    }
    // Shapes differ (never produced by the transform): show both whole.
    this.printOne('a', A, a, indent, prefix, suffixA);
    this.printOne('b', B, b, indent, prefix, suffixB);
  }

  /** Two non-empty objects: B's members are A's in order, some dropped; a member kept on both sides pairs up. */
  private printObjects(a: NodeId, b: NodeId, indent: string, prefix: string, suffixA: string, suffixB: string): void {
    const { A, B } = this;
    const na = count(A, a);
    const nb = count(B, b);
    if (nb === 0) {
      // Every member was dropped: "{" … "}" on the left, "{}" on the right.
      this.pushPair(`${indent}${prefix}{`, `${indent}${prefix}{}${suffixB}`);
      for (let i = 0; i < na; i++) this.printOne('a', A, valueAt(A, a, i), indent + INDENT, `${raw(A, keyAt(A, a, i))}: `, i < na - 1 ? ',' : '');
      this.pushOne('a', `${indent}}${suffixA}`);
      return;
    }
    this.pushPair(`${indent}${prefix}{`, `${indent}${prefix}{`);
    let j = 0;
    for (let i = 0; i < na; i++) {
      const keyText = raw(A, keyAt(A, a, i));
      const lastA = i === na - 1;
      const valueA = valueAt(A, a, i);
      if (j < nb && raw(B, keyAt(B, b, j)) === keyText) {
        const valueB = valueAt(B, b, j);
        if (this.isDeferredText(A, keyText, valueA) && B.kind[valueB] === STRING)
          this.pushPair(
            `${indent + INDENT}${keyText}: ${raw(A, valueA)}${lastA ? '' : ','}`,
            `${indent + INDENT}${keyText}: ${raw(B, valueB)}${j === nb - 1 ? '' : ','}`,
            true,
          );
        else this.printPair(valueA, valueB, indent + INDENT, `${keyText}: `, lastA ? '' : ',', j === nb - 1 ? '' : ',');
        j++;
      } else {
        this.deferringOne = this.isDeferredText(A, keyText, valueA);
        this.printOne('a', A, valueA, indent + INDENT, `${keyText}: `, lastA ? '' : ',');
        this.deferringOne = false;
      }
    }
    this.pushPair(`${indent}}${suffixA}`, `${indent}}${suffixB}`);
  }
}

/** Joins the lines of each side and turns differing runs into character ranges. */
function assemble(ops: LineOp[], onProgress: Progress): { original: string; compressed: string; changes: ChangeRanges } {
  const partsA: string[] = [];
  const partsB: string[] = [];
  // CHANGE_FIELDS numbers per change, as they are found.
  const numbers: number[] = [];
  let posA = 0; // start of the next line on each side
  let posB = 0;
  // Where the run of one-sided lines being collected starts in `numbers` (-1: none), and whether it is deferred text.
  let pending = -1;
  let pendingDeferred = false;
  const open = (deferred: boolean) => {
    pending = numbers.length;
    pendingDeferred = deferred;
    numbers.push(posA, posA, posB, posB, deferred ? DEFERRED : 0);
  };

  // The joins at the end take about as long as the walk over the lines.
  const walked = span(onProgress, 0, 0.5);
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i]!;
    if ((i & ASSEMBLE_REPORT_MASK) === 0) walked(i / ops.length);
    if (op.a !== undefined && op.b !== undefined) {
      pending = -1;
      if (op.a !== op.b) pushLineChange(numbers, op.a, op.b, posA, posB, op.deferred === true);
      partsA.push(op.a);
      partsB.push(op.b);
      posA += op.a.length + 1;
      posB += op.b.length + 1;
    } else if (op.a !== undefined) {
      // A whole line only on the left, newline included so the right side has no gap; a deferred run is its own change.
      if (pending < 0 || pendingDeferred !== (op.deferred === true)) open(op.deferred === true);
      numbers[pending + 1] = posA + op.a.length + 1;
      partsA.push(op.a);
      posA += op.a.length + 1;
    } else {
      if (pending < 0 || pendingDeferred) open(false);
      numbers[pending + 3] = posB + op.b!.length + 1;
      partsB.push(op.b!);
      posB += op.b!.length + 1;
    }
  }
  const original = partsA.join('\n');
  onProgress(0.75);
  const compressed = partsB.join('\n');
  onProgress(1);
  // Ranges that ran past the last line's (absent) newline end at the text's end.
  const changes = Uint32Array.from(numbers);
  for (let i = 0; i < changes.length; i += CHANGE_FIELDS) {
    changes[i + 1] = Math.min(changes[i + 1]!, original.length);
    changes[i + 3] = Math.min(changes[i + 3]!, compressed.length);
    changes[i] = Math.min(changes[i]!, changes[i + 1]!);
    changes[i + 2] = Math.min(changes[i + 2]!, changes[i + 3]!);
  }
  return { original, compressed, changes };
}

/** Adds the differing middle of two lines (common prefix and suffix left out) as a change. */
function pushLineChange(numbers: number[], a: string, b: string, posA: number, posB: number, deferred: boolean): void {
  let prefix = 0;
  const max = Math.min(a.length, b.length);
  while (prefix < max && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
  // Never split a surrogate pair.
  if (prefix > 0 && isHigh(a.charCodeAt(prefix - 1))) prefix--;
  let suffix = 0;
  while (suffix < max - prefix && a.charCodeAt(a.length - 1 - suffix) === b.charCodeAt(b.length - 1 - suffix)) suffix++;
  if (suffix > 0 && isLow(a.charCodeAt(a.length - suffix))) suffix--;
  numbers.push(posA + prefix, posA + a.length - suffix, posB + prefix, posB + b.length - suffix, deferred ? DEFERRED : 0);
}

function isHigh(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLow(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
