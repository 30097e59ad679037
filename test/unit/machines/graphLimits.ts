/**
 * Model-based tests fail fast instead of hanging: every graph search of xstate/graph runs with
 * a bound on the states it visits (its traversal `limit`), and a search that reaches it throws
 * "Traversal limit exceeded", failing the test at once. The largest graph here (the brake
 * finder's) needs between 50,000 and 100,000 steps of the search; a guard dropped by mistake can make a graph unbounded (the
 * mini basket's remove-twice guard once made the search run for ten minutes).
 */
export const GRAPH_LIMIT = 100_000;

/** A path's short name for test titles and failures: its number and its events' types. */
export function pathName(path: { steps: Array<{ event: { type: string } }> }, index: number): string {
  const events = path.steps.slice(1).map((step) => step.event.type);
  const name = `path ${index + 1}: ${events.length ? events.join(' → ') : '(initial state)'}`;
  return name.length > 120 ? `${name.slice(0, 117)}...` : name;
}
