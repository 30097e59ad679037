/**
 * `npm run dev` only: the dev server (scripts/dev.mjs) keeps the page's address answering while it
 * restarts the shop, and says "reload" on `/__dev/events` once the new server answers with the
 * new code; the open page then loads again, so a saved change shows without a manual reload.
 */
export const DEV_EVENTS_PATH = '/__dev/events';

export function reloadOnRestart(): void {
  const events = new EventSource(DEV_EVENTS_PATH);
  events.addEventListener('reload', () => window.location.reload());
}
