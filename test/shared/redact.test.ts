import { describe, expect, it } from 'vitest';
import { REDACTED, isSecretName, redactArgs, redactEntries, redactHeaderValue, redactText, redactUrl, redactedCommandLine } from '../../src/shared/redact';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';

describe('isSecretName', () => {
  it.each(['API_KEY', 'GITHUB_TOKEN', 'client_secret', 'PASSWORD', 'db-passwd', 'Authorization', 'X-Api-Key', 'apiKey', 'accesstoken', 'Cookie', 'sig'])(
    '%s names a secret',
    (name) => expect(isSecretName(name)).toBe(true),
  );
  it.each(['PATH', 'HOME', 'max-tokens', 'tokenizer', 'keyword', 'author', 'level', 'Content-Type', 'NODE_OPTIONS'])('%s does not', (name) =>
    expect(isSecretName(name)).toBe(false),
  );
});

describe('redactUrl', () => {
  it('hides user:pass@ and every query value, keeping the names, the host and the path', () => {
    expect(redactUrl('https://alice:hunter2@mcp.example.com:8443/mcp?token=abc123&region=eu#top')).toBe(
      'https://***@mcp.example.com:8443/mcp?token=***&region=***#top',
    );
    expect(redactUrl(`http://127.0.0.1:3001/sse?${JWT}&empty=`)).toBe('http://127.0.0.1:3001/sse?***&empty=');
  });

  it('hides the values of a fragment that carries parameters, not an anchor', () => {
    expect(redactUrl('https://h/cb#access_token=abc&state=1')).toBe('https://h/cb#access_token=***&state=***');
    expect(redactUrl('https://h/docs#install')).toBe('https://h/docs#install');
  });

  it('leaves a URL without secrets, and text that is no URL, byte for byte', () => {
    for (const url of ['https://mcp.example.com/mcp', 'http://[::1]:80/a/b', 'not a url?x=1', 'mailto:a@b.c']) expect(redactUrl(url)).toBe(url);
  });
});

describe('redactArgs', () => {
  it('hides the value after an option named like a secret, and after =', () => {
    expect(redactArgs(['server.js', '--api-key', 'k1', '--token=t1', '--password', 'p', '--mode', 'exit'])).toEqual([
      'server.js',
      '--api-key',
      REDACTED,
      '--token=***',
      '--password',
      REDACTED,
      '--mode',
      'exit',
    ]);
  });

  it('hides Authorization headers (keeping the scheme) and secret env pairs', () => {
    expect(redactArgs(['-H', 'Authorization: Bearer abc.def', '--header=X-Api-Key: k', '-e', 'GITHUB_TOKEN=ghp_x', 'DEBUG=1'])).toEqual([
      '-H',
      'Authorization: Bearer ***',
      '--header=X-Api-Key: ***',
      '-e',
      'GITHUB_TOKEN=***',
      'DEBUG=1',
    ]);
  });

  it('hides well-known token shapes and URL credentials wherever they stand', () => {
    expect(redactArgs(['sk-abcdefghijklmnopqrstuvwx', 'ghp_abcdefghijklmnopqrstuvwxyz0123', JWT, 'https://u:p@h/x'])).toEqual([
      REDACTED,
      REDACTED,
      REDACTED,
      'https://***@h/x',
    ]);
  });

  it('keeps what is no secret: flags, counts, paths to a secret, --no-auth, our own options', () => {
    const words = ['--no-auth', 'server.js', '--token-file', '/run/token', '--max-tokens', '100', '--tokenizer', 'o200k_base', '--verbose', '--key'];
    expect(redactArgs(words)).toEqual(words);
  });
});

describe('redactedCommandLine', () => {
  it('reads as shellLine does, a redacted part bare where the rest needs no quotes', () => {
    expect(redactedCommandLine(['node', 'my server.js', '--api-key', 'k', '--token=t', '-H', 'Authorization: Bearer x'])).toBe(
      'node "my server.js" --api-key *** --token=*** -H "Authorization: Bearer ***"',
    );
  });

  it('reads the same when given words already redacted (the page redacts what main sent redacted)', () => {
    const words = ['node', 's.js', '--api-key', 'k', '-H', 'Authorization: Bearer x'];
    expect(redactedCommandLine(redactArgs(words))).toBe(redactedCommandLine(words));
  });
});

describe('redactEntries and redactHeaderValue', () => {
  it('hides the values of secret-named entries only', () => {
    expect(redactEntries({ API_KEY: 'k', SECRET: 's', MY_PASSWORD: 'p', PATH: '/bin', Authorization: 'Basic dXNlcjpwYXNz' })).toEqual({
      API_KEY: REDACTED,
      SECRET: REDACTED,
      MY_PASSWORD: REDACTED,
      PATH: '/bin',
      Authorization: 'Basic ***',
    });
    expect(redactHeaderValue('Accept', 'application/json')).toBe('application/json');
  });
});

describe('redactText', () => {
  it('hides URLs, Bearer credentials, secret options and token shapes inside a sentence', () => {
    expect(
      redactText(
        'could not reach https://u:p@h/mcp?key=abc: refused; sent Authorization: Bearer abcdefgh123 for node s.js --token xyz (ghp_abcdefghijklmnopqrstuvwxyz0123)',
      ),
    ).toBe('could not reach https://***@h/mcp?key=***: refused; sent Authorization: Bearer *** for node s.js --token *** (***)');
  });

  it('leaves a sentence without secrets as it is', () => {
    const text = 'the server (node tiny-server.mjs --mode exit) exited before it answered initialize; re-run with --max-tokens 100';
    expect(redactText(text)).toBe(text);
  });
});
