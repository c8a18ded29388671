// Per-tool originals: found from the handle and the
// tool's name, byte-exact slices of the stored original (odd spacing,
// number lexemes, integer-like keys and escapes included), from the library
// and from a fresh CLI process; and the precise meaning of "shortened".

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CavemanError, recoverTool, recoverTools, shrink } from '../../../src/main/lib';
import { PassThrough, Readable, Writable } from 'node:stream';
import { runProgram } from '../../../src/main/cli/program';
import { runCommand } from '../../helpers/cli';

let dir: string;
let store: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'caveman-tool-'));
  store = join(dir, 'ccr.db');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const LONG =
  'Searches the archive for matching records and returns them in pages. ' +
  'It was written for the first archive service and has been kept ever since for compatibility reasons. ' +
  'Nobody needs this sentence to call the tool, which is why it can go.';

/** Tools written by hand, with the spacing and lexemes a re-serialiser would change. */
const SEARCH =
  `{ "name" : "search",\n    "description": ${JSON.stringify(LONG)},\n    "inputSchema": {"type":"object",` +
  `"properties":{"10":{"type":"number","default":1.50},"2":{"type":"string",` +
  `"description":"caf\\u00e9 \\ud83d\\ude00"}}}}`;
const TITLED =
  `{"name":"titled","title":"A title","description":"Short and whole.","inputSchema":{"type":"object",` +
  `"title":"dropped","properties":{"q":{"type":"string","examples":["x"],"description":""}}}}`;
const NESTED =
  `{"name":"nested","description":"Short.","inputSchema":{"type":"object",` +
  `"properties":{"description":{"type":"string","description":${JSON.stringify(LONG)}}}}}`;
const CATALOG = `{"tools": [\n  ${SEARCH},\n  ${TITLED}, ${NESTED}\n]}\n`;

async function stored(): Promise<string> {
  const { result, error } = await shrink(CATALOG, { store });
  expect(error).toBeUndefined();
  return result.recovery_handle!;
}

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

describe('per-tool originals', () => {
  it("gives each tool's exact source text, marking the ones whose descriptions were cut", async () => {
    const handle = await stored();
    expect(recoverTools(handle, { store })).toEqual([
      // Its own description stays whole at facts (a client's tool search reads it), and its schema's are short: complete.
      { name: 'search', text: SEARCH, shortened: false },
      // Only a title, examples and an empty description were dropped: complete.
      { name: 'titled', text: TITLED, shortened: false },
      // A schema description (of a property named "description") was cut: shortened.
      { name: 'nested', text: NESTED, shortened: true },
    ]);
    const search = recoverTool(handle, 'search', { store });
    expect(Buffer.from(search.original).equals(Buffer.from(SEARCH, 'utf8'))).toBe(true);
    expect(search.shortened).toBe(false);
    expect(recoverTool(handle, 'nested', { store }).shortened).toBe(true);
  });

  it('an unknown tool or handle is cave_not_found, naming the tools there are', async () => {
    const handle = await stored();
    expect(() => recoverTool(handle, 'nope', { store })).toThrow(
      new CavemanError('cave_not_found', `no tool named "nope" in ${handle}; its tools are: search, titled, nested`),
    );
    expect(() => recoverTool('ccr_00000000000000000000000000000000', 'search', { store })).toThrow(
      expect.objectContaining({ code: 'cave_not_found' }) as Error,
    );
  });

  it('caveman-shrink recover HANDLE --tool NAME writes the bytes; an unknown name exits 1 with the names', async () => {
    const handle = await stored();
    const run = await runCommand(['recover', handle, '--tool', 'nested', '--store', store]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.equals(Buffer.from(NESTED, 'utf8'))).toBe(true);
    const unknown = await runCommand(['recover', handle, '--tool', 'nope', '--store', store]);
    expect(unknown.status).toBe(1);
    expect(unknown.stdout.length).toBe(0);
    expect(unknown.stderr).toBe(`caveman-shrink recover: no tool named "nope" in ${handle}; its tools are: search, titled, nested\n`);
    expect(text((await runCommand(['recover', handle, '--store', store])).stdout)).toBe(CATALOG);
  });

  it('recover --tool ends with a newline on a terminal only: piped, the bytes are exact', async () => {
    const handle = await stored();
    const written: Buffer[] = [];
    const terminal = Object.assign(new Writable({ write: (chunk: Buffer, _encoding, done) => (written.push(Buffer.from(chunk)), done()) }), { isTTY: true });
    const io = { stdin: Readable.from([]), stdout: terminal, stderr: new PassThrough() };
    expect(await runProgram([process.execPath, 'caveman-shrink', 'recover', handle, '--tool', 'nested', '--store', store], { io })).toBe(0);
    expect(Buffer.concat(written).toString('utf8')).toBe(`${NESTED}\n`);
    const piped = await runCommand(['recover', handle, '--tool', 'nested', '--store', store]);
    expect(text(piped.stdout)).toBe(NESTED);
  });
});
