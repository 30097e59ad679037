import type { SagaMonitor } from 'redux-saga';

/**
 * The session recorder (developer builds only, `?record` in the address): keeps, in order, the
 * Redux actions of the page (who dispatched each: the shopper's UI or a saga's `put`) and what
 * every `call` effect of the sagas answered (the called function's name, its arguments, its
 * result or error). A button fixed at the bottom left saves them as one JSON file, which
 * `test/replay/replaySession.ts` turns into a saga test. It hooks in as redux-saga's
 * `sagaMonitor`, so it sees every call whatever HTTP client is behind it.
 *
 * A recording carries on across full page loads in the same tab (a submitted search or
 * configurator, a link) until it is saved: when a recorded page goes, what it recorded is kept
 * in the tab's sessionStorage, and the next page records on, without `?record` in its address.
 * The saved session holds every page in order. `?record` in an address starts a new recording.
 *
 * `process.env.SHOP_RECORDER` is a build-time constant (webpack's DefinePlugin): in a production
 * build `sessionRecorder()` is `return undefined` and the rest of this module is dropped.
 */

export const SESSION_VERSION = 2;

/** The tab's sessionStorage key holding the pages of the recording under way. */
export const RECORDING_KEY = 'shop-session-recording';

export interface RecordedError {
  name: string;
  message: string;
  /** The error's own fields (an HttpError's status and data). */
  fields: Record<string, unknown>;
}

export interface RecordedCall {
  /** Its place among the session's events (actions dispatched, calls answered); none if it never answered. */
  seq?: number;
  /** The called function's name ('' for an anonymous one). */
  fn: string;
  /** The arguments, plain data only (others as "[Name]" markers): for reading and matching. */
  args: unknown[];
  /** What it answered, when that is plain data. */
  result?: unknown;
  error?: RecordedError;
  /** The answer was not plain data (a channel, a module, an object with methods): a replay runs the call for real. */
  live?: true;
  /** It never answered (cancelled, say by a race it lost, or still running at the save). */
  pending?: true;
  /** It answered at once (a synchronous function): a replay answers it at once too. */
  sync?: true;
  /**
   * For a channel made from plain arguments (the window's scroll, resize, focus, history
   * events): what the sagas took from it, in order. Such a channel is the outside world, so a
   * replay plays these back; a channel made from live objects (a machine's actor) is the
   * replay's own and is not recorded.
   */
  messages?: Array<{ seq: number; value: unknown }>;
}

export interface RecordedAction {
  /** Its place among the session's events (actions dispatched, calls answered). */
  seq: number;
  /** 'user' for actions the page dispatched (clicks, typing, navigation), 'saga' for puts. */
  by: 'user' | 'saga';
  action: { type: string; payload?: unknown; [key: string]: unknown };
}

/** One page load of a session: its own store, its own sagas, its own numbering of events. */
export interface RecordedPage {
  /** Path and query of the page recorded (`?record` included: the page's sagas saw it). */
  url: string;
  /** The state the store was created with (a server-rendered page's), if any. */
  preloadedState?: unknown;
  /**
   * How the page started its sagas: 'steps' when they started in steps on the held startup
   * channel (sagas/startup.ts: what was dispatched meanwhile reached them after the last step),
   * absent when they all started at once (sessions recorded before the steps). A replay starts
   * them the same way, so a session replays on the code it was recorded on.
   */
  startup?: 'steps';
  actions: RecordedAction[];
  calls: RecordedCall[];
}

export interface RecordedSession {
  version: typeof SESSION_VERSION;
  recordedAt: string;
  /** The pages loaded while recording, in order (one, or more when the shopper left a page for another). */
  pages: RecordedPage[];
}

const SAGA_ACTION = '@@redux-saga/SAGA_ACTION';
const NOT_PLAIN = /* @__PURE__ */ Symbol('not plain');

/** A deep copy of plain data (objects, arrays, strings, numbers, booleans, null), or NOT_PLAIN. */
export function plainCopy(value: unknown, depth = 0): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : NOT_PLAIN;
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || depth > 40) return NOT_PLAIN;
  if (Array.isArray(value)) {
    const items = value.map((item) => plainCopy(item, depth + 1));
    return items.includes(NOT_PLAIN) ? NOT_PLAIN : items;
  }
  const proto = Object.getPrototypeOf(value);
  if ((proto !== Object.prototype && proto !== null) || Symbol.toStringTag in value) return NOT_PLAIN;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const plain = plainCopy(item, depth + 1);
    if (plain === NOT_PLAIN) return NOT_PLAIN;
    if (plain !== undefined) copy[key] = plain;
  }
  return copy;
}

export function isPlain(value: unknown): boolean {
  return plainCopy(value) !== NOT_PLAIN;
}

