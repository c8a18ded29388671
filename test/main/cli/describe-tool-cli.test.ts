// shrink --describe-tool: the describe tool's definition
// after the shrunk catalog's tools, in the shape of its tools, counted in the
// report line; not added when no tool was shortened.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeToolDefinition, shrink } from '../../../src/main/lib';
import { validatorFor, describeErrors } from '../../../src/main/contracts/contract-validator';
import { countTokens } from '../../../src/main/engine/tokens/count-tokens';
import { CONTRACT_IDS } from '../../../src/shared/contracts';
import { realFixtures } from '../../helpers/fixtures';
import { runCommand, tempStore } from '../../helpers/cli';

let store: ReturnType<typeof tempStore>;
beforeEach(() => {
  store = tempStore();
});
afterEach(() => store.cleanup());

const validLine = validatorFor(CONTRACT_IDS.cliShrinkLine);
const lines = (stderr: string) => stderr.trimEnd().split('\n');

describe('shrink --describe-tool', () => {
  it('adds the definition after the tools and counts it in the report line', async () => {
    const { path, text } = realFixtures().find((f) => f.name === 'mcp-server-fetch.json')!;
    const run = await runCommand(['shrink', '--level', 'leads', '--describe-tool', path], { env: { CAVEMAN_CCR_DB: store.db } });
    expect(run.status).toBe(0);
    const stdout = run.stdout.toString('utf8');
    const plain = (await shrink(text, { store: ':memory:', level: 'leads' })).result;
    const definition = JSON.stringify(describeToolDefinition());
    expect(stdout).toBe(`${Buffer.from(plain.output).toString('utf8').slice(0, -2)},${definition}]}`);
    const report = JSON.parse(lines(run.stderr)[0]!) as { tokens_after: number; describe_tool: { name: string; tokens: number } };
    expect(validLine(report), describeErrors(validLine.errors)).toBe(true);
    expect(report.tokens_after).toBe(countTokens(stdout, 'o200k_base'));
    expect(report.describe_tool).toEqual({ name: 'caveman_describe', tokens: report.tokens_after - plain.tokens_after });
  });

  it('writes it as an OpenAI function in an OpenAI catalog', async () => {
    const long =
      'Looks up one stored parcel by its code. It was written for the first depot and is kept for old clients. Nobody needs this sentence to call it.';
    const catalog = JSON.stringify(
      [{ type: 'function', function: { name: 'find_parcel', description: long, parameters: { type: 'object', properties: { code: { type: 'string' } } } } }],
      null,
      2,
    );
    const run = await runCommand(['shrink', '--level', 'signatures', '--describe-tool'], { input: catalog, env: { CAVEMAN_CCR_DB: store.db } });
    const tools = JSON.parse(run.stdout.toString('utf8')) as { type: string; function: { name: string } }[];
    const { name, description, inputSchema } = describeToolDefinition();
    expect(tools.at(-1)).toEqual({ type: 'function', function: { name, description, parameters: inputSchema } });
    expect(tools[0]!.function.name).toBe('find_parcel');
  });

  it('adds nothing when no tool was shortened, and says so after the report line', async () => {
    const { path, text } = realFixtures().find((f) => f.name === 'server-github.json')!;
    const run = await runCommand(['shrink', '--describe-tool', path], { env: { CAVEMAN_CCR_DB: store.db } });
    expect(run.stdout.equals(Buffer.from((await shrink(text, { store: ':memory:' })).result.output))).toBe(true);
    expect(lines(run.stderr)[1]).toBe('caveman-shrink: --describe-tool: not added (no tool was shortened, so there is nothing to describe)');
  });
});
