// The fact taxonomy of docs/transform.md: which description sentences state something
// a model needs to pick a tool or build valid arguments. Each category is a
// named list; a sentence that matches any entry of any category is a fact
// sentence and survives every shrink (unless rule 3, schema-redundancy.ts,
// finds the same fact in a keyword on the same node).
//
// Matching errs towards keeping: an extra sentence costs a few tokens, a lost
// fact costs an invalid call and a retry. Today's constraint markers
// (constraint-markers.ts) are all part of it, so nothing kept before is lost.

import { CONSTRAINT_MARKERS } from './constraint-markers';
import { mentionsName, type SentenceNames } from './sentence-names';

/**
 * One category: `markers` are phrases matched case-insensitively as whole
 * words (regex source); `shapes` are patterns matched as written (regex
 * source, case-sensitive) for things that are not words — a code span, a
 * quoted literal, an identifier in code form.
 */
export interface FactCategoryDefinition {
  readonly markers: readonly string[];
  readonly shapes?: readonly string[];
}

/** A number, as prose writes it in a limit ("50", "1,000", "2.5"). */
const NUMBER = '\\d[\\d,._]*';

/**
 * Units that are also everyday words ("most of the day", "the second
 * item"): a unit only with a measure beside it — a number, "in hours",
 * "per day", "number of days", "3 weeks ago", "this week".
 */
const EVERYDAY_UNIT = '(?:second|minute|hour|day|week|month|year|degree|mile|cent|unit)s?';
const COUNT_WORD = '(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve|several|few|many|\\d[\\d,._]*)';

