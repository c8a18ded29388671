// A token budget for the listing (docs/levels.md, "Budgets"): which level
// each tool is listed at so the whole listing, as Claude is handed it with
// the describe tool, fits. The describe tool is always counted: a listing
// below `facts` lists it, and at `facts` any parameter description cut does.
// Each level at or below the ceiling is shrunk and counted once for the
// whole catalog (every tool's share from one count), a lower one only once
// the stepping reaches it; the stepping itself is arithmetic on those
// shares (engine/budget/plan-levels.ts).

import type { BudgetPlanReport } from '../../shared/contracts';
import { CavemanError } from '../../shared/errors';
import { formatInt } from '../../shared/format-figures';
import { DEFAULT_LEVEL, LEVELS, type LevelName } from '../../shared/levels';
import { DEFAULT_TOKENIZER, type TokenizerName } from '../../shared/tokenizers';
import { planLevels } from '../engine/budget/plan-levels';
import type { JsonDocument } from '../engine/json/json-node';
import type { ParallelTokenCounter } from '../engine/tokens';
import type { CatalogLayout } from '../engine/transform/catalog-shape';
import { beginListingCosts, listingAt, listingCostsNow, type ListingCosts } from './listing-costs';
import { parseCatalog, prepareCatalog, type ParsedCatalog, type PreparedCatalog } from './prepare-catalog';
import type { ShrinkSettings } from '../../shared/compressor';
import { readInput, type CatalogInput, type ReadInput } from './read-catalog-text';
import { sharedCounter } from './shared-counter';

export interface BudgetOptions {
  /** The richest level a tool is listed at. */
  ceiling: LevelName;
  /** Tokens the listing may take, as Claude is handed it (the describe tool included). */
  budget: number;
  tokenizer: TokenizerName;
  counter: ParallelTokenCounter;
  shareSchemas: boolean;
  /** Calls per tool name (a usage snapshot): a tool called more is stepped down later. */
  calls?: Readonly<Record<string, number>> | undefined;
  signal?: AbortSignal | undefined;
}

export interface BudgetPlan {
  /** Each tool's level, in catalog order. */
  toolLevels: LevelName[];
  /** The listing's tokens as planned. */
  listingTokens: number;
  /** False when even every tool at its floor does not fit: then `listingTokens` is that floor. */
  fits: boolean;
}

/** A shrink's or lint's options as a plan takes them (their `level` is the ceiling). */
export function budgetOptionsOf(
  options: {
    level?: LevelName | undefined;
    tokenizer?: TokenizerName | undefined;
    counter?: ParallelTokenCounter | undefined;
    shareSchemas?: boolean | undefined;
    calls?: Readonly<Record<string, number>> | undefined;
    signal?: AbortSignal | undefined;
  },
  budget: number,
): BudgetOptions {
  return {
    ceiling: options.level ?? DEFAULT_LEVEL,
    budget,
    tokenizer: options.tokenizer ?? DEFAULT_TOKENIZER,
    counter: options.counter ?? sharedCounter(),
    shareSchemas: options.shareSchemas ?? false,
    calls: options.calls,
    signal: options.signal,
  };
}

export async function planBudget(doc: JsonDocument, layout: CatalogLayout, options: BudgetOptions): Promise<BudgetPlan> {
  const { counter, tokenizer, shareSchemas, signal } = options;
  const planning = budgetPlanning(layout, options);
  for (let step = planning.next(); ;) {
    if (step.done) return step.value;
    step = planning.next(await beginListingCosts(listingAt(doc, layout, step.value, { shareSchemas }), counter, tokenizer, signal)());
  }
}

/** planBudget on this thread alone (re-making a recorded shrink's plan: recoverTools, the describe tool's index). */
export function planBudgetNow(doc: JsonDocument, layout: CatalogLayout, options: Omit<BudgetOptions, 'counter' | 'signal'>): BudgetPlan {
  const planning = budgetPlanning(layout, options);
  for (let step = planning.next(); ;) {
    if (step.done) return step.value;
    step = planning.next(listingCostsNow(listingAt(doc, layout, step.value, { shareSchemas: options.shareSchemas }), options.tokenizer));
  }
}

/**
 * A plan, made as the levels it needs are counted: it yields the level it
 * needs next and takes its costs. A level below the ceiling is asked for
 * only once the stepping first reaches it, and the plan is made again with
 * it (planning is cheap; shrinking and counting a level is not).
 */
