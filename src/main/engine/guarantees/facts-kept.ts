// The fourth guarantee, "facts kept" (docs/spec.md): every fact sentence of the
// input (fact-taxonomy.ts) is in the same description of the output word for
// word, or is redundant with a keyword on the same schema node (rule 3, with
// the keyword named). Every lead — a description's first sentence — is whole,
// or, if it is over 300 bytes, shortened at a word boundary with "…"; a
// tool's own description is whole (it is what a client's tool search
// reads), unless a deferral level shortened it in a marked tool. At a
// deferral level a sentence missing from a marked tool is deferred, and so is
// a lead where the level does not keep it (deferrals.ts). Anything else is a
// dropped fact, and the guarantee fails naming it.

import type { JsonDocument } from '../json/json-node';
import { utf8ByteLength } from '../text/utf8';
import { ELLIPSIS, LEAD_CAP_BYTES } from '../transform/cap-lead';
import { sentenceNamesOf } from '../transform/catalog-names';
import type { SentenceNames } from '../transform/sentence-names';
import { readCatalog } from '../transform/catalog-shape';
import { FACT_CATEGORY_NAMES, factCategoriesOf, type FactCategory } from '../transform/fact-taxonomy';
import { keywordsOf, redundantWith } from '../transform/schema-redundancy';
import { splitSentences } from '../transform/split-sentences';
import { NO_DEFERRALS, isDeferred, isLeadDeferred, type Deferrals } from './deferrals';
import { descriptionSites, listSites, sitesByLocation, type DescriptionSite } from './description-sites';
import { NO_PROGRESS, perTool, type Progress } from '../tool-progress';

export interface FactCounts {
  /** Fact sentences in the input. */
  found: number;
  /** Present word for word in the output. */
  kept: number;
  /** Absent, and stated by a keyword on the same node (rule 3). */
  redundant: number;
  /** Absent from a marked tool at a deferral level: one describe call away. */
  deferred: number;
  /** Absent otherwise, with no keyword that states them: must be 0. */
  dropped: number;
}

export interface FactSentence {
  tool: string;
  location: string;
  sentence: string;
  categories: FactCategory[];
}

export interface RedundantFact extends FactSentence {
  /** The keyword that carries the fact ("default", "enum", "minimum+maximum"…). */
  keyword: string;
}

export interface LeadProblem {
  tool: string;
  location: string;
  lead: string;
}

export interface FactLedger {
  total: FactCounts;
  /** Each tool's own description (its envelope's): a client's tool search reads it, so only a deferral level may shorten it. */
  toolDescriptions: ToolDescriptionCounts;
  /** Per tool, in catalog order (a tool without descriptions counts zeros). */
  tools: FactCounts[];
  byCategory: Record<FactCategory, Omit<FactCounts, 'found'>>;
  leads: LeadCounts;
  redundant: RedundantFact[];
  dropped: FactSentence[];
  cutLeads: LeadProblem[];
}

export interface LeadCounts {
  found: number;
  whole: number;
  shortened: number;
  /** Removed where the level does not keep it (a parameter's, at signatures, in a marked tool). */
  deferred: number;
  cut: number;
}

export interface ToolDescriptionCounts {
  found: number;
  whole: number;
  /** Shortened in a marked tool at a deferral level. */
  deferred: number;
  /** Shortened anywhere else: must be 0. */
  cut: number;
}

const zero = (): FactCounts => ({ found: 0, kept: 0, redundant: 0, deferred: 0, dropped: 0 });

/** What the ledger reads of one description of the input alone: its trimmed text, its lead, and its fact sentences (offsets into the text). */
interface SiteReading {
  text: string;
  lead: string;
  facts: readonly { start: number; end: number; categories: readonly FactCategory[] }[];
}

/**
 * The input's descriptions as read (null: blank), by site, per document: a
 * document never changes, and the same input is checked against the output
 * of every level (the levels comparison) — its sentences are split and
 * classified once. Filled as the ledger goes, so its progress still moves.
 */
const readings = new WeakMap<JsonDocument, (SiteReading | null)[]>();

function readSite(site: DescriptionSite, names: SentenceNames | undefined): SiteReading | null {
  const text = site.text.trim();
  if (text === '') return null;
  const spans = splitSentences(text);
  const facts: SiteReading['facts'][number][] = [];
  for (const { start, end } of spans) {
    const categories = factCategoriesOf(text.slice(start, end), names);
    if (categories.length > 0) facts.push({ start, end, categories });
  }
  return { text, lead: text.slice(spans[0]!.start, spans[0]!.end), facts };
}

/**
 * Accounts for every fact sentence and lead of `before` in `after` (`after`
 * with shared sub-schemas expanded); `deferrals`: the level and its marked
 * tools (deferralsOf), none by default.
 */