export const FACT_CATEGORIES = {
  /** What a caller must or must not do. */
  obligations: {
    markers: [...CONSTRAINT_MARKERS.obligation, 'needs?\\s+to', 'ha(?:s|ve)\\s+to', 'make\\s+sure', 'ensure', 'always'],
  },
  /** What makes a call invalid or fail. */
  validity: {
    markers: [...CONSTRAINT_MARKERS.validity, 'valid(?:ated|ates|ation)?', 'fail(?:s|ed|ing|ure|ures)?', 'errors?'],
  },
  /** How many of something: exactly one, at least, unique. */
  cardinality: {
    markers: [...CONSTRAINT_MARKERS.cardinality, 'any\\s+of', 'all\\s+of', 'none\\s+of', 'neither', 'nor'],
  },
  /** Bounds and limits, with or without a number. */
  bounds: {
    markers: [
      ...CONSTRAINT_MARKERS.bounds,
      'bounds?',
      'limit(?:s|ed|ing)?',
      'cap(?:s|ped)?',
      'truncat\\w*',
      'largest',
      'smallest',
      'longest',
      'shortest',
      'rate[-\\s]limit\\w*',
    ],
    shapes: [
      // A number with what it counts: "50 items", "1000 characters", "100 per page", "10%".
      `(?<![\\p{L}\\p{N}_])${NUMBER}\\s*(?:%|(?:items?|results?|entries|entry|elements?|characters?|chars|bytes?|[KMGT]i?B|lines?|` +
        `tokens?|records?|rows?|requests?|calls?|files?|pages?|per|times|digits?|words?)(?![\\p{L}\\p{N}_]))`,
    ],
  },
  /** What happens when an argument is left out. */
  defaults: {
    markers: [
      'default\\w*',
      'omit\\w*',
      '(?:if|when)\\s+not\\s+(?:provided|specified|given|set|supplied|passed|present|included|defined)',
      'unless\\b.{0,80}?\\b(?:provided|specified|given|set|supplied|passed|present|included)',
      'otherwise',
      'fall(?:s|ing)?\\s*back',
      'fallback',
      '(?:if|when)\\s+(?:empty|absent|missing|unset|blank|null|none)',
      'left\\s+(?:empty|blank|unset|out)',
      'implied',
      'assumed',
    ],
  },
  /** The values an argument may take. */
  allowedValues: {
    markers: [
      'allowed',
      'permitted',
      '(?:possible|allowed|permitted|valid|accepted|acceptable|supported|available|legal|known)\\s+' +
        '(?:values?|options?|choices?|methods?|types?|formats?|modes?|kinds?|fields?|keys?|names?|units?|operators?|actions?|states?)',
      'options?\\s*(?:are|is|include|:)',
      'values?\\s+(?:are|is|can\\s+be|include|must)',
      'accept(?:s|ed|able)?',
      'enum\\w*',
      'choices?',
    ],
  },
  /** Exclusions and alternatives: either … or, not both, instead of, ignored when. */
  alternatives: {
    markers: [
      'either',
      'not\\s+both',
      'instead(?:\\s+of)?',
      'ignor(?:e|es|ed|ing)',
      'not\\s+used',
      'unused',
      'only\\s+appl(?:y|ies)',
      'appl(?:y|ies)\\s+only',
      'rather\\s+than',
      'exclud\\w*',
      'except\\w*',
      'in\\s+place\\s+of',
      'alternative\\w*',
      'prefer(?:s|red|ably)?',
      'precedence',
      'overrid\\w*',
      'takes?\\s+priority',
      'conflicts?',
      'combin(?:e|es|ed|ing)\\s+with',
      'together\\s+with',
      'or\\s+else',
    ],
  },
  /** Conditions: required when, only when, in which case. */
  conditions: {
    markers: [
      'if',
      'when(?:ever)?',
      'unless',
      'in\\s+(?:which|this|that|either)\\s+case',
      'depend(?:s|ing|ent)?',
      'based\\s+on',
      'as\\s+long\\s+as',
      'provided\\s+that',
      'applicable',
      'relevant',
    ],
  },
  /** Paging and continuation. */
  pagination: {
    markers: [
      'next\\s*_?page',
      'prev(?:ious)?\\s*_?page',
      'page\\s*_?(?:token|size|number)',
      'per\\s*_?page',
      '(?:next\\s*_?)?cursors?',
      'next\\s*_?(?:link|token)',
      'offset',
      'paginat\\w*',
      'continuation',
      'continue\\s+from',
      'has\\s*_?more',
    ],
  },
  /** Units and time zones. */
  units: {
    markers: [
      'utc',
      'gmt',
      'time\\s*zones?',
      'tz',
      'local\\s+time',
      'epoch',
      'unix\\s+(?:time|timestamp|epoch)',
      '(?:milli|micro|nano)seconds?',
      'seconds',
      'ms',
      `${COUNT_WORD}\\s*-?\\s*${EVERYDAY_UNIT}`,
      `(?:in|as|into|per|of\\s+whole)\\s+(?:whole\\s+|full\\s+|calendar\\s+)?${EVERYDAY_UNIT}`,
      `(?:number|count|amount)\\s+of\\s+${EVERYDAY_UNIT}`,
      `${EVERYDAY_UNIT}\\s+(?:ago|old|from\\s+now|before|after|in\\s+the\\s+(?:past|future))`,
      `(?:this|last|next|previous|past|current|each|every|coming)\\s+(?:\\d+\\s+)?${EVERYDAY_UNIT}`,
      `\\(\\s*(?:in\\s+)?${EVERYDAY_UNIT}\\s*\\)`,
      'bytes?',
      '[kmgt]i?b',
      '(?:kilo|mega|giga|tera)bytes?',
      'pixels?',
      'px',
      'percent(?:age)?',
      'celsius',
      'fahrenheit',
      'meters?',
      'metres?',
      'km',
      'currency',
    ],
  },
  /** Formats and syntax: ISO 8601, RFC, regex, glob, prefixes, separators, escaping. */
  formats: {
    markers: [
      ...CONSTRAINT_MARKERS.format,
      'relative',
      'regex\\w*',
      'regexp',
      'regular\\s+expressions?',
      'glob\\w*',
      'wildcards?',
      'patterns?',
      'prefix\\w*',
      'suffix\\w*',
      'separat\\w*',
      'delimit\\w*',
      'escap\\w*',
      'quot(?:e|es|ed|ing)',
      'syntax',
      'qualifiers?',
      'operators?',
      'encod\\w*',
      'decod\\w*',
      'base64',
      'json',
      'yaml',
      'csv',
      'utf-?8',
      'url-?encoded',
      'case[-\\s]insensitive',
      '(?:lower|upper|camel|snake|kebab)[-\\s]?case',
      'yyyy',
      'hh:mm',
      'e\\.g',
      'i\\.e',
      'eg',
      'for\\s+(?:example|instance)',
      'such\\s+as',
      'as\\s+an?\\s+(?:string|number|integer|array|list|object|boolean)',
    ],
  },
  /**
   * A literal argument or name in code form: `7d`, 'HIGH', "EU", ["-EU"],
   * is_suggestion, nextPage, --flag, *.ext, /srv/x. A sentence that quotes an
   * exact value or names a parameter tells the model how to build a call.
   */
  literals: {
    markers: [],
    shapes: [
      '`[^`\\n]+`',
      `(?:^|[\\s(\\[{:,=])'[^'\\n]{1,120}'(?=$|[\\s)\\]}.,:;!?])`,
      '"[^"\\n]{1,120}"',
      '[“‘][^”’\\n]{1,120}[”’]',
      '(?<![\\p{L}\\p{N}_])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\\p{L}\\p{N}_])',
      '(?<![\\p{L}\\p{N}_])[a-z]+[A-Z][A-Za-z0-9]*(?![\\p{L}\\p{N}_])',
      '(?:^|\\s)--?[a-z][\\w-]*',
      '\\*\\*?/|\\*\\.\\w+',
      '(?:^|[\\s(])~?/[\\w.-]+/?',
      '[\\[{]\\s*["\'\\d-]',
    ],
  },
  /** Warnings: destructive, irreversible, permanent, deprecated, critical. */
  warnings: {
    markers: [
      'destructi\\w*',
      'destroy\\w*',
      'irreversibl\\w*',
      'undo(?:ne)?',
      'permanent\\w*',
      'deprecat\\w*',
      'critical\\w*',
      'caution\\w*',
      'warn\\w*',
      'careful\\w*',
      'danger\\w*',
      'important\\w*',
      'note',
      'overwrit\\w*',
      'replac\\w*',
      'delet\\w*',
      'remov\\w*',
      'clear(?:s|ed)?',
      'los[est]',
      'side\\s+effects?',
      'irrecoverabl\\w*',
      'unrecoverabl\\w*',
      'no-?op',
      'sensitive',
      'secrets?',
    ],
  },
  /** Calling conventions: invoked with, a single argument, call X first. */
  calling: {
    markers: [
      'invok\\w*',
      'call(?:s|ed|ing)?',
      'single\\s+argument',
      'arguments?',
      'args?',
      'parameters?',
      'params?',
      'pass(?:es|ed|ing)?',
      'provid(?:e|es|ed|ing)',
      'specif(?:y|ies|ied|ying)',
      'suppl(?:y|ies|ied|ying)',
      'set\\s+(?:to|it|this|the)',
      'methods?',
    ],
  },
  /** Which tool to call first, where an argument comes from: "Get the folder id via list-contact-folders", "use that id with send-chat-message". */
  sequence: {
    markers: [
      'via',
      'first\\s+(?:call|use|run|get|fetch|list|look\\s+up|create)',
      '(?:call|use|run)\\s+[^\\s.]+\\s+first',
      '(?:before|after)\\s+(?:calling|using|running|invoking|creating)',
      'beforehand',
      'prior\\s+to',
      '(?:obtain(?:ed)?|retriev(?:e|ed)|found|look(?:ed)?\\s+up|taken)\\s+(?:it\\s+)?(?:from|via|with|using|by\\s+calling)',
      '(?:returned|provided|given|listed)\\s+by',
      'comes?\\s+from',
      '(?:output|result|response)\\s+of',
      '(?:from|in)\\s+(?:the|a)\\s+(?:previous|prior|earlier|last)\\s+(?:call|response|request|result|step)',
      'use\\s+(?:that|this|the|its|each|these|those|their)\\s+[\\p{L}\\p{N}_-]+\\s+(?:with|in|for|as|when)',
      'then\\s+(?:call|use|pass)',
      'followed\\s+by',
    ],
  },
  /** Support and availability: "Supports $filter (eq, ne, in)", "Not supported for personal accounts", "Nullable". */
  support: {
    markers: [
      'supports',
      'supported',
      'support\\s+for',
      'unsupported',
      'available',
      'unavailable',
      'availability',
      'nullable',
      'null',
      'enabled',
      'disabled',
      'beta',
      'preview',
      'experimental',
      'personal\\s+accounts?',
      'enterprise',
      '(?:paid|premium|pro|free)\\s+(?:plans?|tiers?|accounts?|users?)',
      'permissions?',
      'scopes?',
    ],
  },
  /** The shape of what comes back: "Returns … with its id", "in arbitrary order — match by id". */
  returns: {
    markers: [
      '(?:returns?|returned)\\s+(?:an?\\s+|the\\s+)?(?:empty|null|nothing|true|false|(?:an?\\s+)?error|' +
        'json|array|list|object|map|string|number|integer|boolean|count|url|urls|id|ids)',
      'with\\s+(?:its|their)\\s+[\\p{L}\\p{N}_-]+',
      '(?:including|includes?|contains?|containing)\\s+(?:its|their|the|each)\\s+(?:ids?|identifiers?|urls?|keys?|names?)',
      '(?:arbitrary|no\\s+particular|random|unspecified|undefined|insertion|reverse)\\s+order',
      'unordered',
      '(?:sorted|ordered)\\s+by',
      'match\\s+(?:them\\s+|results?\\s+|items?\\s+)?by',
      'responds?\\s+with',
      'response\\s+(?:contains|includes|is|has|body)',
      'results?\\s+are\\s+(?:sorted|ordered|grouped|paginated|limited)',
      'each\\s+(?:result|item|entry|element|record|row|object)\\s+(?:has|contains|includes|is)',
      '(?:output|response|result)\\s+(?:format|shape|schema|fields?)',
    ],
  },
  /** Advice on an argument: "Use $select to return fewer fields", "include all participants". */
  advice: {
    markers: [
      'use\\s+\\S+\\s+to\\s+(?:reduce|limit|narrow|filter|speed|return|get|avoid|select|restrict|include|exclude|sort|control|page)',
      'fewer',
      'narrow(?:s|ed|ing)?\\s+(?:down|the|it|results?)',
      'to\\s+(?:reduce|limit|avoid|narrow)',
      'recommend\\w*',
      'suggest(?:s|ed)?',
      'best\\s+practice\\w*',
      'tip',
      'consider',
      'be\\s+sure\\s+to',
      'remember\\s+to',
      'include\\s+all',
      'for\\s+(?:best|better|faster)',
      'you\\s+should',
      'should\\s+(?:not|use|pass|set|provide|include|contain|call|specify|match|start|end)',
      'should\\s+be\\s+(?:used|passed|set|provided|included|specified|given)',
      'it\\s+is\\s+(?:best|better|recommended|advisable)',
      'efficient\\w*',
      'expensive',
    ],
  },
} as const satisfies Record<string, FactCategoryDefinition>;

