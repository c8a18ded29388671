// Commands shown in messages and the MCP dialog are what a shell (and the dialog's own form) reads back word for word.

import { describe, expect, it } from 'vitest';
import { shellLine, shellWord } from '../../../src/shared/shell-words';
import { splitCommandLine } from '../../../src/renderer/src/lib/mcp-form';

describe('shell words', () => {
  it('leaves plain words bare and quotes the rest', () => {
    expect(shellLine(['npx', '-y', '@modelcontextprotocol/server-everything', '--port=3000', 'a,b:c%'])).toBe(
      'npx -y @modelcontextprotocol/server-everything --port=3000 a,b:c%',
    );
    expect(shellWord('/My Files/s.js')).toBe('"/My Files/s.js"');
    expect(shellWord('')).toBe('""');
    expect(shellWord('setInterval(()=>{},1e3)')).toBe('"setInterval(()=>{},1e3)"');
    expect(shellWord('a;b|c&d>e<f*g?h~i#j')).toBe('"a;b|c&d>e<f*g?h~i#j"');
    expect(shellWord('say "hi" at C:\\x')).toBe('"say \\"hi\\" at C:\\\\x"');
    expect(shellWord('say "hi" to $USER')).toBe(`'say "hi" to $USER'`);
    expect(shellWord("it's `here`")).toBe(`'it'\\''s \`here\`'`);
  });

  it('reads back to the same words through the import form', () => {
    const words = ['node', '-e', 'console.log("it\'s $HOME")', 'require("fs")', '', 'C:\\Program Files\\x.exe', 'plain', 'a b', "'", '"', '\\', 'two\nlines'];
    expect(splitCommandLine(shellLine(words))).toEqual(words);
  });
});
