// The guarantees of docs/spec.md as one report, for the tests and for the app's
// badges: selection surface, argument construction, constraint sentences
// (today's rule markers) and facts kept (the fact taxonomy, with every lead
// whole). Shared sub-schemas are expanded first, so every check compares
// what the references mean, not how they are written. At a deferral level
// (docs/levels.md) a sentence missing from a marked tool counts as deferred.

import { DEFAULT_LEVEL, type CatalogLevels } from '../../../shared/levels';
import type { JsonDocument } from '../json/json-node';
import type { FactCategory } from '../transform/fact-taxonomy';
import { constructionProfileOf, type ConstructionProfile, type RefReport, type ResolvedRef } from './construction-values';
import { constraintSurvival, type ConstraintSentence } from './constraint-survival';
import { deferralsOf, type Deferrals } from './deferrals';
import { expandSharedSchemas, type ExpandedCatalog } from './expand-shared';
import {
  factLedger,
  type FactCounts,
  type FactLedger,
  type FactSentence,
  type LeadCounts,
  type LeadProblem,
  type RedundantFact,
  type ToolDescriptionCounts,
} from './facts-kept';
import { selectionProfileOf, type SelectionProfile } from './selection-profile';
import { keepsSelection, narrowestScope, selectionScopeOf, type SelectionScope } from './selection-scope';
import { relaxationFailures, type RelaxationFailure } from './relaxation';
import { readCatalog } from '../transform/catalog-shape';
import { NO_PROGRESS, perTool, span, weighted, type Progress } from '../tool-progress';

export interface GuaranteeReport {
  /** `scope`: what the levels kept exactly, for the tool that kept the least (docs/levels.md). */
  selection: { ok: boolean; scope: SelectionScope; tools: number; parameters: number; differingTools: string[] };
  /** Checked on the tools whose level keeps their structure exact; `applies` false when none does (then nothing passed). */
  construction: { ok: boolean; applies: boolean; values: number; changedValues: string[]; refs: number; brokenRefs: RefReport[] };
  /** Every listed input schema accepts every argument object its original accepts: at every level. */
  relaxation: { ok: boolean; tools: number; failures: RelaxationFailure[] };
  /** `deferred`: missing from a marked tool at a deferral level (0 at full and facts). */
  constraints: { ok: boolean; sentences: number; deferred: number; missing: ConstraintSentence[] };
  facts: {
    ok: boolean;
    sentences: number;
    kept: number;
    redundant: number;
    deferred: number;
    dropped: number;
    leads: LeadCounts;
    /** Each tool's own description: whole at full and facts; only a marked tool at a deferral level may shorten it. */
    toolDescriptions: ToolDescriptionCounts;
    byCategory: Record<FactCategory, Omit<FactCounts, 'found'>>;
    redundantFacts: RedundantFact[];
    missing: Omit<FactSentence, 'categories'>[];
    cutLeads: LeadProblem[];
  };
}

const LISTED = 20;

/**
 * checkOutput's share of checkGuarantees' bar. Every walk's share is about its
 * share of the time on a generated 32 MiB catalog, so the bar moves at an
 * even pace: expanding shared sub-schemas is quick, the facts ledger slow.
 */
export const CHECK_OUTPUT_SHARE = 0.35;
const CHECK_OUTPUT_WEIGHTS = [0.03, 0.97];
/**
 * checkGuarantees' own work after checkOutput: the selection profiles before and after, their comparison, the construction profiles before and after,
 * the constraint sentences (missing ones, and how many there are, from one walk).
 */
const WALK_WEIGHTS = [0.18, 0.11, 0.08, 0.1, 0.1, 0.27];

interface InputProfiles {
  selection?: SelectionProfile;
  construction?: ConstructionProfile;
}

/**
 * The input's selection and construction profiles, per document: a parsed
 * document never changes, and the same input is checked against the output of
 * every level (the levels comparison, the levels property). Read only here.
 */
const inputProfiles = new WeakMap<JsonDocument, InputProfiles>();