/** An argument for the record: plain data as it is, anything else as a "[Name]" marker. */
export function describeArg(value: unknown): unknown {
  const plain = plainCopy(value);
  if (plain !== NOT_PLAIN) return plain;
  if (typeof value === 'function') return `[function ${value.name}]`;
  return `[${(value as object)?.constructor?.name ?? 'object'}]`;
}

function describeError(error: unknown): RecordedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(error)) {
    const plain = plainCopy(item);
    if (plain !== NOT_PLAIN && plain !== undefined) fields[key] = plain;
  }
  return { name: error.name, message: error.message, fields };
}

interface CallEffectPayload {
  fn: ((...args: unknown[]) => unknown) | [unknown, (...args: unknown[]) => unknown];
  args: unknown[];
}

/** The recording itself, free of the page: what the monitor hears, turned into a session. */
export function createSessionLog(url: string, now: () => Date = () => new Date(), preloadedState?: unknown, startup?: 'steps') {
  const initial = preloadedState === undefined ? NOT_PLAIN : plainCopy(preloadedState);
  const actions: RecordedAction[] = [];
  const calls = new Map<number, RecordedCall & { order: number }>();
  /** Effects other effects ran inside (a call of a saga): not leaves, so not answers. */
  const parents = new Set<number>();
  /** Outside channels, and the take effects waiting on them. */
  const channels = new WeakMap<object, RecordedCall>();
  const takes = new Map<number, RecordedCall>();
  let order = 0;
  /** Events in the order they happened: each action dispatched, each call answered. */
  let seq = 0;

  const monitor: Required<Pick<SagaMonitor, 'effectTriggered' | 'effectResolved' | 'effectRejected' | 'effectCancelled' | 'actionDispatched'>> = {
    effectTriggered({ effectId, parentEffectId, effect }) {
      parents.add(parentEffectId);
      const { type, payload } = (effect ?? {}) as { type?: string; payload?: CallEffectPayload & { channel?: object } };
      if (type === 'TAKE' && payload?.channel && channels.has(payload.channel)) takes.set(effectId, channels.get(payload.channel)!);
      if (type !== 'CALL' || !payload) return;
      const fn = Array.isArray(payload.fn) ? payload.fn[1] : payload.fn;
      const entry: RecordedCall & { order: number; waited?: boolean } = { order: order++, fn: typeof fn === 'function' ? fn.name : String(fn), args: (payload.args ?? []).map(describeArg), pending: true };
      calls.set(effectId, entry);
      // Runs before any promise the call returns can settle: an answer after it was not synchronous.
      queueMicrotask(() => (entry.waited = true));
    },
    effectResolved(effectId, result) {
      const source = takes.get(effectId);
      if (source) {
        takes.delete(effectId);
        const value = plainCopy(result);
        source.messages!.push({ seq: seq++, value: value === NOT_PLAIN ? describeArg(result) : value });
        return;
      }
      const call = calls.get(effectId);
      if (!call) return;
      delete call.pending;
      call.seq = seq++;
      if (!(call as { waited?: boolean }).waited) call.sync = true;
      const plain = plainCopy(result);
      if (plain === NOT_PLAIN) call.live = true;
      else call.result = plain;
      const made = result as { take?: unknown; close?: unknown } | null;
      const outside = call.args.every((arg) => !(typeof arg === 'string' && /^\[.*\]$/.test(arg)));
      if (outside && made && typeof made.take === 'function' && typeof made.close === 'function') {
        call.messages = [];
        channels.set(made, call);
      }
    },
    effectRejected(effectId, error) {
      const call = calls.get(effectId);
      if (!call) return;
      delete call.pending;
      call.seq = seq++;
      if (!(call as { waited?: boolean }).waited) call.sync = true;
      call.error = describeError(error);
    },
    effectCancelled(effectId) {
      takes.delete(effectId);
      const call = calls.get(effectId);
      if (!call) return;
      call.pending = true;
      delete call.seq;
    },
    actionDispatched(action) {
      const record = action as RecordedAction['action'] & { [SAGA_ACTION]?: boolean };
      const plain = plainCopy(record);
      actions.push({ seq: seq++, by: record[SAGA_ACTION] ? 'saga' : 'user', action: (plain === NOT_PLAIN ? { type: record.type } : plain) as RecordedAction['action'] });
    },
  };

  function page(): RecordedPage {
    const leaves = [...calls.entries()]
      .filter(([id]) => !parents.has(id))
      .map(([, call]) => call)
      .sort((a, b) => a.order - b.order)
      .map(({ order: _order, waited: _waited, ...call }: RecordedCall & { order: number; waited?: boolean }) => (call.messages ? { ...call, messages: call.messages.map((message) => ({ ...message })) } : call));
    // Numbered again without the calls left out (calls of sagas): a replay counts every event.
    const copies = actions.map((action) => ({ ...action }));
    const events: Array<{ seq?: number }> = [...copies, ...leaves.filter((call) => call.seq !== undefined), ...leaves.flatMap((call) => call.messages ?? [])].sort(
      (a, b) => a.seq! - b.seq!,
    );
    events.forEach((event, index) => (event.seq = index));
    return { url, ...(initial === NOT_PLAIN ? {} : { preloadedState: initial }), ...(startup ? { startup } : {}), actions: copies, calls: leaves };
  }

  /** The session: the pages recorded before this one (earlier page loads), then this page. */
  function session(earlier: RecordedPage[] = []): RecordedSession {
    return { version: SESSION_VERSION, recordedAt: now().toISOString(), pages: [...earlier, page()] };
  }

  return { monitor, page, session };
}

