// What the harness reads from the requests a client sent: a load's tokens
// are its result blocks and the definitions the client lists from then on
// (not the reminders it adds, nor what the request already held), of which
// the server's own definitions are told apart, counted with the ids a client
// makes up each run held fixed.

import { describe, expect, it } from 'vitest';
import { CATALOGS } from '../../../scripts/clients/catalogs';
import { CLAUDE_CODE } from '../../../scripts/clients/drivers/claude-code';
import type { RecordedRequest } from '../../../scripts/clients/fake-model/fake-model-server';
import { readSession, requestTokens } from '../../../scripts/clients/read-session';
import type { Session } from '../../../scripts/clients/run-session';

const builtIn = { name: 'Bash', description: 'Runs a command.', input_schema: { type: 'object' } };
const loaded = {
  name: 'mcp__fs__read_file',
  description: 'Read a file.',
  input_schema: { type: 'object', properties: { path: { type: 'string' } } },
  defer_loading: true,
};
const toolUse = { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'ToolSearch', input: { query: 'select:mcp__fs__read_file' } }] };
const result = { type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'tool_reference', tool_name: 'mcp__fs__read_file' }] };
const reminder = { type: 'text', text: 'The user has not heard from you in a while.' };

function request(turn: number, step: number | undefined, body: object): RecordedRequest {
  return { path: '/v1/messages', body: JSON.stringify(body), turn, step, receivedMs: turn * 100, answeredMs: turn * 100 + 10 };
}

const first = { system: [{ type: 'text', text: 'Deferred tools:\nBash\nmcp__fs__read_file' }], messages: [{ role: 'user', content: 'go' }], tools: [builtIn] };
const second = { messages: [...first.messages, toolUse, { role: 'user', content: [result, reminder] }], tools: [builtIn, loaded] };

function session(requests: RecordedRequest[]): Session {
  return {
    driver: CLAUDE_CODE,
    catalog: CATALOGS[1]!,
    variant: 'leads',
    server: { name: 'fs', argv: ['server'] },
    reference: { tools: new Map(), callAnswer: [] },
    routed: undefined,
    steps: [{ kind: 'load-name', tool: 'read_file' }],
    requests,
    exitCode: 0,
    outputTail: '',
  };
}

describe('readSession', () => {
  it('counts a load as its result block and the newly listed definition, and finds the tool it loaded', () => {
    const reading = readSession(session([request(0, 0, first), request(1, undefined, second)]));
    expect(reading.firstShowsServer).toBe(true);
    expect(reading.upfrontTokens).toBe(requestTokens('mcp__fs__read_file'));
    expect(reading.steps).toEqual([
      {
        step: { kind: 'load-name', tool: 'read_file' },
        answered: true,
        addedTokens: requestTokens(JSON.stringify(result)) + requestTokens(JSON.stringify(loaded)),
        serverTokens: requestTokens(JSON.stringify(loaded)),
        texts: [],
        found: ['read_file'],
        roundTripMs: 90,
      },
    ]);
  });

  it('tells the server’s loaded tools from the client’s own a search loaded with them', () => {
    const own = { name: 'CronList', description: 'Lists scheduled jobs.', input_schema: { type: 'object' }, defer_loading: true };
    const both = { ...second, tools: [builtIn, loaded, own] };
    const [step] = readSession(session([request(0, 0, first), request(1, undefined, both)])).steps;
    expect(step).toMatchObject({ serverTokens: requestTokens(JSON.stringify(loaded)) });
    expect(step!.addedTokens - step!.serverTokens!).toBe(requestTokens(JSON.stringify(result)) + requestTokens(JSON.stringify(own)));
  });

  it('reads the last attempt of a first step taken again, and a step never answered as such', () => {
    const retried = { messages: [...first.messages, toolUse, { role: 'user', content: [{ ...result, content: [] }] }], tools: [builtIn] };
    const third = { ...second, messages: [...retried.messages, toolUse, { role: 'user', content: [result] }] };
    expect(readSession(session([request(0, 0, first), request(1, 0, retried), request(2, undefined, third)])).steps[0]).toMatchObject({
      found: ['read_file'],
      roundTripMs: 90,
    });
    expect(readSession(session([request(0, 0, first)])).steps[0]).toMatchObject({ answered: false, found: [] });
  });

  it('counts upfront every server tool the first showing request names, a loaded one too (the client no longer lists it as deferred)', () => {
    const late = { ...second, system: [{ type: 'text', text: 'Now available:\nmcp__fs__write_file' }] };
    const reading = readSession(session([request(0, 0, { ...first, system: [] }), request(1, undefined, late)]));
    expect(reading.firstShowsServer).toBe(false);
    expect(reading.upfrontTokens).toBe(requestTokens('mcp__fs__read_file\\nmcp__fs__write_file'));
  });

  it('holds a run’s own ids fixed when counting: two runs that differ only in them count the same', () => {
    const a = '{"session":"01a24300-7561-7f81-9ad4-ed7f6d6657dc","call":"mcp_fs_list_1796422518654_0"}';
    const b = '{"session":"9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d","call":"mcp_fs_list_1796422519999_0"}';
    expect(requestTokens(a)).toBe(requestTokens(b));
  });
});
