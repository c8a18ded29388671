// Rule 3 of docs/transform.md: a fact sentence may be dropped only when a keyword on
// the same schema node states the same fact with the same value. The
// sentence must say nothing else: "Default: 'all'." beside `"default":"all"`
// is redundant; "Defaults to all fields, which is slow." is not. Everything
// that does not fit one of these exact shapes stays.

import { OBJECT, forEachMember, type JsonDocument, type NodeId } from '../json/json-node';
import { compactTextOf } from './compact-text';

/** The keywords of one schema node that rule 3 compares with (the last of duplicate keys wins, as in JSON.parse). */
export interface NodeKeywords {
  default?: { value: unknown };
  enum?: unknown[];
  const?: { value: unknown };
  format?: string;
  type?: string[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
}

const BOUND_KEYWORDS = ['minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems'] as const;
type BoundKeyword = (typeof BOUND_KEYWORDS)[number];

/** Reads the rule-3 keywords of a schema object (none for anything else). */
export function keywordsOf(doc: JsonDocument, node: NodeId | undefined): NodeKeywords {
  const keywords: NodeKeywords = {};
  if (node === undefined || doc.kind[node] !== OBJECT) return keywords;
  forEachMember(doc, node, (key, value) => {
    if (key !== 'default' && key !== 'enum' && key !== 'const' && key !== 'format' && key !== 'type' && !(BOUND_KEYWORDS as readonly string[]).includes(key))
      return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(compactTextOf(doc, value));
    } catch {
      return;
    }
    switch (key) {
      case 'default':
        keywords.default = { value: parsed };
        return;
      case 'const':
        keywords.const = { value: parsed };
        return;
      case 'enum':
        if (Array.isArray(parsed)) keywords.enum = parsed;
        else delete keywords.enum;
        return;
      case 'format':
        if (typeof parsed === 'string') keywords.format = parsed;
        else delete keywords.format;
        return;
      case 'type':
        if (typeof parsed === 'string') keywords.type = [parsed];
        else if (Array.isArray(parsed) && parsed.every((t) => typeof t === 'string')) keywords.type = parsed as string[];
        else delete keywords.type;
        return;
      default:
        // A bound equal to its JSON Schema default (0) says nothing, and the
        // transform may drop it (docs/transform.md): it never makes a sentence redundant.
        if (typeof parsed === 'number' && Number.isFinite(parsed) && !(parsed === 0 && key.startsWith('min'))) keywords[key as BoundKeyword] = parsed;
        else delete keywords[key as BoundKeyword];
    }
  });
  return keywords;
}

/** A literal as prose writes it: quoted, back-quoted, a number, or one bare word. */
const LITERAL = String.raw`(?:'[^'\n]*'|"[^"\n]*"|“[^”\n]*”|‘[^’\n]*’|\x60[^\x60\n]*\x60|[^\s,;|/'"“‘\x60()]+)`;
const LITERAL_AT = new RegExp(`^${LITERAL}`, 'u');
const LIST_SEPARATOR = /^(?:\s*,\s*(?:(?:or|and)\s+)?|\s+or\s+|\s+and\s+|\s*\|\s*|\s*\/\s*)/iu;

const DEFAULT_SENTENCE = new RegExp(
  String.raw`^(?:(?:if|when)\s+(?:omitted|not\s+(?:provided|specified|set|given)),?\s+(?:it\s+)?defaults?\s+to|` +
    String.raw`(?:the\s+)?default(?:\s+value)?(?:\s+is|\s*[:=]|\s+to)?|defaults\s+to|by\s+default(?:\s*[:,]|\s+it\s+is|\s+is)?)\s*(${LITERAL})$`,
  'iu',
);
const VALUES_SENTENCE =
  /^(?:(?:the\s+)?(?:possible|allowed|permitted|valid|accepted|supported|available)\s+(?:values|options)(?:\s+are)?|(?:must\s+be\s+|can\s+be\s+|is\s+)?one\s+of(?:\s+the\s+following)?|options(?:\s+are)?|values?|(?:must|can)\s+be(?:\s+either)?|either)\s*:?\s*(.+)$/iu;
