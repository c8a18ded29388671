// Secrets kept out of what we show: every message, log line, label or view
// that quotes a command, a URL, a header or a config entry passes it through
// here first, so an API key typed into a server's command line never reaches
// a terminal, a screenshot or (through the proxy's errors) the model.
// Pure: every process uses it, the page included.

import { shellWord } from './shell-words';

/** What a secret is shown as. */
export const REDACTED = '***';

/** Words of a name that say its value is a secret (API_KEY, GITHUB_TOKEN, client_secret, Authorization, X-Api-Key…). */
const SECRET_WORDS = new Set(['auth', 'authorization', 'bearer', 'cookie', 'credential', 'credentials', 'passphrase', 'pwd', 'session', 'sig', 'signature']);
/** …and word endings (apikey, accesstoken, clientsecret); `tokens` and `tokenizer` are counts and names, not secrets. */
const SECRET_ENDING = /(?:key|token|secret|password|passwd)$/;

/** Well-known API token shapes and JSON Web Tokens: secrets whatever they are called. */
const TOKEN_SHAPE = `(?:${[
  '(?:sk|pk|rk)-[\\w-]{16,}',
  'gh[pousr]_\\w{20,}',
  'github_pat_\\w{20,}',
  'glpat-[\\w-]{20,}',
  'xox[abpr]-[\\w-]{10,}',
  'AKIA[0-9A-Z]{16}',
  'AIza[\\w-]{30,}',
  'eyJ[\\w-]{8,}\\.[\\w-]{8,}\\.[\\w-]{8,}',
].join('|')})`;
const SECRET_VALUE = new RegExp(`^${TOKEN_SHAPE}$`);
const SECRET_VALUES_IN_TEXT = new RegExp(`(?<![\\w-])${TOKEN_SHAPE}(?![\\w-])`, 'g');

/** Options that name where a secret is, not the secret: `--token-file PATH`, `--key-dir DIR`. */
const NAMES_A_PLACE = /(?:file|path|dir)$/i;

/** Whether a variable, option, header or query parameter named `name` holds a secret: a word of it (split at `_`, `-`, `.` and camelCase) says so. */
export function isSecretName(name: string): boolean {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/);
  return words.some((word) => SECRET_WORDS.has(word) || SECRET_ENDING.test(word));
}

/** A value shown under `name`: REDACTED when the name or the value itself says it is a secret. */
export function redactValue(name: string, value: string): string {
  return isSecretName(name) || SECRET_VALUE.test(value.trim()) ? REDACTED : value;
}

/** A header's value, keeping an Authorization scheme ("Bearer ***") so it still says what kind of credential was sent. */
export function redactHeaderValue(name: string, value: string): string {
  if (redactValue(name, value) !== REDACTED) return value;
  const scheme = /^\s*(Bearer|Basic|Token|Digest)\s+\S/i.exec(value)?.[1];
  return scheme === undefined ? REDACTED : `${scheme} ${REDACTED}`;
}

/** Every secret entry of an environment or a header list as REDACTED; the others as they are. */
export function redactEntries(entries: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(entries).map(([name, value]) => [name, redactHeaderValue(name, value)]));
}

/**
 * A URL with its `user:pass@` and every query value as REDACTED (a server URL's
 * query is where keys travel: `?api_key=`, `?token=`, `?key=`…; names stay),
 * and the values of a fragment that carries parameters (`#access_token=`).
 */
