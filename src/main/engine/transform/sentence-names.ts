// The structural fact rule (docs/levels.md): a sentence that names another tool
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

/** The first name token of `name`, when it starts with one ("Get" of "Get Weather"). */
const LEADING_TOKEN = /^[\p{L}\p{N}_$](?:[\p{L}\p{N}_$]|[.-](?=[\p{L}\p{N}_$]))*/u;
/** What would continue a name token after a match ("fetch" is not named in "fetcher" or "fetch.v2"). */
const CONTINUES_TOKEN = /^(?:[\p{L}\p{N}_$]|[.-][\p{L}\p{N}_$])/u;

/** At most this many plain names are searched for as text in a sentence with no mark of code form, before reading its tokens. */
const PLAIN_NAMES_SEARCHED = 32;

/**
 * The tool names of one catalog, made once per transform or check, looked up
 * by the tokens of a sentence (no pattern built from the names: a catalog
 * may hold thousands, or one of 256 KiB). A one-token name is matched whole
 * (`fetch`, `list-contact-folders`); a name of several (`Get Weather`) by its
 * first token, then the rest as written.
 */
export class CatalogNames {
  /** The one-token names. */
  readonly tokens: ReadonlySet<string>;
  /** The names of several tokens, by their first. */
  readonly phrases: ReadonlyMap<string, readonly string[]>;
  /** A name a sentence can hold without a mark of code form (a plain word, a phrase): every sentence must be read for it. */
  readonly hasPlainNames: boolean;
  /**
   * Those names, when there are few: a sentence with no mark of code form can
   * hold no other name, so one that contains none of them as text holds no
   * name at all (a substring search is much cheaper than reading its tokens).
   */
  readonly fewPlainNames: readonly string[] | undefined;

  constructor(names: Iterable<string>) {
    const tokens = new Set<string>();
    const phrases = new Map<string, string[]>();
    const plainNames = new Set<string>();
    for (const name of names) {
      if (name.trim() === '' || PLACEHOLDER.test(name)) continue;
      const first = LEADING_TOKEN.exec(name)?.[0];
      // A name that does not start like a word ("#tag", "(x)") is not one prose names as a word.
      if (first === undefined) continue;
      if (first.length === name.length) tokens.add(name);
      else phrases.set(first, [...(phrases.get(first) ?? []), name]);
      if (!isIdentifierLike(name)) plainNames.add(name);
    }
    this.tokens = tokens;
    this.phrases = phrases;
    this.hasPlainNames = plainNames.size > 0;
    this.fewPlainNames = plainNames.size <= PLAIN_NAMES_SEARCHED ? [...plainNames] : undefined;
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
  const marked = IDENTIFIER_MARK.test(sentence);
  // Without a mark of code form a sentence holds no identifier-like token, so only a plain name can be in it.
  if (!marked && !catalog.hasPlainNames) return NONE;
  if (!marked && catalog.fewPlainNames !== undefined && !catalog.fewPlainNames.some((name) => sentence.includes(name))) return NONE;
  const tools: string[] = [];
  const identifiers: string[] = [];
  for (const match of sentence.matchAll(TOKEN)) {
    const token = match[0];
    if (catalog.tokens.has(token)) tools.push(token);
    const phrases = catalog.phrases.get(token);
    if (phrases !== undefined) {
      for (const name of phrases) {
        if (sentence.startsWith(name, match.index) && !CONTINUES_TOKEN.test(sentence.slice(match.index + name.length, match.index + name.length + 3)))
          tools.push(name);
      }
    }
    if (marked && isIdentifierLike(token)) identifiers.push(token);
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