const FORMAT_SENTENCE =
  /^(?:(?:must|should)\s+be\s+|format\s*:\s*|formatted\s+as\s+|in\s+)?(?:an?\s+)?(?:valid\s+)?(.+?)(?:\s+(?:format(?:ted)?|string|value))?$/iu;
const BOUND_SENTENCE =
  /^(?:(?:must|should|can)\s+be\s+)?(?:the\s+)?(?:(max(?:imum)?|min(?:imum)?)(?:\s+(value|length|items|number\s+of\s+items))?\s*(?:is|[:=]|of)?|(at\s+most|at\s+least|no\s+more\s+than|no\s+less\s+than|up\s+to))\s*(-?\d+(?:\.\d+)?)(?:\s+(characters|items))?$/iu;
const BETWEEN_SENTENCE =
  /^(?:(?:must|should|can)\s+be\s+)?between\s+(-?\d+(?:\.\d+)?)\s+and\s+(-?\d+(?:\.\d+)?)(?:\s+(characters|items))?(?:\s*\(?inclusive\)?)?$/iu;

/** Format names prose uses for each `format` value. */
const FORMAT_NAMES: Record<string, readonly string[]> = {
  'date-time': [
    'date-time',
    'datetime',
    'rfc 3339',
    'rfc3339',
    'rfc 3339 date-time',
    'rfc3339 date-time',
    'iso 8601 date-time',
    'iso8601 date-time',
    'rfc 3339 timestamp',
    'rfc3339 timestamp',
  ],
  date: ['date', 'full-date', 'iso 8601 date', 'iso8601 date', 'yyyy-mm-dd'],
  time: ['time', 'full-time'],
  duration: ['duration', 'iso 8601 duration', 'iso8601 duration'],
  email: ['email', 'email address', 'e-mail address', 'e-mail'],
  uri: ['uri', 'absolute uri'],
  uuid: ['uuid'],
  ipv4: ['ipv4', 'ipv4 address'],
  ipv6: ['ipv6', 'ipv6 address'],
  hostname: ['hostname', 'host name'],
};

