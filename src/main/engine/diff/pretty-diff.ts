// Pretty-prints a catalog and its shrunk output the same way, side by side,
// and records exactly where they differ. The output is the original with
// members dropped and descriptions rewritten, so walking both trees together
// gives the exact diff in one linear pass — no text diff of multi-MB files.

import { ARRAY, OBJECT, type JsonDocument, type JsonNode } from '../json/json-node';

export interface TextChange {
  fromA: number;
  toA: number;
  fromB: number;
  toB: number;
}

export interface ToolLines {
  name: string;
  originalLine: number;
  compressedLine: number;
}

export interface PrettyDiff {
  original: string;
  compressed: string;
  /** Ranges in `original` replaced by ranges of `compressed`; everything between is identical. */
  changes: TextChange[];
  tools: ToolLines[];
}

const INDENT = '  ';

/** A line on both sides (equal or not), or on one side only. */
type LineOp = { a: string; b: string } | { a: string; b?: undefined } | { a?: undefined; b: string };

/**
 * @param tools the tool nodes of `original` (in order, with names) and the
 *   matching tool nodes of `compressed`, so their first lines can be recorded.
 */
export function prettyDiff(
  original: JsonDocument,
  compressed: JsonDocument,
  tools: { name: string; original: JsonNode; compressed: JsonNode | undefined }[] = [],
): PrettyDiff {
  const ops: LineOp[] = [];
  const toolByNode = new Map(tools.map((tool) => [tool.original, tool.name]));
  const toolLines: ToolLines[] = [];
  let linesA = 0;
  let linesB = 0;
  const pushPair = (a: string, b: string) => {
    ops.push({ a, b });
    linesA++;
    linesB++;
  };
  const pushA = (a: string) => {
    ops.push({ a });
    linesA++;
  };
  const textA = original.text;
  const textB = compressed.text;
  const raw = (text: string, node: JsonNode) => text.slice(node.start, node.end);

  /** Prints one side only (a dropped member). */
  const printA = (node: JsonNode, indent: string, prefix: string, suffix: string): void => {
    if (node.kind === OBJECT && node.keys.length > 0) {
      pushA(`${indent}${prefix}{`);
      node.keys.forEach((key, i) => printA(node.values[i]!, indent + INDENT, `${raw(textA, key)}: `, i < node.keys.length - 1 ? ',' : ''));
      pushA(`${indent}}${suffix}`);
    } else if (node.kind === ARRAY && node.items.length > 0) {
      pushA(`${indent}${prefix}[`);
      node.items.forEach((item, i) => printA(item, indent + INDENT, '', i < node.items.length - 1 ? ',' : ''));
      pushA(`${indent}]${suffix}`);
    } else {
      pushA(`${indent}${prefix}${scalarText(textA, node)}${suffix}`);
    }
  };

  const printPair = (a: JsonNode, b: JsonNode, indent: string, prefix: string, suffixA: string, suffixB: string): void => {
    const tool = toolByNode.get(a);
    if (tool !== undefined) toolLines.push({ name: tool, originalLine: linesA + 1, compressedLine: linesB + 1 });
    if (a.kind === OBJECT && b.kind === OBJECT && a.keys.length > 0) {
      if (b.keys.length === 0) {
        // Every member was dropped: "{" … "}" on the left, "{}" on the right.
        pushPair(`${indent}${prefix}{`, `${indent}${prefix}{}${suffixB}`);
        a.keys.forEach((key, i) => printA(a.values[i]!, indent + INDENT, `${raw(textA, key)}: `, i < a.keys.length - 1 ? ',' : ''));
        pushA(`${indent}}${suffixA}`);
        return;
      }
      pushPair(`${indent}${prefix}{`, `${indent}${prefix}{`);
      let j = 0;
      a.keys.forEach((key, i) => {
        const keyText = raw(textA, key);
        const lastA = i === a.keys.length - 1;
        if (j < b.keys.length && raw(textB, b.keys[j]!) === keyText) {
          const lastB = j === b.keys.length - 1;
          printPair(a.values[i]!, b.values[j]!, indent + INDENT, `${keyText}: `, lastA ? '' : ',', lastB ? '' : ',');
          j++;
        } else {
          printA(a.values[i]!, indent + INDENT, `${keyText}: `, lastA ? '' : ',');
        }
      });
      pushPair(`${indent}}${suffixA}`, `${indent}}${suffixB}`);
      return;
    }
    if (a.kind === ARRAY && b.kind === ARRAY && a.items.length > 0 && a.items.length === b.items.length) {
      pushPair(`${indent}${prefix}[`, `${indent}${prefix}[`);
      a.items.forEach((item, i) => {
        const last = i === a.items.length - 1 ? '' : ',';
        printPair(item, b.items[i]!, indent + INDENT, '', last, last);
      });
      pushPair(`${indent}]${suffixA}`, `${indent}]${suffixB}`);
      return;
    }
    if (isScalarOrEmpty(a) && isScalarOrEmpty(b)) {
      pushPair(`${indent}${prefix}${scalarText(textA, a)}${suffixA}`, `${indent}${prefix}${scalarText(textB, b)}${suffixB}`);
      return;
    }
    // Shapes differ (never produced by the transform): show both whole.
    printA(a, indent, prefix, suffixA);
    printB(b, indent, prefix, suffixB);
  };

  const printB = (node: JsonNode, indent: string, prefix: string, suffix: string): void => {
    const lines: string[] = [];
    const walk = (n: JsonNode, ind: string, pre: string, suf: string) => {
      if (n.kind === OBJECT && n.keys.length > 0) {
        lines.push(`${ind}${pre}{`);
        n.keys.forEach((key, i) => walk(n.values[i]!, ind + INDENT, `${raw(textB, key)}: `, i < n.keys.length - 1 ? ',' : ''));
        lines.push(`${ind}}${suf}`);
      } else if (n.kind === ARRAY && n.items.length > 0) {
        lines.push(`${ind}${pre}[`);
        n.items.forEach((item, i) => walk(item, ind + INDENT, '', i < n.items.length - 1 ? ',' : ''));
        lines.push(`${ind}]${suf}`);
      } else lines.push(`${ind}${pre}${scalarText(textB, n)}${suf}`);
    };
    walk(node, indent, prefix, suffix);
    for (const line of lines) {
      ops.push({ b: line });
      linesB++;
    }
  };

  printPair(original.root, compressed.root, '', '', '', '');
  return { ...assemble(ops), tools: toolLines };
}

