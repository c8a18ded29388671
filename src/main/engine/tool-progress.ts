// The guarantee checks and the diff walk every tool (the checks several
// times: profiles before and after, descriptions, facts). A job's progress
// bar must move while they run (a 32 MiB catalog stood still at one
// percentage for seconds), so each walk reports the tools it is done with,
// as a fraction of its own work that its caller maps into its share.

/** Hears 0…1 of one piece of work. */
export type Progress = (fraction: number) => void;

export const NO_PROGRESS: Progress = () => undefined;

/** 0…1 of a part of the work as from…to of the whole. */
export function span(progress: Progress, from: number, to: number): Progress {
  return progress === NO_PROGRESS ? NO_PROGRESS : (fraction) => progress(from + (to - from) * fraction);
}

/** The work cut into `count` equal parts done one after another. */
export function parts(progress: Progress, count: number): Progress[] {
  return Array.from({ length: count }, (_, i) => span(progress, i / count, (i + 1) / count));
}

/** A walk over `toolCount` tools: call it with a tool's index when done with that tool. */
export function perTool(progress: Progress, toolCount: number): (toolIndex: number) => void {
  if (progress === NO_PROGRESS) return () => undefined;
  const tools = Math.max(1, toolCount);
  return (toolIndex) => progress(Math.min(1, (toolIndex + 1) / tools));
}

/**
 * The work cut into parts done one after another, each its `weights` share of
 * the whole (normalised): parts that take longer get more of the bar, so it
 * moves at an even pace instead of racing through quick parts and standing
 * still on slow ones.
 */
export function weighted(progress: Progress, weights: readonly number[]): Progress[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let from = 0;
  return weights.map((weight) => {
    const start = from;
    from += weight;
    return span(progress, start / total, from / total);
  });
}
