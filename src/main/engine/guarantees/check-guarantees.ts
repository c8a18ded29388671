// The three guarantees of SPEC §2.6 as one report, for the tests and for the
// app's badges: selection surface, argument construction, constraint sentences.

import type { JsonDocument } from '../json/json-node';
import { constructionProfileOf, type RefReport } from './construction-values';
import { constraintSentencesOf, missingConstraintSentences, type ConstraintSentence } from './constraint-survival';
import { sameSelectionProfile, selectionProfileOf } from './selection-profile';

export interface GuaranteeReport {
  selection: { ok: boolean; tools: number; parameters: number; differingTools: string[] };
  construction: { ok: boolean; values: number; changedValues: string[]; refs: number; brokenRefs: RefReport[] };
  constraints: { ok: boolean; sentences: number; missing: ConstraintSentence[] };
}

const LISTED = 20;

/** Compares a catalog with its transformed output. */
export function checkGuarantees(before: JsonDocument, after: JsonDocument): GuaranteeReport {
  const profileBefore = selectionProfileOf(before);
  const profileAfter = selectionProfileOf(after);
  const differingTools = profileBefore.tools
    .filter((tool, i) => !sameSelectionProfile({ tools: [tool] }, { tools: profileAfter.tools[i] ? [profileAfter.tools[i]] : [] }))
    .map((tool) => tool.name);
  if (profileBefore.tools.length !== profileAfter.tools.length) differingTools.push('(tool count)');

  const constructionBefore = constructionProfileOf(before);
  const constructionAfter = constructionProfileOf(after);
  const changedValues = Object.entries(constructionBefore.values)
    .filter(([where, value]) => constructionAfter.values[where] !== value)
    .map(([where]) => where.replaceAll('\u241f', ' '));
  const resolvedAfter = new Set(constructionAfter.refs.filter((r) => r.resolves).map(refKey));
  const brokenRefs = constructionBefore.refs.filter((r) => r.resolves && !resolvedAfter.has(refKey(r)));

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
  };
}

function refKey(ref: RefReport): string {
  return `${ref.tool}\u241f${ref.at}\u241f${ref.ref}`;
}