/** Leading words of every sentence shape below: anything else can never be redundant. */
const REDUNDANT_OPENING =
  /^\(?\s*(?:if|when|the|defaults?|by|possible|allowed|permitted|valid|accepted|supported|available|must|should|can|is|one|options|values?|either|format(?:ted)?|in|an?|max|min|maximum|minimum|at|no|up|between|[a-z0-9-]+\.?$)/iu;

/**
 * A cheap test before reading any keyword: true when `sentence` could have one
 * of the shapes rule 3 accepts (they are short and open with known words).
 */
export function mightBeRedundant(sentence: string): boolean {
  // A format sentence ("RFC 3339 date-time.") may open with anything, but is short.
  return sentence.length <= 60 || (sentence.length <= 400 && REDUNDANT_OPENING.test(sentence.trimStart()));
}

/**
 * The keyword on the same node that states exactly the fact `sentence`
 * states ("default", "enum", "const", "format", "minimum", "minimum+maximum"…),
 * or undefined when the sentence must stay.
 */
export function redundantWith(sentence: string, keywords: NodeKeywords): string | undefined {
  if (!mightBeRedundant(sentence)) return undefined;
  const text = bare(sentence);
  if (text === '') return undefined;
  return sameDefault(text, keywords) ?? sameValues(text, keywords) ?? sameFormat(text, keywords) ?? sameBound(text, keywords);
}

/** The sentence without its final period and wrapping parentheses. */
function bare(sentence: string): string {
  let text = sentence.trim();
  if (text.startsWith('(') && text.endsWith(')')) text = text.slice(1, -1).trim();
  text = text.replace(/[.!]$/u, '').trim();
  if (text.startsWith('(') && text.endsWith(')')) text = text.slice(1, -1).trim();
  return text;
}

function sameDefault(text: string, keywords: NodeKeywords): string | undefined {
  if (!keywords.default) return undefined;
  const match = DEFAULT_SENTENCE.exec(text);
  return match && sameLiteral(match[1]!, keywords.default.value) ? 'default' : undefined;
}

function sameValues(text: string, keywords: NodeKeywords): string | undefined {
  const allowed = keywords.enum ?? (keywords.const ? [keywords.const.value] : undefined);
  if (!allowed || allowed.length === 0) return undefined;
  const match = VALUES_SENTENCE.exec(text);
  if (!match) return undefined;
  const listed = literalList(match[1]!);
  if (!listed || listed.length !== allowed.length) return undefined;
  const unmatched = [...allowed];
  for (const literal of listed) {
    const at = unmatched.findIndex((value) => sameLiteral(literal, value));
    if (at === -1) return undefined;
    unmatched.splice(at, 1);
  }
  return keywords.enum ? 'enum' : 'const';
}

function sameFormat(text: string, keywords: NodeKeywords): string | undefined {
  if (keywords.format === undefined || text.length > 60) return undefined;
  const names = FORMAT_NAMES[keywords.format];
  const match = FORMAT_SENTENCE.exec(text);
  if (!names || !match) return undefined;
  return names.includes(match[1]!.toLowerCase().replace(/\s+/gu, ' ')) ? 'format' : undefined;
}

function sameBound(text: string, keywords: NodeKeywords): string | undefined {
  const between = BETWEEN_SENTENCE.exec(text);
  if (between) {
    const [low, high] = boundKeywords(keywords, between[3]);
    if (!low || !high) return undefined;
    return keywords[low] === Number(between[1]) && keywords[high] === Number(between[2]) ? `${low}+${high}` : undefined;
  }
  const match = BOUND_SENTENCE.exec(text);
  if (!match) return undefined;
  const word = (match[1] ?? match[3]!).toLowerCase().replace(/\s+/gu, ' ');
  const upper = word.startsWith('max') || word === 'at most' || word === 'no more than' || word === 'up to';
  const unit = match[5] ?? (match[2]?.toLowerCase() === 'length' ? 'characters' : match[2]?.toLowerCase().includes('items') ? 'items' : undefined);
  const [low, high] = boundKeywords(keywords, unit);
  const keyword = upper ? high : low;
  return keyword && keywords[keyword] === Number(match[4]) ? keyword : undefined;
}

/** Which bound keywords a sentence's number maps to, by its unit or else the node's type. */
function boundKeywords(keywords: NodeKeywords, unit: string | undefined): [BoundKeyword | undefined, BoundKeyword | undefined] {
  const types = keywords.type ?? [];
  if (unit?.toLowerCase() === 'characters') return types.length === 1 && types[0] === 'string' ? ['minLength', 'maxLength'] : [undefined, undefined];
  if (unit?.toLowerCase() === 'items') return types.length === 1 && types[0] === 'array' ? ['minItems', 'maxItems'] : [undefined, undefined];
  if (types.length > 0 && types.every((t) => t === 'number' || t === 'integer')) return ['minimum', 'maximum'];
  return [undefined, undefined];
}

/** The literals of "a, b or c" / "'a' | 'b'", or undefined when anything else is in the text. */
function literalList(text: string): string[] | undefined {
  const literals: string[] = [];
  let rest = text.trim();
  for (;;) {
    const literal = LITERAL_AT.exec(rest);
    if (!literal) return undefined;
    literals.push(literal[0]);
    rest = rest.slice(literal[0].length);
    if (rest === '') return literals;
    const separator = LIST_SEPARATOR.exec(rest);
    if (!separator) return undefined;
    rest = rest.slice(separator[0].length);
  }
}

/** True when a literal as written states exactly `value`. */
function sameLiteral(literal: string, value: unknown): boolean {
  const quoted = /^(['"“‘`])([\s\S]*)['"”’`]$/u.exec(literal);
  if (quoted) return typeof value === 'string' && quoted[2] === value;
  if (typeof value === 'number') return /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/u.test(literal) && Number(literal) === value;
  if (typeof value === 'boolean' || value === null) return literal === String(value);
  if (typeof value === 'string') return literal === value;
  return false;
}
