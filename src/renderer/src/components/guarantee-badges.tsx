// The guarantee checks of one analysis as badges (docs/levels.md): what the
// level keeps of the selection surface, `$ref`s and defaults where the level
// keeps the structure exact, the relaxation guarantee (every level), the
// constraint sentences and the facts. A check that does not apply at the
// level says so; it never reads "passed".

import type { GuaranteeReport, LevelName } from '../../../shared/contracts';
import { formatInt } from '../lib/format';
import { FactsDrilldown, factsCounts, nothingToCheck } from './facts-drilldown';
import type { GuaranteeBadgeProps } from './guarantee-badge';

const plural = (count: number, one: string, many = `${one}s`) => `${formatInt(count)} ${count === 1 ? one : many}`;

/** What the selection check compared, by the narrowest scope a tool's level kept. */
const SELECTION_TITLES: Record<NonNullable<GuaranteeReport['selection']['scope']>, string> = {
  exact: 'Selection profile',
  skeleton: 'Names, types, required, short enums',
  names: 'Tool names',
};

export function guaranteeBadges(report: GuaranteeReport, level: LevelName): GuaranteeBadgeProps[] {
  const { constraints, facts } = report;
  return [
    selectionBadge(report.selection),
    constructionBadge(report.construction),
    ...(report.relaxation ? [relaxationBadge(report.relaxation)] : []),
    {
      title: 'Constraint sentences',
      // A catalog without a constraint sentence has nothing at stake here: not a pass (as for the facts).
      state: constraints.sentences === 0 ? 'nothing' : constraints.ok ? 'passed' : 'failed',
      counts: `${plural(constraints.sentences, 'sentence')}${(constraints.deferred ?? 0) > 0 ? ` · ${formatInt(constraints.deferred!)} deferred` : ''}`,
      problems: constraints.missing.map((missing) => (
        <>
          Missing in <code>{missing.tool}</code> at <code>{missing.location}</code>: “{missing.sentence}”
        </>
      )),
    },
    {
      title: 'Facts kept',
      state: nothingToCheck(facts) ? 'nothing' : facts.ok ? 'passed' : 'failed',
      counts: factsCounts(facts),
      problems: [],
      drill: <FactsDrilldown facts={facts} level={level} />,
    },
  ];
}

function selectionBadge(selection: GuaranteeReport['selection']): GuaranteeBadgeProps {
  return {
    title: SELECTION_TITLES[selection.scope ?? 'exact'],
    state: selection.ok ? 'passed' : 'failed',
    counts: `${plural(selection.tools, 'tool')} · ${plural(selection.parameters, 'parameter')}`,
    problems: selection.differingTools.map((tool) => (
      <>
        Tool <code>{tool}</code>: what its level keeps of its names, types, enums or required differs
      </>
    )),
  };
}

function constructionBadge(construction: GuaranteeReport['construction']): GuaranteeBadgeProps {
  if (construction.applies === false) {
    return { title: '$refs & defaults', state: 'not-applicable', counts: 'no tool keeps its structure exact at this level', problems: [] };
  }
  return {
    title: '$refs & defaults',
    state: construction.ok ? 'passed' : 'failed',
    counts: `${plural(construction.values, 'value')} · ${plural(construction.refs, 'ref')}`,
    problems: [
      ...construction.changedValues.map((at) => (
        <>
          Value changed at <code>{at}</code>
        </>
      )),
      ...construction.brokenRefs.map((ref) => (
        <>
          <code>{ref.ref}</code> in <code>{ref.tool}</code> at <code>{ref.at}</code> ({ref.kind}) {ref.resolves ? 'resolves elsewhere' : 'no longer resolves'}
        </>
      )),
    ],
  };
}

function relaxationBadge(relaxation: NonNullable<GuaranteeReport['relaxation']>): GuaranteeBadgeProps {
  return {
    title: 'Accepts every valid call',
    state: relaxation.ok ? 'passed' : 'failed',
    counts: plural(relaxation.tools, 'tool schema'),
    problems: relaxation.failures.map((failure) => (
      <>
        Tool <code>{failure.tool}</code> at <code>{failure.at || '/'}</code>: {failure.reason}
      </>
    )),
  };
}
