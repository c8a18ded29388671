// Lists the long functions under src/ so a split can be planned and its effect counted: every
// function, arrow, method, accessor and constructor in src/**/*.ts(x), measured in source lines
// from its first token to its closing brace (a nested function counts inside its parent too).
//   node scripts/function-lengths.mjs [--over N] [dir…]
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const LISTED_OVER = 80;
const COUNTED_OVER = [100, 150];
const SKIPPED = /\.generated\.|\.d\.ts$/;

/** @returns {{ name: string, line: number, length: number }[]} every function-like node of one file. */
export function functionLengths(fileName, text) {
  const kind = fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const found = [];
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ name: functionName(node), line: first + 1, length: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The name a reader would search for: the declaration's own, or the variable or property holding it. */
function functionName(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  if (node.name) return node.name.getText();
  const holder = node.parent;
  if (holder && (ts.isVariableDeclaration(holder) || ts.isPropertyAssignment(holder)) && ts.isIdentifier(holder.name)) {
    return holder.name.text;
  }
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  for (let outer = holder; outer; outer = outer.parent) {
    if (ts.isFunctionLike(outer)) return `${functionName(outer)} › callback`;
  }
  return '(anonymous)';
}

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !SKIPPED.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** The report as lines: the functions over `listedOver`, longest first, then one count per threshold. */
export function lengthReport(root, dirs, listedOver = LISTED_OVER) {
  const all = dirs.flatMap((dir) =>
    sourceFiles(join(root, dir)).flatMap((file) => functionLengths(file, readFileSync(file, 'utf8')).map((fn) => ({ ...fn, file: relative(root, file) }))),
  );
  const listed = all.filter((fn) => fn.length > listedOver).sort((a, b) => b.length - a.length);
  return [
    ...listed.map((fn) => `${String(fn.length).padStart(4)}  ${fn.file}:${fn.line}  ${fn.name}`),
    `${listed.length} functions over ${listedOver} lines`,
    ...COUNTED_OVER.map((limit) => `${all.filter((fn) => fn.length > limit).length} functions over ${limit} lines`),
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const overAt = args.indexOf('--over');
  const listedOver = overAt >= 0 ? Number(args.splice(overAt, 2)[1]) : LISTED_OVER;
  if (!Number.isInteger(listedOver)) throw new Error('--over takes a whole number of lines');
  const root = join(fileURLToPath(import.meta.url), '..', '..');
  console.log(lengthReport(root, args.length > 0 ? args : ['src'], listedOver).join('\n'));
}
