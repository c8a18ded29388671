// The structural fact rule (SPEC §2.3b): a sentence that names another tool
// of the catalog, or an identifier-like parameter of its own tool, is a fact
// — which tool to call first, where an argument comes from — whatever words
// it uses. Needs no word list: the catalog itself says which names matter.

/** Characters of a name token; `.` and `-` only inside one ("files.list", "list-contact-folders"). */
const TOKEN = /[\p{L}\p{N}_$](?:[\p{L}\p{N}_$]|[.-](?=[\p{L}\p{N}_$]))*/gu;
const WHOLE_TOKEN = /^[\p{L}\p{N}_$](?:[\p{L}\p{N}_$]|[.-](?=[\p{L}\p{N}_$]))*$/u;
/** What makes a token identifier-like rather than a word: `_`, `$`, a digit, an inner `-` or `.`, or camelCase. */
const IDENTIFIER_MARK = /[_$\p{N}]|[.-](?=[\p{L}\p{N}_$])|\p{Ll}\p{Lu}/u;
const LETTER = /\p{L}/u;

/**
 * True for a name a sentence can only mean as a name: one token with a
 * letter and a mark of code form (folder_id, pageSize, x-api-key, $filter,
 * files.list). Plain words (owner, query, id) are ordinary prose too.
 */
export function isIdentifierLike(name: string): boolean {
  return name.length >= 2 && WHOLE_TOKEN.test(name) && LETTER.test(name) && IDENTIFIER_MARK.test(name);
}

/** Placeholders the layout gives unnamed tools ("#3") and a bare schema: not names anyone wrote. */
const PLACEHOLDER = /^#\d+$|^\(schema\)$/u;

/**
 * The tool names of one catalog, made once per transform or check: the
 * identifier-like ones in a set (looked up by token), the others (a plain
 * word such as `fetch`, a name with spaces) in one whole-word pattern.
 */
export class CatalogNames {
  readonly identifiers: ReadonlySet<string>;
  readonly words: RegExp | undefined;

  constructor(names: Iterable<string>) {
    const identifiers = new Set<string>();
    const words = new Set<string>();
    for (const name of names) {
      if (name.trim() === '' || PLACEHOLDER.test(name)) continue;
      if (isIdentifierLike(name)) identifiers.add(name);
      else words.add(name);
    }
    this.identifiers = identifiers;
    this.words =
      words.size === 0
        ? undefined
        : new RegExp(`(?<![\\p{L}\\p{N}_$]|[\\p{L}\\p{N}_$][.-])(?:${[...words].map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}_$]|[.-][\\p{L}\\p{N}_$])`, 'gu');
  }
}

/** What the rule needs where a sentence is classified: the catalog's names, the sentence's own tool, and that tool's parameters. */
export interface SentenceNames {
  catalog: CatalogNames;
  /** Naming its own tool is not naming another one. */
  ownTool: string | undefined;
  /** The tool's identifier-like parameter names (read on first need: most sentences name none). */
  parameters: () => ReadonlySet<string>;
}

/** The names a sentence holds: the catalog's tools it names, and its identifier-like tokens (a parameter is one of them or none). */
export interface NamesInSentence {
  tools: readonly string[];
  identifiers: readonly string[];
}

const NONE: NamesInSentence = { tools: [], identifiers: [] };

/** The tools of `catalog` that `sentence` names and its identifier-like tokens; cheap for prose with no mark of code form. */
export function namesIn(sentence: string, catalog: CatalogNames): NamesInSentence {
  const tools: string[] = [];
  if (catalog.words) for (const match of sentence.matchAll(catalog.words)) tools.push(match[0]);
  if (!IDENTIFIER_MARK.test(sentence)) return tools.length === 0 ? NONE : { tools, identifiers: [] };
  const identifiers: string[] = [];
  for (const match of sentence.matchAll(TOKEN)) {
    const token = match[0];
    if (!isIdentifierLike(token)) continue;
    identifiers.push(token);
    if (catalog.identifiers.has(token)) tools.push(token);
  }
  return tools.length === 0 && identifiers.length === 0 ? NONE : { tools, identifiers };
}

/** True when the names found make the sentence a fact for its tool: another tool, or one of its own parameters. */
export function namesAnother(found: NamesInSentence, names: SentenceNames): boolean {
  if (found.tools.some((tool) => tool !== names.ownTool)) return true;
  if (found.identifiers.length === 0) return false;
  const parameters = names.parameters();
  return found.identifiers.some((token) => parameters.has(token));
}

/** The structural rule for one sentence. */
export function mentionsName(sentence: string, names: SentenceNames): boolean {
  return namesAnother(namesIn(sentence, names.catalog), names);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
}