function* budgetPlanning(layout: CatalogLayout, options: Pick<BudgetOptions, 'ceiling' | 'budget' | 'calls'>): Generator<LevelName, BudgetPlan, ListingCosts> {
  const { ceiling, budget } = options;
  const ladder = LEVELS.slice(LEVELS.indexOf(ceiling));
  const known: (ListingCosts | undefined)[] = [yield ceiling];
  const rest = known[0]!.total - sum(known[0]!.parts);
  // Own names only: a tool named like an Object method (`constructor`) is not called by inheritance.
  const calls = options.calls && layout.tools.map((tool) => (Object.hasOwn(options.calls!, tool.name) ? options.calls![tool.name]! : 0));
  for (;;) {
    try {
      const plan = planLevels({ ladder, costsAt: (rung) => known[rung]?.parts ?? needs(rung), rest, budget, calls });
      return { toolLevels: plan.levels, listingTokens: plan.tokens, fits: plan.fits };
    } catch (error) {
      if (!(error instanceof RungNeeded)) throw error;
      known[error.rung] = yield ladder[error.rung]!;
    }
  }
}

/** Thrown out of a plan that reached a level not counted yet. */
class RungNeeded extends Error {
  constructor(readonly rung: number) {
    super(`level ${rung} of the ladder is not counted yet`);
  }
}

function needs(rung: number): never {
  throw new RungNeeded(rung);
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/** An input read, parsed, and planned for its budget (no plan when it is not a catalog: it passes through as ever). */
export interface PlannedInput {
  read: ReadInput;
  parsed: ParsedCatalog;
  plan?: BudgetPlan;
}

/** Reads, parses and plans `input`; throws budgetBelowFloor when even every tool at its floor does not fit. */
export async function planInput(input: CatalogInput, options: BudgetOptions): Promise<PlannedInput> {
  const read = readInput(input);
  const parsed = parseCatalog(read);
  if (!parsed.ok || parsed.layout === undefined) return { read, parsed };
  const plan = await planBudget(parsed.doc, parsed.layout, options);
  if (!plan.fits) throw budgetBelowFloor(options.budget, plan.listingTokens);
  return { read, parsed, plan };
}

/**
 * A stored original transformed as its shrink recorded it (compressor.ts):
 * with a budget, its plan made again, on this thread (the same catalog,
 * ceiling, budget, tokenizer and recorded calls give the same plan).
 */
export function prepareAsRecorded(read: ReadInput, settings: ShrinkSettings, tokenizer: TokenizerName): PreparedCatalog {
  const { shareSchemas, level, budget, calls } = settings;
  if (budget === undefined) return prepareCatalog(read, { shareSchemas, level });
  const parsed = parseCatalog(read);
  if (!parsed.ok || parsed.layout === undefined) return prepareCatalog(read, { parsed, shareSchemas, level });
  const plan = planBudgetNow(parsed.doc, parsed.layout, { ceiling: level, budget, tokenizer, shareSchemas, calls });
  return prepareCatalog(read, { parsed, shareSchemas, level, toolLevels: plan.toolLevels });
}

/** What a report says of a plan: the budget, the listing's tokens, and how many tools at each level. */
export function budgetReport(budget: number, plan: BudgetPlan): BudgetPlanReport {
  const tools: Partial<Record<LevelName, number>> = {};
  for (const level of LEVELS) {
    const count = plan.toolLevels.filter((each) => each === level).length;
    if (count > 0) tools[level] = count;
  }
  return { tokens: budget, listing_tokens: plan.listingTokens, tools };
}

/** True for budgetBelowFloor's error (the only cave_bad_request a shrink or lint throws). */
export function isBudgetBelowFloor(error: unknown): error is CavemanError {
  return error instanceof CavemanError && error.code === 'cave_bad_request';
}

/** A budget no plan can meet: even every tool at its floor lists more (the CLI exits 2 with this). */
export function budgetBelowFloor(budget: number, floor: number): CavemanError {
  return new CavemanError(
    'cave_bad_request',
    `a budget of ${formatInt(budget)} tokens is below this catalog's floor: with every tool at names its listing is ${formatInt(floor)} tokens ` +
      '(as Claude is handed it, the describe tool included)',
  );
}
