/**
 * Gives the main thread back to the browser (input, paint) before the next step of start-up:
 * `scheduler.yield()` where the browser has it, else a new task. Used by the browser entry
 * (src/app/start.tsx) between its steps and by the root saga between its own.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