/** The categories recognised by words and shapes. */
export type WordCategory = keyof typeof FACT_CATEGORIES;

/**
 * The structural category (docs/levels.md): a sentence that names another tool
 * of the catalog, or an identifier-like parameter of its own tool
 * (sentence-names.ts). It needs no word list, only the catalog's names.
 */
export const REFERENCES = 'references';

export type FactCategory = WordCategory | typeof REFERENCES;

export const WORD_CATEGORY_NAMES = Object.keys(FACT_CATEGORIES) as WordCategory[];

export const FACT_CATEGORY_NAMES: readonly FactCategory[] = [...WORD_CATEGORY_NAMES, REFERENCES];

// Whole words: no letter, digit or underscore on either side. The left side
// consumes one character instead of a lookbehind: the same matches for
// test(), and faster (as in constraint-markers.ts). Markers are matched
// against the lowercased sentence without the `i` flag: Unicode
// case-insensitive matching costs a case fold per character tried, and a
// 32 MiB catalog has hundreds of thousands of sentences.
const wholeWords = (markers: readonly string[]) => new RegExp(`(?:^|[^\\p{L}\\p{N}_])(?:${markers.join('|')})(?![\\p{L}\\p{N}_])`, 'u');
const asWritten = (shapes: readonly string[]) => new RegExp(shapes.join('|'), 'u');