function isScalarOrEmpty(node: JsonNode): boolean {
  return (node.kind !== OBJECT && node.kind !== ARRAY) || (node.kind === OBJECT ? node.keys.length === 0 : node.items.length === 0);
}

function scalarText(text: string, node: JsonNode): string {
  if (node.kind === OBJECT) return '{}';
  if (node.kind === ARRAY) return '[]';
  return text.slice(node.start, node.end);
}

/** Joins the lines of each side and turns differing runs into character ranges. */
function assemble(ops: LineOp[]): { original: string; compressed: string; changes: TextChange[] } {
  const partsA: string[] = [];
  const partsB: string[] = [];
  const changes: TextChange[] = [];
  let posA = 0; // start of the next line on each side
  let posB = 0;
  let pending: TextChange | undefined; // a run of one-sided lines being collected

  const flush = () => {
    if (pending) changes.push(pending);
    pending = undefined;
  };
  const addLine = (parts: string[], line: string) => {
    parts.push(line);
  };

  for (const op of ops) {
    if (op.a !== undefined && op.b !== undefined) {
      flush();
      if (op.a !== op.b) changes.push(lineChange(op.a, op.b, posA, posB));
      addLine(partsA, op.a);
      addLine(partsB, op.b);
      posA += op.a.length + 1;
      posB += op.b.length + 1;
    } else if (op.a !== undefined) {
      // A whole line only on the left, newline included so the right side has no gap.
      pending ??= { fromA: posA, toA: posA, fromB: posB, toB: posB };
      pending.toA = posA + op.a.length + 1;
      addLine(partsA, op.a);
      posA += op.a.length + 1;
    } else {
      pending ??= { fromA: posA, toA: posA, fromB: posB, toB: posB };
      pending.toB = posB + op.b!.length + 1;
      addLine(partsB, op.b!);
      posB += op.b!.length + 1;
    }
  }
  flush();
  const original = partsA.join('\n');
  const compressed = partsB.join('\n');
  // Ranges that ran past the last line's (absent) newline end at the text's end.
  for (const change of changes) {
    change.toA = Math.min(change.toA, original.length);
    change.toB = Math.min(change.toB, compressed.length);
    change.fromA = Math.min(change.fromA, change.toA);
    change.fromB = Math.min(change.fromB, change.toB);
  }
  return { original, compressed, changes };
}

/** The differing middle of two lines (common prefix and suffix left out). */
function lineChange(a: string, b: string, posA: number, posB: number): TextChange {
  let prefix = 0;
  const max = Math.min(a.length, b.length);
  while (prefix < max && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
  // Never split a surrogate pair.
  if (prefix > 0 && isHigh(a.charCodeAt(prefix - 1))) prefix--;
  let suffix = 0;
  while (suffix < max - prefix && a.charCodeAt(a.length - 1 - suffix) === b.charCodeAt(b.length - 1 - suffix)) suffix++;
  if (suffix > 0 && isLow(a.charCodeAt(a.length - suffix))) suffix--;
  return { fromA: posA + prefix, toA: posA + a.length - suffix, fromB: posB + prefix, toB: posB + b.length - suffix };
}

function isHigh(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLow(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