export function redactUrl(url: string): string {
  const parts = /^([a-z][\w+.-]*:\/\/)([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$/i.exec(url);
  if (!parts) return url;
  const [, scheme, authority, path, query, fragment] = parts as unknown as [string, string, string, string, string | undefined, string | undefined];
  const at = authority.lastIndexOf('@');
  const host = at < 0 ? authority : `${REDACTED}@${authority.slice(at + 1)}`;
  const shownQuery = query === undefined ? '' : `?${redactParameters(query.slice(1))}`;
  const shownFragment = fragment === undefined ? '' : fragment.includes('=') ? `#${redactParameters(fragment.slice(1))}` : fragment;
  return scheme + host + path + shownQuery + shownFragment;
}

/** `a=1&b=2` as `a=***&b=***`; a part without `=` is a value too. */
function redactParameters(parameters: string): string {
  return parameters
    .split('&')
    .map((part) => {
      const equals = part.indexOf('=');
      if (equals < 0) return part === '' ? part : REDACTED;
      return equals === part.length - 1 ? part : `${part.slice(0, equals)}=${REDACTED}`;
    })
    .join('&');
}

/** `Name: value` or `Name=value` (a header, an env pair): its value redacted when the name or value says so; else null. */
function redactPair(word: string): string | null {
  const pair = /^([\w.-]+)(\s*[:=]\s*)([\s\S]*)$/.exec(word);
  if (!pair) return null;
  const [, name, separator, value] = pair as unknown as [string, string, string, string];
  const bare = name.replace(/^-+/, '');
  if (NAMES_A_PLACE.test(bare)) return null;
  const own = redactHeaderValue(bare, value);
  // `--header=Authorization: Bearer X`: the value is itself a pair.
  const shown = own !== value ? own : redactPair(value);
  return shown === null ? null : `${name}${separator}${shown}`;
}

/** One word with no option before it to name it: a URL, a secret-looking value, a `NAME=value` or `Name: value` pair. */
function redactWord(word: string): string {
  if (SECRET_VALUE.test(word)) return REDACTED;
  if (/^[a-z][\w+.-]*:\/\//i.test(word)) return redactUrl(word);
  return redactPair(word) ?? word;
}

/** An option that takes the next word as a secret: `--api-key X`, `--password X`… (not `--no-auth`). */
function namesSecret(word: string): boolean {
  const option = /^--?([A-Za-z][\w-]*)$/.exec(word)?.[1];
  return option !== undefined && !option.startsWith('no-') && !NAMES_A_PLACE.test(option) && isSecretName(option);
}

/**
 * A command's words with secrets as REDACTED: the value after an option named
 * like a secret (`--api-key X`, `--token=X`), header and env pairs whose name
 * says secret (`Authorization: Bearer X`, `API_KEY=X`), credentials and secret
 * query values in URLs, and values shaped like well-known tokens.
 */
export function redactArgs(words: readonly string[]): string[] {
  return words.map((word, index) => {
    const before = index > 0 ? words[index - 1]! : '';
    if (namesSecret(before) && !word.startsWith('-')) return REDACTED;
    return redactWord(word);
  });
}

/** The command line as shellLine writes it, secrets redacted; a redacted part stays bare (`--token=***`) where the rest needs no quotes. */
export function redactedCommandLine(words: readonly string[]): string {
  return redactArgs(words)
    .map((word) => (word.includes(REDACTED) && needsNoQuotes(word.replaceAll(REDACTED, '')) ? word : shellWord(word)))
    .join(' ');
}

function needsNoQuotes(text: string): boolean {
  return text === '' || shellWord(text) === text;
}

/** Free text that may quote URLs or credentials (an error message, a log line): each URL redacted, and `Bearer X` as `Bearer ***`. */
export function redactText(text: string): string {
  return (
    text
      // A URL ends before the punctuation of the sentence around it.
      .replace(/\b[a-z][\w+.-]*:\/\/[^\s"'<>`]*[^\s"'<>`.,;:!?)\]]/gi, (url) => redactUrl(url))
      .replace(/\b(Bearer|Basic|Token)(\s+)[\w~+/.=-]{8,}/g, (_whole, scheme: string, space: string) => `${scheme}${space}${REDACTED}`)
      .replace(/(?<![\w-])(--?[A-Za-z][\w-]*)(=|\s+)("[^"]*"|'[^']*'|[^\s"']+)/g, (whole, option: string, separator: string) =>
        namesSecret(option) ? `${option}${separator}${REDACTED}` : whole,
      )
      .replace(SECRET_VALUES_IN_TEXT, REDACTED)
  );
}
