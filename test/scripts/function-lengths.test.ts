import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without type declarations
import { functionLengths, lengthReport } from '../../scripts/function-lengths.mjs';

const body = (lines: number) => Array.from({ length: lines }, (_, i) => `  const v${i} = ${i};`).join('\n');

describe('function-lengths', () => {
  it('measures declarations, arrows, methods and callbacks from first token to closing brace', () => {
    const text = [
      '// a comment above is not counted',
      'export function declared() {',
      body(3),
      '}',
      'const arrow = () => {',
      body(1),
      '};',
      'class Box {',
      '  method() {',
      body(2),
      '  }',
      '}',
      'export function outer() {',
      '  return run(() => 1);',
      '}',
    ].join('\n');
    expect(functionLengths('a.ts', text)).toEqual([
      { name: 'declared', line: 2, length: 5 },
      { name: 'arrow', line: 7, length: 3 },
      { name: 'method', line: 11, length: 4 },
      { name: 'outer', line: 16, length: 3 },
      { name: 'outer › callback', line: 17, length: 1 },
    ]);
  });

  it('parses TSX and lists only functions over the limit, with the counts over 100 and 150', () => {
    const root = mkdtempSync(join(tmpdir(), 'function-lengths-'));
    afterAll(() => rmSync(root, { recursive: true, force: true }));
    mkdirSync(join(root, 'src', 'deep'), { recursive: true });
    writeFileSync(join(root, 'src', 'deep', 'view.tsx'), `export function View() {\n${body(149)}\n  return <div />;\n}\n`);
    writeFileSync(join(root, 'src', 'short.ts'), `export function short() {\n${body(9)}\n}\n`);
    writeFileSync(join(root, 'src', 'skip.generated.ts'), `export function skipped() {\n${body(200)}\n}\n`);
    expect(lengthReport(root, ['src'], 10)).toEqual([
      ' 152  src/deep/view.tsx:1  View',
      '  11  src/short.ts:1  short',
      '2 functions over 10 lines',
      '1 functions over 100 lines',
      '1 functions over 150 lines',
    ]);
  });
});
