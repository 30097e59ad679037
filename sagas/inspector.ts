import { createBrowserInspector } from '@statelyai/inspect';
import type { InspectionEvent } from 'xstate';

/**
 * `?inspect` in a build that carries the inspector (development, or INSPECT=1): the Stately
 * inspector opens in a pop-up and receives every actor's events. When it cannot (the browser
 * blocked the pop-up, or the inspector's site never answers: offline), the page says so in a small
 * notice and in the console, and the inspection events stay here, logged to the console
 * (`console.debug`, "[inspect]") and kept in `window.__shopInspection` (the last 500), so the
 * flows can still be followed.
 */
export const INSPECTOR_URL = 'https://stately.ai/inspect';
/** How long the pop-up may take to say it is connected before the page calls it unreachable. */
export const INSPECTOR_CONNECT_MS = 8000;
const KEPT = 500;

export type InspectorProblem = 'blocked' | 'unreachable';

export const INSPECTOR_NOTICES: Record<InspectorProblem, string> = {
  blocked:
    'The Stately inspector could not open: the browser blocked its pop-up. Allow pop-ups for this site and reload the page. Meanwhile the flows\u2019 events are logged in the console ("[inspect]") and kept in window.__shopInspection.',
  unreachable:
    'The Stately inspector opened but did not connect (offline, or stately.ai cannot be reached). The flows\u2019 events are logged in the console ("[inspect]") and kept in window.__shopInspection.',
};

interface InspectionWindow {
  __shopInspection?: Array<{ type: string; actor: string; event?: string }>;
}

function showNotice(problem: InspectorProblem): void {
  console.warn(`[inspect] ${INSPECTOR_NOTICES[problem]}`);
  document.querySelector('[data-inspector-notice]')?.remove();
  const notice = document.createElement('div');
  notice.dataset.inspectorNotice = problem;
  notice.setAttribute('role', 'alert');
  notice.style.cssText =
    'position:fixed;right:8px;bottom:8px;max-width:360px;z-index:2147483647;padding:10px 12px;font:13px/1.4 system-ui,sans-serif;' +
    'color:#1b1b1b;background:#fff8d6;border:1px solid #8a6d00;border-radius:4px;box-shadow:0 1px 4px rgba(0,0,0,.3)';
  const text = document.createElement('p');
  text.style.margin = '0 0 6px';
  text.textContent = INSPECTOR_NOTICES[problem];
  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = 'Close';
  close.addEventListener('click', () => notice.remove());
  notice.append(text, close);
  document.body.append(notice);
}

/** The local fallback: every inspection event logged and kept on the window. */
function keepLocally(event: InspectionEvent): void {
  const kept = ((window as unknown as InspectionWindow).__shopInspection ??= []);
  const entry = { type: event.type, actor: (event.actorRef as { id?: string }).id ?? '', ...('event' in event && event.event ? { event: (event.event as { type: string }).type } : {}) };
  kept.push(entry);
  if (kept.length > KEPT) kept.shift();
  console.debug('[inspect]', entry.type, entry.actor, entry.event ?? '');
}

/** Starts the inspector; returns the observer the flows report to. */
export function startBrowserInspector(): (event: InspectionEvent) => void {
  let popup: Window | null = null;
  let connected = false;
  // The inspector opens its pop-up through this window: what `open` answered tells a blocked one.
  const target = {
    open: (url: string, name: string) => (popup = window.open(url, name)),
    addEventListener: window.addEventListener.bind(window),
  } as unknown as Window;
  const inspector = createBrowserInspector({ url: INSPECTOR_URL, window: target });
  window.addEventListener('message', (event: MessageEvent<{ type?: string }>) => {
    if (event.data?.type === '@statelyai.connected') connected = true;
  });
  let problem: InspectorProblem | null = popup ? null : 'blocked';
  if (problem) showNotice(problem);
  else
    window.setTimeout(() => {
      if (connected) return;
      problem = 'unreachable';
      showNotice(problem);
    }, INSPECTOR_CONNECT_MS);
  return (event) => {
    inspector.inspect.next?.(event);
    if (problem) keepLocally(event);
  };
}