function isModal(dialog: HTMLDialogElement): boolean {
  try {
    return dialog.matches(':modal');
  } catch {
    return true; // a DOM without `:modal` (jsdom): an open dialog of the shop's is a modal one
  }
}

function saveControl(session: () => RecordedSession, saved: () => void): void {
  const button = document.createElement('button');
  button.type = 'button';
  button.dataset.sessionRecorder = 'save';
  button.textContent = 'Save session';
  // Its name is what it shows (the README's "Save session"); the title says what it does.
  button.title = 'Save the recorded session as a JSON file';
  button.style.cssText =
    'position:fixed;left:8px;bottom:8px;z-index:2147483647;padding:6px 10px;font:600 13px/1.2 system-ui,sans-serif;' +
    'color:#fff;background:#b00020;border:0;border-radius:4px;box-shadow:0 1px 4px rgba(0,0,0,.4);cursor:pointer';
  let done = false;
  button.addEventListener('click', () => {
    const recorded = session();
    saved();
    done = true;
    button.remove();
    const file = new Blob([JSON.stringify(recorded, null, 2) + '\n'], { type: 'application/json' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(file);
    link.download = `session-${recorded.recordedAt.replace(/[:.]/g, '-')}.json`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  });
  // A modal dialog of the shop's (the mini basket, a modal) covers the page and makes it inert:
  // while one is open the button goes into the topmost one (drawn at the same fixed place, above
  // its backdrop, and pressable), and back to the page when it closes.
  let host: HTMLElement = document.body;
  const place = () => {
    // Saved, or taken away with the page itself: it stays away. Gone with a closed dialog: it comes back.
    if (done || (!button.isConnected && host === document.body)) return;
    host = [...document.querySelectorAll('dialog')].filter((dialog) => dialog.open && isModal(dialog)).at(-1) ?? document.body;
    if (button.parentElement !== host) host.append(button);
  };
  const start = () => {
    host = document.body;
    host.append(button);
    new MutationObserver(place).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
  };
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start, { once: true });
}

/** The pages of the recording under way in this tab (kept when a recorded page went), or null. */
function recordingUnderWay(): RecordedPage[] | null {
  try {
    const kept = JSON.parse(window.sessionStorage.getItem(RECORDING_KEY) ?? 'null') as { pages?: unknown } | null;
    return kept && Array.isArray(kept.pages) ? (kept.pages as RecordedPage[]) : null;
  } catch {
    return null;
  }
}

function startRecording(preloadedState: unknown, startup?: 'steps'): SagaMonitor | undefined {
  if (typeof window === 'undefined') return undefined;
  // `?record` starts a recording; a page loaded while one is under way records on.
  const earlier = new URLSearchParams(window.location.search).has('record') ? [] : recordingUnderWay();
  if (!earlier) return undefined;
  const log = createSessionLog(window.location.pathname + window.location.search, undefined, preloadedState, startup);
  let recording = true;
  const keep = (pages: RecordedPage[] | null) => {
    try {
      if (pages) window.sessionStorage.setItem(RECORDING_KEY, JSON.stringify({ pages }));
      else window.sessionStorage.removeItem(RECORDING_KEY);
    } catch (error) {
      console.error('The session recorder could not keep the recording for the next page', error);
    }
  };
  keep(earlier);
  // The page goes (a full navigation, a reload): its recording waits for the next page.
  window.addEventListener('pagehide', () => {
    if (recording) keep([...earlier, log.page()]);
  });
  const session = () => log.session(earlier);
  // Saved: the recording ends (the next page records nothing).
  saveControl(session, () => {
    recording = false;
    keep(null);
  });
  (window as unknown as { __shopSession?: () => RecordedSession }).__shopSession = session;
  return log.monitor;
}

/**
 * The saga monitor of a `?record` page in a development build; undefined everywhere else.
 * `startup`: 'steps' when the page starts its sagas in steps on the startup channel.
 */
export function sessionRecorder(preloadedState?: unknown, startup?: 'steps'): SagaMonitor | undefined {
  if (process.env.SHOP_RECORDER === '1') {
    return startRecording(preloadedState, startup);
  }
  return undefined;
}