export function factLedger(
  before: JsonDocument,
  after: JsonDocument,
  toolCount?: number,
  onProgress: Progress = NO_PROGRESS,
  deferrals: Deferrals = NO_DEFERRALS,
): FactLedger {
  const check = listSites([after, before], onProgress);
  const afterSites = sitesByLocation(descriptionSites(after));
  const beforeSites = descriptionSites(before);
  const onTool = perTool(check, (beforeSites.at(-1)?.toolIndex ?? 0) + 1);
  const seen = new Map<string, number>();
  // The structural rule reads the catalog's tool names and each tool's parameters, as the transform does (only for a site not read yet).
  let namesOf: ((toolIndex: number) => SentenceNames) | null | undefined;
  const namesFor = (toolIndex: number): SentenceNames | undefined => {
    if (namesOf === undefined) {
      const layout = readCatalog(before);
      namesOf = layout === undefined ? null : sentenceNamesOf(before, layout);
    }
    return namesOf?.(toolIndex);
  };
  const ledger: FactLedger = {
    total: zero(),
    tools: Array.from({ length: toolCount ?? 0 }, zero),
    byCategory: Object.fromEntries(FACT_CATEGORY_NAMES.map((name) => [name, { kept: 0, redundant: 0, deferred: 0, dropped: 0 }])) as FactLedger['byCategory'],
    leads: { found: 0, whole: 0, shortened: 0, deferred: 0, cut: 0 },
    toolDescriptions: { found: 0, whole: 0, deferred: 0, cut: 0 },
    redundant: [],
    dropped: [],
    cutLeads: [],
  };

  let read = readings.get(before);
  if (read === undefined) readings.set(before, (read = []));
  for (const [i, site] of beforeSites.entries()) {
    const n = seen.get(site.location) ?? 0;
    seen.set(site.location, n + 1);
    const counterpart = afterSites.get(site.location)?.[n];
    const output = counterpart?.text ?? '';
    let reading = read[i];
    if (reading === undefined) read[i] = reading = readSite(site, namesFor(site.toolIndex));
    if (reading === null) continue;
    const { text, lead } = reading;
    const tool = (ledger.tools[site.toolIndex] ??= zero());
    if (site.owner === undefined)
      countToolDescription(ledger.toolDescriptions, output === site.text ? 'whole' : isDeferred(deferrals, site) ? 'deferred' : 'cut');
    ledger.leads.found++;
    let leadState = output === site.text ? 'whole' : leadSurvival(lead, output);
    if (leadState === 'cut' && isLeadDeferred(deferrals, site, counterpart)) leadState = 'deferred';
    ledger.leads[leadState]++;
    if (leadState === 'cut') ledger.cutLeads.push({ tool: site.tool, location: site.location, lead });

    // An unchanged description keeps every sentence (most do: they are short).
    const unchanged = output === site.text;
    for (const { start, end, categories } of reading.facts) {
      const sentence = text.slice(start, end);
      let outcome: keyof Omit<FactCounts, 'found'>;
      if (unchanged || output.includes(sentence)) outcome = 'kept';
      else {
        const keyword = counterpart?.owner === undefined ? undefined : redundantWith(sentence, keywordsOf(after, counterpart.owner));
        const fact = (): FactSentence => ({ tool: site.tool, location: site.location, sentence, categories: [...categories] });
        if (keyword !== undefined) {
          outcome = 'redundant';
          ledger.redundant.push({ ...fact(), keyword });
        } else if (isDeferred(deferrals, site)) outcome = 'deferred';
        else {
          outcome = 'dropped';
          ledger.dropped.push(fact());
        }
      }
      for (const counts of [ledger.total, tool]) {
        counts.found++;
        counts[outcome]++;
      }
      for (const category of categories) ledger.byCategory[category][outcome]++;
    }
    onTool(site.toolIndex);
  }
  return ledger;
}

function countToolDescription(counts: ToolDescriptionCounts, state: Exclude<keyof ToolDescriptionCounts, 'found'>): void {
  counts.found++;
  counts[state]++;
}

/** Whole, shortened by the rule (over 300 bytes, cut at a word boundary, "…"), or cut. */
function leadSurvival(lead: string, output: string): keyof Omit<LeadCounts, 'found'> {
  if (output.includes(lead)) return 'whole';
  if (utf8ByteLength(lead) <= LEAD_CAP_BYTES) return 'cut';
  const at = output.indexOf(ELLIPSIS);
  if (at <= 0) return 'cut';
  const prefix = output.slice(0, at);
  const rest = lead.slice(prefix.length);
  const atBoundary = /^[\s,;:–—-]/u.test(rest);
  return lead.startsWith(prefix) && atBoundary && utf8ByteLength(prefix) <= LEAD_CAP_BYTES ? 'shortened' : 'cut';
}