/** `read(doc, onProgress)` once per document (`onProgress` hears it whole when remembered). */
function remembered<K extends keyof InputProfiles>(
  key: K,
  doc: JsonDocument,
  onProgress: Progress,
  read: (doc: JsonDocument, onProgress: Progress) => Required<InputProfiles>[K],
): Required<InputProfiles>[K] {
  let profiles = inputProfiles.get(doc);
  if (profiles === undefined) inputProfiles.set(doc, (profiles = {}));
  const known = profiles[key];
  if (known !== undefined) {
    onProgress(1);
    return known as Required<InputProfiles>[K];
  }
  const profile = read(doc, onProgress);
  profiles[key] = profile;
  return profile;
}

/** The output with shared sub-schemas expanded, what its level may defer, and its facts ledger: what the checks and lint's fact columns all read. */
export interface CheckedOutput {
  expanded: ExpandedCatalog;
  deferrals: Deferrals;
  ledger: FactLedger;
}

/**
 * `toolCount`: the catalog's tools, so the ledger has a row for each (see
 * factLedger); `onProgress` hears its two walks; `level`: the level the
 * output was shrunk at (one, or one per tool).
 */
export function checkOutput(
  before: JsonDocument,
  output: JsonDocument,
  toolCount?: number,
  onProgress: Progress = NO_PROGRESS,
  level: CatalogLevels = DEFAULT_LEVEL,
): CheckedOutput {
  const [expanding, ledgering] = weighted(onProgress, CHECK_OUTPUT_WEIGHTS) as [Progress, Progress];
  const expanded = expandSharedSchemas(before, output, expanding);
  const deferrals = deferralsOf(expanded.doc, level);
  return { expanded, deferrals, ledger: factLedger(before, expanded.doc, toolCount, ledgering, deferrals) };
}

/**
 * Compares a catalog with its transformed output (`checked`: checkOutput's
 * result, when the caller already has it, which then says the level);
 * `onProgress` hears 0…1 as the checks go through the tools; `level`: the
 * level the output was shrunk at (one, or one per tool), when `checked` is not given.
 */
export function checkGuarantees(
  before: JsonDocument,
  output: JsonDocument,
  checked?: CheckedOutput,
  onProgress: Progress = NO_PROGRESS,
  level: CatalogLevels = DEFAULT_LEVEL,
): GuaranteeReport {
  // Walks over the tools, in turn, a share of the bar each; the first two are checkOutput's (done already when passed in).
  const checking = span(onProgress, 0, CHECK_OUTPUT_SHARE);
  const walk = weighted(span(onProgress, CHECK_OUTPUT_SHARE, 1), WALK_WEIGHTS);
  const { expanded, deferrals, ledger } = checked ?? checkOutput(before, output, undefined, checking, level);
  checking(1);
  const after = expanded.doc;
  const scopes = (readCatalog(before)?.tools ?? []).map((_, i) => selectionScopeOf(deferrals, i));
  const selection = checkSelection(before, after, scopes, walk);
  const construction = checkConstruction(before, expanded, scopes, walk);
  const relaxation = relaxationFailures(before, after);
  const { missing, deferred, sentences: constraintSentences } = constraintSurvival(before, after, walk[5], deferrals);
  return {
    selection,
    construction,
    relaxation: { ok: relaxation.failures.length === 0, tools: relaxation.tools, failures: relaxation.failures.slice(0, LISTED) },
    constraints: {
      ok: missing.length === 0,
      sentences: constraintSentences,
      deferred,
      missing: missing.slice(0, LISTED),
    },
    facts: {
      ok: ledger.total.dropped === 0 && ledger.leads.cut === 0 && ledger.toolDescriptions.cut === 0,
      sentences: ledger.total.found,
      kept: ledger.total.kept,
      redundant: ledger.total.redundant,
      deferred: ledger.total.deferred,
      dropped: ledger.total.dropped,
      leads: ledger.leads,
      toolDescriptions: ledger.toolDescriptions,
      byCategory: ledger.byCategory,
      redundantFacts: ledger.redundant.slice(0, LISTED),
      missing: ledger.dropped.slice(0, LISTED).map(({ tool, location, sentence }) => ({ tool, location, sentence })),
      cutLeads: ledger.cutLeads.slice(0, LISTED),
    },
  };
}

