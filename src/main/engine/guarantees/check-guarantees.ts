// The guarantees of SPEC §2.6 as one report, for the tests and for the app's
// badges: selection surface, argument construction, constraint sentences
// (today's rule markers) and facts kept (the fact taxonomy, with every lead
// whole). Shared sub-schemas are expanded first, so every check compares
// what the references mean, not how they are written.

import type { JsonDocument } from '../json/json-node';
import type { FactCategory } from '../transform/fact-taxonomy';
import { constructionProfileOf, type RefReport } from './construction-values';
import { constraintSentencesOf, missingConstraintSentences, type ConstraintSentence } from './constraint-survival';
import { expandSharedSchemas, type ExpandedCatalog } from './expand-shared';
import { factLedger, type FactCounts, type FactLedger, type FactSentence, type LeadProblem, type RedundantFact } from './facts-kept';
import { sameSelectionProfile, selectionProfileOf } from './selection-profile';

export interface GuaranteeReport {
  selection: { ok: boolean; tools: number; parameters: number; differingTools: string[] };
  construction: { ok: boolean; values: number; changedValues: string[]; refs: number; brokenRefs: RefReport[] };
  constraints: { ok: boolean; sentences: number; missing: ConstraintSentence[] };
  facts: {
    ok: boolean;
    sentences: number;
    kept: number;
    redundant: number;
    dropped: number;
    leads: { found: number; whole: number; shortened: number; cut: number };
    byCategory: Record<FactCategory, Omit<FactCounts, 'found'>>;
    redundantFacts: RedundantFact[];
    missing: Omit<FactSentence, 'categories'>[];
    cutLeads: LeadProblem[];
  };
}

const LISTED = 20;

/** The output with shared sub-schemas expanded, and its facts ledger: what the checks and lint's fact columns both read. */
export interface CheckedOutput {
  expanded: ExpandedCatalog;
  ledger: FactLedger;
}

/** `toolCount`: the catalog's tools, so the ledger has a row for each (see factLedger). */
export function checkOutput(before: JsonDocument, output: JsonDocument, toolCount?: number): CheckedOutput {
  const expanded = expandSharedSchemas(before, output);
  return { expanded, ledger: factLedger(before, expanded.doc, toolCount) };
}

/** Compares a catalog with its transformed output (`checked`: checkOutput's result, when the caller already has it). */
export function checkGuarantees(before: JsonDocument, output: JsonDocument, checked: CheckedOutput = checkOutput(before, output)): GuaranteeReport {
  const { expanded, ledger } = checked;
  const after = expanded.doc;
  const profileBefore = selectionProfileOf(before);
  const profileAfter = selectionProfileOf(after);
  const differingTools = profileBefore.tools
    .filter((tool, i) => !sameSelectionProfile({ tools: [tool] }, { tools: profileAfter.tools[i] ? [profileAfter.tools[i]] : [] }))
    .map((tool) => tool.name);
  if (profileBefore.tools.length !== profileAfter.tools.length) differingTools.push('(tool count)');

  const constructionBefore = constructionProfileOf(before);
  const constructionAfter = constructionProfileOf(after);
  const changedValues = [
    ...Object.entries(constructionBefore.values)
      .filter(([where, value]) => constructionAfter.values[where] !== value)
      .map(([where]) => where.replaceAll('\u241f', ' ')),
    ...expanded.unresolved.map((ref) => `shared sub-schema ${ref} does not resolve`),
  ];
  const resolvedAfter = new Set(constructionAfter.refs.filter((r) => r.resolves).map(refKey));
  // Broken: resolved before and not after, or written by the shrink (a shared sub-schema) and not resolving.
  const refsBefore = new Set(constructionBefore.refs.map(refKey));
  const brokenRefs = [
    ...constructionBefore.refs.filter((r) => r.resolves && !resolvedAfter.has(refKey(r))),
    ...constructionAfter.refs.filter((r) => !r.resolves && !refsBefore.has(refKey(r))),
  ];

  const missing = missingConstraintSentences(before, after);
  return {
    selection: {
      ok: differingTools.length === 0,
      tools: profileBefore.tools.length,
      parameters: profileBefore.tools.reduce((sum, tool) => sum + tool.parameters.length, 0),
      differingTools: differingTools.slice(0, LISTED),
    },
    construction: {
      ok: changedValues.length === 0 && brokenRefs.length === 0,
      values: Object.keys(constructionBefore.values).length,
      changedValues: changedValues.slice(0, LISTED),
      refs: constructionBefore.refs.length,
      brokenRefs: brokenRefs.slice(0, LISTED),
    },
    constraints: {
      ok: missing.length === 0,
      sentences: constraintSentencesOf(before).length,
      missing: missing.slice(0, LISTED),
    },
    facts: {
      ok: ledger.total.dropped === 0 && ledger.leads.cut === 0,
      sentences: ledger.total.found,
      kept: ledger.total.kept,
      redundant: ledger.total.redundant,
      dropped: ledger.total.dropped,
      leads: ledger.leads,
      byCategory: ledger.byCategory,
      redundantFacts: ledger.redundant.slice(0, LISTED),
      missing: ledger.dropped.slice(0, LISTED).map(({ tool, location, sentence }) => ({ tool, location, sentence })),
      cutLeads: ledger.cutLeads.slice(0, LISTED),
    },
  };
}

function refKey(ref: RefReport): string {
  return `${ref.tool}\u241f${ref.at}\u241f${ref.ref}`;
}
