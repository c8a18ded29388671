// A measured server's cost at each level in each rendering, through the
// proxy, against its listing without it; the level to wrap at (a radio per
// row while the entry is direct); each tool, which can be unticked. A level
// that costs Claude more than a level before it is marked, and why is said
// under the table (costlier-levels.ts), so the proxy is not handed it
// unawares.

import type { LevelName, ServerCosts } from '../../../shared/contracts';
import { costlierLevels, costlierWhy, type CostlierLevel } from '../../../shared/costlier-levels';
import { costRows, RENDERING_LABELS, RENDERINGS, type CostRow } from '../../../shared/server-cost-table';
import { formatChange, formatInt, formatShareMoved } from '../lib/format';
import { Icon } from './icon';

interface LevelCostsProps {
  costs: ServerCosts;
  excluded: ReadonlySet<string>;
  level: LevelName;
  editable: boolean;
  label: string;
  onLevel(level: LevelName): void;
  onToggle(name: string): void;
}

export function LevelCosts({ costs, excluded, level, editable, label, onLevel, onToggle }: LevelCostsProps) {
  const rows = costRows(costs, excluded);
  const costlier = costlierLevels(rows);
  const estimate = rows.some((row) => row.estimate);
  return (
    <div className="server-costs">
      <table className="server-cost-table">
        <caption>
          Tokens per tools/list ({costs.basis}, {costs.tokenizer}){editable ? ' — pick the level to wrap at' : ''}
          {estimate ? ' · ≈ with the unticked tools left out' : ''}
        </caption>
        <thead>
          <tr>
            <th scope="col">Level</th>
            <th scope="col">Tools</th>
            {RENDERINGS.map((rendering) => (
              <th scope="col" key={rendering} title={RENDERING_LABELS[rendering].title}>
                {RENDERING_LABELS[rendering].head}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows[0] !== undefined ? <WithoutProxyRow before={rows[0].before} tools={costs.tools.length} /> : null}
          {rows.map((row) => (
            <LevelRow
              key={row.level}
              row={row}
              chosen={row.level === level}
              costlier={costlier.get(row.level)}
              editable={editable}
              label={label}
              onLevel={onLevel}
            />
          ))}
        </tbody>
      </table>
      <p className="server-note">
        Through the proxy a level that shortens descriptions also lists caveman_describe (counted above), so a model can read any tool’s full definition.
      </p>
      <CostlierNotes costlier={costlier} chosen={level} />
      <ToolsAtLevel costs={costs} excluded={excluded} level={level} editable={editable} onToggle={onToggle} />
    </div>
  );
}

function WithoutProxyRow({ before, tools }: { before: CostRow['before']; tools: number }) {
  return (
    <tr className="server-cost-before">
      <th scope="row">Without the proxy</th>
      <td>{formatInt(tools)}</td>
      {RENDERINGS.map((rendering) => (
        <td key={rendering}>{formatInt(before[rendering])}</td>
      ))}
    </tr>
  );
}

interface LevelRowProps {
  row: CostRow;
  chosen: boolean;
  costlier: CostlierLevel | undefined;
  editable: boolean;
  label: string;
  onLevel(level: LevelName): void;
}

function LevelRow({ row, chosen, costlier, editable, label, onLevel }: LevelRowProps) {
  return (
    <tr className={chosen ? 'server-cost-chosen' : undefined} aria-selected={chosen}>
      <th scope="row">
        {editable ? (
          <label className="server-level">
            <input type="radio" name={`level-${label}`} checked={chosen} onChange={() => onLevel(row.level)} />
            {row.level}
          </label>
        ) : (
          row.level
        )}
        {costlier ? (
          <span className="server-costlier" title={costlierWhy(costlier)}>
            <Icon name="alert" size={12} />+{formatInt(costlier.extra)} vs {costlier.than}
          </span>
        ) : null}
      </th>
      <td>{formatInt(row.tools)}</td>
      {RENDERINGS.map((rendering) => (
        <td key={rendering} title={row.describe[rendering] > 0 ? `includes caveman_describe: ${formatInt(row.describe[rendering])} tokens` : undefined}>
          {row.estimate ? '≈' : ''}
          {formatInt(row.after[rendering])}{' '}
          <span className={row.after[rendering] > row.before[rendering] ? 'server-grew' : 'server-saved'}>
            {formatShareMoved(row.before[rendering], row.after[rendering])}
          </span>
        </td>
      ))}
    </tr>
  );
}

/** Why each marked level costs more; the chosen one first, as a warning. */
function CostlierNotes({ costlier, chosen }: { costlier: ReadonlyMap<LevelName, CostlierLevel>; chosen: LevelName }) {
  if (costlier.size === 0) return null;
  const picked = costlier.get(chosen);
  const others = [...costlier.values()].filter((each) => each.level !== chosen);
  return (
    <div className="server-costlier-notes">
      {picked ? (
        <p className="server-costlier-chosen" role="status">
          <Icon name="alert" />
          <span>{costlierWhy(picked)}</span>
        </p>
      ) : null}
      {others.length > 0 ? (
        <ul className="server-note" aria-label="Levels that cost more than one before them">
          {others.map((each) => (
            <li key={each.level}>{costlierWhy(each)}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

interface ToolsAtLevelProps {
  costs: ServerCosts;
  excluded: ReadonlySet<string>;
  level: LevelName;
  editable: boolean;
  onToggle(name: string): void;
}

function ToolsAtLevel({ costs, excluded, level, editable, onToggle }: ToolsAtLevelProps) {
  const chosen = costs.levels.find((each) => each.level === level);
  if (chosen === undefined) return null;
  return (
    <fieldset className="server-tools">
      <legend>
        Tools at {level}, Claude tokens before → after —{' '}
        {editable ? 'untick the ones the proxy should neither list nor let be called' : 'as the wrapped entry filters them'}
      </legend>
      <ul>
        {costs.tools.map((tool, i) => {
          const kept = !excluded.has(tool.name);
          return (
            <li key={`${i}:${tool.name}`} className={kept ? undefined : 'server-tool-off'}>
              <label>
                <input type="checkbox" checked={kept} disabled={!editable} onChange={() => onToggle(tool.name)} />
                <code>{tool.name}</code>
              </label>
              <span className="server-tool-tokens" title="Claude rendering: before → after at this level">
                {formatChange(tool.before.anthropic, chosen.tools[i]?.anthropic ?? 0)}
              </span>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
