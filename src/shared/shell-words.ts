// A command line as a person would type it into a POSIX shell: each word bare
// when a shell reads it back unchanged, else quoted. Messages and the MCP
// import dialog show commands this way, so what they show can be copied.

/**
 * The word bare when it has no character a shell treats specially; else in double quotes (a " or \ inside escaped by
 * a backslash), or in single quotes when it holds what double quotes would expand ($, `) or a line break.
 */
export function shellWord(word: string): string {
  if (/^[\w@%+=:,./-]+$/.test(word)) return word;
  if (!/[$`\n\r]/.test(word)) return `"${word.replace(/["\\]/g, '\\$&')}"`;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The words joined into one command line. */
export function shellLine(words: readonly string[]): string {
  return words.map(shellWord).join(' ');
}