/** Each tool's selection surface, compared as far as its level keeps it exactly. */
function checkSelection(before: JsonDocument, after: JsonDocument, scopes: readonly SelectionScope[], walk: Progress[]): GuaranteeReport['selection'] {
  const profileBefore = remembered('selection', before, walk[0]!, selectionProfileOf);
  const profileAfter = selectionProfileOf(after, walk[1]);
  const toolsBefore = readCatalog(before)?.tools ?? [];
  const toolsAfter = readCatalog(after)?.tools ?? [];
  // Comparing the profiles tool by tool takes a few hundred milliseconds on 32 MiB: it reports as it goes.
  const compared = perTool(walk[2]!, profileBefore.tools.length);
  const differingTools = profileBefore.tools
    .filter((profile, i) => {
      const sides = {
        before: { doc: before, profile, schemas: toolsBefore[i]?.schemas ?? [] },
        after: { doc: after, profile: profileAfter.tools[i], schemas: toolsAfter[i]?.schemas ?? [] },
      };
      const same = keepsSelection(scopes[i] ?? 'exact', sides);
      compared(i);
      return !same;
    })
    .map((tool) => tool.name);
  if (profileBefore.tools.length !== profileAfter.tools.length) differingTools.push('(tool count)');
  return {
    ok: differingTools.length === 0,
    scope: narrowestScope(scopes),
    tools: profileBefore.tools.length,
    parameters: profileBefore.tools.reduce((sum, tool) => sum + tool.parameters.length, 0),
    differingTools: differingTools.slice(0, LISTED),
  };
}

/** Defaults, consts and `$ref`s of the tools whose level keeps their structure exact (a skeleton keeps some, and promises none). */
function checkConstruction(
  before: JsonDocument,
  expanded: ExpandedCatalog,
  scopes: readonly SelectionScope[],
  walk: Progress[],
): GuaranteeReport['construction'] {
  const exact = (toolIndex: number) => (scopes[toolIndex] ?? 'exact') === 'exact';
  const ofExactTool = (where: string) => exact(Number(where.slice(0, where.indexOf('\u241f'))));
  const constructionBefore = remembered('construction', before, walk[3]!, constructionProfileOf);
  const constructionAfter = constructionProfileOf(expanded.doc, walk[4]);
  const valuesBefore = Object.entries(constructionBefore.values).filter(([where]) => ofExactTool(where));
  const changedValues = [
    ...valuesBefore.filter(([where, value]) => constructionAfter.values[where] !== value).map(([where]) => where.replaceAll('\u241f', ' ')),
    ...expanded.unresolved.map((ref) => `shared sub-schema ${ref} does not resolve`),
  ];
  const refsBefore = constructionBefore.refs.filter((ref) => exact(ref.toolIndex));
  const refsAfter = constructionAfter.refs.filter((ref) => exact(ref.toolIndex));
  const landsAfter = new Map<string, Set<string>>();
  for (const ref of refsAfter) {
    const key = refKey(ref);
    const lands = landsAfter.get(key) ?? new Set<string>();
    for (const target of ref.targets) lands.add(target);
    landsAfter.set(key, lands);
  }
  // Broken: resolved before and not after (or not to every place it did), or written by the shrink (a shared sub-schema) and not resolving.
  const keysBefore = new Set(refsBefore.map(refKey));
  const brokenRefs: RefReport[] = [
    ...refsBefore.filter((r) => r.resolves && !r.targets.every((target) => landsAfter.get(refKey(r))?.has(target))).map(reportOf),
    ...refsAfter.filter((r) => !r.resolves && !keysBefore.has(refKey(r))).map(reportOf),
  ];
  return {
    ok: changedValues.length === 0 && brokenRefs.length === 0,
    applies: scopes.length === 0 || scopes.some((scope) => scope === 'exact'),
    values: valuesBefore.length,
    changedValues: changedValues.slice(0, LISTED),
    refs: refsBefore.length,
    brokenRefs: brokenRefs.slice(0, LISTED),
  };
}

/** A reference as the report lists it (without the places it lands). */
function reportOf(ref: ResolvedRef): RefReport {
  return { tool: ref.tool, at: ref.at, ref: ref.ref, kind: ref.kind, resolves: ref.resolves };
}

function refKey(ref: RefReport): string {
  return `${ref.tool}\u241f${ref.at}\u241f${ref.ref}`;
}