interface CompiledCategory {
  name: WordCategory;
  markers?: RegExp;
  shapes?: RegExp;
}

const compileCategories = (): readonly CompiledCategory[] =>
  WORD_CATEGORY_NAMES.map((name) => {
    const definition: FactCategoryDefinition = FACT_CATEGORIES[name];
    return {
      name,
      ...(definition.markers.length > 0 ? { markers: wholeWords(definition.markers) } : {}),
      ...(definition.shapes && definition.shapes.length > 0 ? { shapes: asWritten(definition.shapes) } : {}),
    };
  });

// Built on the first factCategoriesOf call, not at load: a shrink only asks
// isFactSentence, and compiling the per-category patterns slows a cold start.
let compiled: readonly CompiledCategory[] | undefined;

const ANY_MARKER = wholeWords(WORD_CATEGORY_NAMES.flatMap((name) => FACT_CATEGORIES[name].markers));
const ANY_SHAPE = asWritten(WORD_CATEGORY_NAMES.flatMap((name) => (FACT_CATEGORIES[name] as FactCategoryDefinition).shapes ?? []));

/** A character every shape needs; a sentence without one cannot match any shape (a cheap test first). */
const SHAPE_CHARACTER = /[\d`'"“‘_\-*/[{]|[a-z][A-Z]/u;

// Catalogs repeat sentences a lot ("Repository owner", a shared rule on every
// tool), so answers are remembered; the memo is bounded and starts over when
// full, so memory stays flat on a catalog of unique sentences.
const MEMO_LIMIT = 20_000;
const isFactMemo = new Map<string, boolean>();
const categoriesMemo = new Map<string, FactCategory[]>();
const NONE: FactCategory[] = [];

function remember<T>(memo: Map<string, T>, key: string, value: T): T {
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(key, value);
  return value;
}

/**
 * The sentences a deferral level keeps beside a lead (docs/levels.md): the
 * warnings a model must read before it calls, never one describe call away —
 * the `warnings` category narrowed to what warns, plus the negative
 * obligations. "case-sensitive" is not a warning about sensitive data.
 */
export const DEFERRAL_WARNINGS: readonly string[] = [
  'destructi\\w*',
  'irreversibl\\w*',
  "(?:cannot|can[’']t|can\\s+not)\\s+be\\s+undone",
  'permanent\\w*',
  'deprecat\\w*',
  'caution\\w*',
  'warn(?:s|ed|ing|ings)?',
  'danger\\w*',
  'overwrit\\w*',
  'data\\s+loss',
  'side\\s+effects?',
  '(?<!case[-\\s])sensitive',
  'secrets?',
  'do\\s+not',
  "don[’']t",
  'never',
  'must\\s+not',
];

// Built on first use, like the per-category patterns: only a deferral level asks.
let deferralWarningPattern: RegExp | undefined;

/** True when a deferral level keeps `sentence` beside the lead: it warns, or says what must not be done. */
export function isDeferralWarning(sentence: string): boolean {
  return (deferralWarningPattern ??= wholeWords(DEFERRAL_WARNINGS)).test(sentence.toLowerCase());
}

/** True when `sentence` states a fact of a word category. */
function statesWordFact(sentence: string): boolean {
  const known = isFactMemo.get(sentence);
  if (known !== undefined) return known;
  return remember(isFactMemo, sentence, ANY_MARKER.test(sentence.toLowerCase()) || (SHAPE_CHARACTER.test(sentence) && ANY_SHAPE.test(sentence)));
}

/**
 * True when `sentence` states a fact of any category; `names` (its
 * catalog's and tool's) for the structural category — without them only
 * the word categories are asked.
 */
export function isFactSentence(sentence: string, names?: SentenceNames): boolean {
  return statesWordFact(sentence) || (names !== undefined && mentionsName(sentence, names));
}

/** The word categories `sentence` matches, in taxonomy order. */
function wordCategoriesOf(sentence: string): readonly FactCategory[] {
  const known = categoriesMemo.get(sentence);
  if (known !== undefined) return known;
  if (!statesWordFact(sentence)) return remember(categoriesMemo, sentence, NONE);
  const lower = sentence.toLowerCase();
  const shaped = SHAPE_CHARACTER.test(sentence);
  return remember(
    categoriesMemo,
    sentence,
    (compiled ??= compileCategories()).filter((c) => c.markers?.test(lower) === true || (shaped && c.shapes?.test(sentence) === true)).map((c) => c.name),
  );
}

/** Every category `sentence` matches, in taxonomy order (empty: not a fact); `names` as for isFactSentence. Do not modify the array. */
export function factCategoriesOf(sentence: string, names?: SentenceNames): readonly FactCategory[] {
  const categories = wordCategoriesOf(sentence);
  return names !== undefined && mentionsName(sentence, names) ? [...categories, REFERENCES] : categories;
}
