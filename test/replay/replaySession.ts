import createSagaMiddleware, { buffers, channel, END, type EffectMiddleware, type Saga, type Task } from 'redux-saga';
import { call, cancel, fork, put } from 'redux-saga/effects';
import { configureStore, type Action } from '@reduxjs/toolkit';
import { rootReducer } from '../../store';
import { rootSaga } from '../../sagas/root';
import { startupChannel } from '../../sagas/startup';
import { HttpError } from '../../src/api/http';
import { describeArg, SESSION_VERSION, type RecordedCall, type RecordedError, type RecordedPage, type RecordedSession } from '../../store/sessionRecorder';

/**
 * Turns a session saved by the recorder (`?record` in a development build, README "Turning a
 * session into a test") into a run of the root saga (or another saga) on a store made as the
 * shop makes its own (redux-saga's middleware: an action put reaches the sagas waiting for it at
 * once, as in the browser, so sagas see each other's puts in the recorded order):
 *
 * - the page's address is the recorded one (the root saga starts the page's sagas from it);
 * - every `call` the sagas make is answered from the recording, matched by the called
 *   function's name, in order (the same arguments preferred); an answer that was not plain data
 *   (a module, a machine's channel) comes from running the call for real; a call that never
 *   answered never answers; a call the recording does not have runs for real (another saga);
 * - the window's own events (scroll, resize, focus, history: channels made from plain
 *   arguments) are played back from the recording, the page's real ones are not listened to;
 * - the actions the page dispatched itself (clicks, typing, components starting their flows)
 *   are dispatched again.
 * Every recorded event (an action dispatched, a call answered, a window event) happens at its
 * recorded place among the others, so the sagas meet the same world in the same order. A flow
 * whose code loads on demand (the sliders, the live search) starts at the place its code
 * arrived in the recording, so what was sent to it meanwhile is handed over at the same place.
 *
 * A session of several pages (the shopper left a page for another: a submitted search, a link)
 * is replayed page by page, each from its own address and first state with a fresh run of the
 * saga, as the browser loaded it; the steps are numbered across the pages.
 *
 * The result holds what the sagas put and what the recording says they put, each in order and
 * split at the recorded events: `orderedPuts` gives, between two events, each source's puts in
 * order (a flow's by its id, the others by their slice). Sagas running side by side between
 * two events may interleave differently on another scheduler; their own order may not differ.
 */
export interface ReplayOptions {
  /** The saga to run; the root saga by default. */
  saga?: Saga;
  /** Milliseconds a page's replay may take at most (machines' own timers run in real time). */
  timeout?: number;
  /**
   * Milliseconds without any recorded event happening after which a page's replay ends (it went
   * another way and waits for an event that will not come); 5000 by default, longer than any
   * machine's own timer the sessions wait on.
   */
  idle?: number;
  /** Rebuilds a recorded error for the sagas (by default an HttpError keeps its class). */
  rebuildError?: (error: RecordedError) => unknown;
}

export interface TimedAction {
  /** How many recorded events (user actions, call answers, window events) came before it. */
  after: number;
  action: Action;
}

/** One recorded event of the replay and what followed it, for a person stepping through. */
export interface ReplayStep {
  /** 0: the start, before any recorded event; then the recorded events in order (a later page's start is a step too). */
  step: number;
  /** What happened: the page's own action, a call's answer, a window event, a page opened. */
  event: string;
  /** What the sagas put after it (before the next event), in order. */
  puts: Action[];
  /** The store's slices that changed after it (by its action and the sagas' puts). */
  slices: string[];
  /** How the store changed over the step: each changed value by its path, before and after (at most STATE_CHANGES_SHOWN). */
  changes: StateChange[];
}

/** One value of the store that a step changed: `basket.productsCounter`, 0 then 1. */
export interface StateChange {
  path: string;
  /** undefined: it was not there before (or is not there after). */
  before?: unknown;
  after?: unknown;
}

/** How many changed values a step keeps for a person to read (the rest are counted as "more"). */
export const STATE_CHANGES_SHOWN = 40;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The values that differ between two states of the store, by path (objects walked, arrays by index), in key order. */
export function stateChanges(before: unknown, after: unknown, path = '', out: StateChange[] = []): StateChange[] {
  if (before === after) return out;
  const walkable = (isRecord(before) && isRecord(after)) || (Array.isArray(before) && Array.isArray(after));
  if (!walkable) {
    if (JSON.stringify(before) !== JSON.stringify(after)) out.push({ path: path || '(store)', before, after });
    return out;
  }
  const keys = Array.isArray(before) ? [...Array(Math.max(before.length, (after as unknown[]).length)).keys()].map(String) : [...new Set([...Object.keys(before), ...Object.keys(after as object)])];
  for (const key of keys) {
    const at = Array.isArray(before) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
    stateChanges((before as Record<string, unknown>)[key], (after as Record<string, unknown>)[key], at, out);
  }
  return out;
}

export interface ReplayResult {
  /** The actions the sagas put in the replay, in order. */
  put: TimedAction[];
  /** The replay step by step: each recorded event, the sagas' puts and the slices they changed. */
  steps: ReplayStep[];
  /** The actions the sagas put in the recorded session, in order. */
  recorded: TimedAction[];
  /** Recorded calls the replay never made (a sign it went another way). */
  unused: RecordedCall[];
}

const REPLAY_END = '@@replay/end';

export function defaultRebuildError(error: RecordedError): unknown {
  if (error.name === 'HttpError') return new HttpError(error.message, Number(error.fields.status ?? 0), error.fields.data ?? null);
  return Object.assign(new Error(error.message), { name: error.name }, error.fields);
}

/** Plain JSON copy: what the recorder kept of an action, to compare with the replay's. */
function plain<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/**
 * Who put an action, for `orderedPuts`: a flow by its id (what its runner puts apart from what
 * other sagas send it: they run side by side), anything else by its slice.
 */
export function sourceOf(action: Action): string {
  const payload = (action as { payload?: { id?: unknown } }).payload;
  if (action.type === 'flows/send' && typeof payload?.id === 'string') return `flow ${payload.id} (sent to)`;
  if (action.type.startsWith('flows/') && typeof payload?.id === 'string') return `flow ${payload.id}`;
  return action.type.split('/')[0];
}

/** The puts between each two recorded events, each source's in its order: [after, source, actions]. */
export function orderedPuts(puts: TimedAction[]): Array<[number, string, Action[]]> {
  const groups = new Map<string, [number, string, Action[]]>();
  for (const { after, action } of puts) {
    const key = `${String(after).padStart(6, '0')} ${sourceOf(action)}`;
    if (!groups.has(key)) groups.set(key, [after, sourceOf(action), []]);
    groups.get(key)![2].push(action);
  }
  return [...groups.keys()].sort().map((key) => groups.get(key)!);
}

/**
 * A saved session as read from its JSON file (an `import` of it, or `JSON.parse`): checked to be
 * one the recorder wrote, in the version this replay reads.
 */
export function readSession(file: unknown): RecordedSession {
  const session = file as Partial<RecordedSession> | null;
  if (!session || typeof session !== 'object' || !('version' in session)) {
    throw new Error('not a recorded session: expected the JSON file the recorder saves (version, recordedAt, pages)');
  }
  if (session.version !== SESSION_VERSION) {
    throw new Error(`a session of version ${String(session.version)}: this replay reads version ${SESSION_VERSION}; record it again`);
  }
  const pages = session.pages;
  if (!Array.isArray(pages) || !pages.length || pages.some((page) => typeof page?.url !== 'string' || !Array.isArray(page.actions) || !Array.isArray(page.calls))) {
    throw new Error('not a recorded session: expected pages, each with its url, actions and calls');
  }
  return session as RecordedSession;
}

/** Replays a saved session (the JSON file as imported, or a RecordedSession), page by page. */
export async function replaySession(file: unknown, options: ReplayOptions = {}): Promise<ReplayResult> {
  const session = readSession(file);
  const result: ReplayResult = { put: [], steps: [], recorded: [], unused: [] };
  for (const [index, page] of session.pages.entries()) {
    // The steps are numbered across the pages: this page's come after the earlier pages'.
    const offset = result.steps.length;
    const shift = (timed: TimedAction) => ({ after: timed.after + offset, action: timed.action });
    const one = await replayPage(page, options, index === 0 ? 'start' : `page ${index + 1} of the session opened: ${page.url}`);
    result.put.push(...one.put.map(shift));
    result.recorded.push(...one.recorded.map(shift));
    result.steps.push(...one.steps.map((step) => ({ ...step, step: step.step + offset })));
    result.unused.push(...one.unused);
  }
  return result;
}

/** One page of a session: its address, its first state, the root saga run afresh. */
async function replayPage(session: RecordedPage, options: ReplayOptions, opened: string): Promise<ReplayResult> {
  const saga = options.saga ?? rootSaga;
  // The sagas start as they did on the recorded page: in steps on the held startup channel
  // (sagas/startup.ts), their steps' waits answered from the recording; or all at once.
  const startup = session.startup === 'steps' && saga === rootSaga ? startupChannel() : undefined;
  const rebuildError = options.rebuildError ?? defaultRebuildError;
  window.history.replaceState(null, '', session.url);

  // The replay's clock: how many recorded events happened (actions dispatched, calls answered,
  // window events); and of those, the ones the replay gives (all but the sagas' puts).
  let clock = 0;
  let given = 0;
  const waiting = new Map<number, Array<() => void>>();
  const tick = () => {
    clock += 1;
    const ready = waiting.get(clock) ?? [];
    waiting.delete(clock);
    ready.forEach((resolve) => resolve());
  };
  const turn = (seq: number): Promise<void> =>
    seq <= clock ? Promise.resolve() : new Promise((resolve) => waiting.set(seq, [...(waiting.get(seq) ?? []), resolve]));
  function untilTurn(seq: number) {
    return turn(seq);
  }

  const dispatched = new Set<Action>();
  const putBySagas: TimedAction[] = [];
  /** The store's slices each step changed, and the store before and after the step. */
  const changed = new Map<number, Set<string>>();
  const stepStates = new Map<number, { before: unknown; after: unknown }>();
  const countingReducer = (state: ReturnType<typeof rootReducer> | undefined, action: Action) => {
    if (!action.type.startsWith('@@')) {
      // The page's own action the first time it is dispatched; the same object put again (a
      // lazily started flow handed what was sent to it while its code loaded) is the sagas'.
      if (dispatched.delete(action)) given += 1;
      else putBySagas.push({ after: given, action: plain(action) });
      tick();
    }
    const next = rootReducer(state, action);
    if (state && !action.type.startsWith('@@')) {
      const slices = changed.get(given) ?? new Set<string>();
      for (const key of Object.keys(next) as Array<keyof typeof next>) if (next[key] !== state[key]) slices.add(key);
      changed.set(given, slices);
      const states = stepStates.get(given) ?? { before: state, after: next };
      states.after = next;
      stepStates.set(given, states);
    }
    return next;
  };

  const unused = session.calls.map((recorded, index) => ({ recorded, index }));
  function takeRecorded(name: string, args: unknown[]): RecordedCall | undefined {
    const sameName = unused.filter((entry) => entry.recorded.fn === name);
    if (!sameName.length) return undefined;
    const key = JSON.stringify(args.map(describeArg));
    const pick = sameName.find((entry) => JSON.stringify(entry.recorded.args) === key) ?? sameName[0];
    unused.splice(unused.indexOf(pick), 1);
    return pick.recorded;
  }

  /** A window's channel: the recorded events, each at its turn. */
  function playedBack(messages: NonNullable<RecordedCall['messages']>) {
    const events = channel<object>(buffers.expanding(8));
    for (const message of messages) {
      void turn(message.seq).then(() => {
        given += 1;
        tick();
        if (message.value && (message.value as { type?: unknown }).type === END.type) events.close();
        else events.put(message.value as never);
      });
    }
    return events;
  }

  function answer(recorded: RecordedCall, run: () => unknown): unknown {
    if (recorded.pending || recorded.seq === undefined) return new Promise(() => {});
    // A live answer (a page's code loaded on demand: a lazily started flow's machine or saga)
    // is fetched for real at once, but given at its recorded turn: what was sent to that flow
    // before its code arrived is handed over at the same place as in the recording.
    if (recorded.live && !recorded.sync && !recorded.error) {
      const seq = recorded.seq;
      return Promise.all([Promise.resolve(run()), turn(seq)]).then(([value]) => {
        given += 1;
        tick();
        return value;
      });
    }
    const settle = () => {
      if (!recorded.sync) given += 1;
      tick();
      if (recorded.error) throw rebuildError(recorded.error);
      if (recorded.messages) return playedBack(recorded.messages);
      return recorded.live ? run() : recorded.result;
    };
    // A synchronous call answers at once, as it did; another at its turn (at once if that has come).
    if (recorded.sync || recorded.seq <= clock) return settle();
    return turn(recorded.seq).then(settle);
  }

  const userActions = session.actions.filter((entry) => entry.by === 'user');
  const last = Math.max(
    -1,
    ...session.actions.map((entry) => entry.seq),
    ...session.calls.flatMap((entry) => [entry.seq ?? -1, ...(entry.messages ?? []).map((message) => message.seq)]),
  );
  function* driver() {
    const task: Task = yield startup ? fork(saga, startup) : fork(saga);
    for (const entry of userActions) {
      yield call(untilTurn, entry.seq);
      const action = plain(entry.action) as Action;
      dispatched.add(action);
      yield put(action);
    }
    yield call(untilTurn, last + 1);
    const end = { type: REPLAY_END };
    dispatched.add(end);
    yield put(end);
    yield cancel(task);
  }

  // The store starts as the recorded page's did (a server-rendered page hands over its state).
  const initialState = session.preloadedState
    ? { ...rootReducer(undefined, { type: '@@replay/init' }), ...(plain(session.preloadedState) as Partial<ReturnType<typeof rootReducer>>) }
    : undefined;
  let ended = -1;
  // Every `call` the sagas make is answered from the recording when it has one.
  const answers: EffectMiddleware = (next) => (effect: { type?: string; payload?: { fn: unknown; args: unknown[]; context: unknown } }) => {
    if (effect?.type !== 'CALL' || !effect.payload) return next(effect);
    const { fn: target, args, context } = effect.payload;
    const fn = (Array.isArray(target) ? target[1] : target) as ((...args: unknown[]) => unknown) & { name: string };
    const self = Array.isArray(target) ? target[0] : context;
    if (fn === untilTurn || typeof fn !== 'function') return next(effect);
    const recorded = takeRecorded(fn.name, args);
    if (!recorded) return next(effect);
    return next(call(() => answer(recorded, () => fn.apply(self, args))));
  };
  const sagaMiddleware = createSagaMiddleware({ effectMiddlewares: [answers], ...(startup ? { channel: startup.channel } : {}) });
  configureStore({
    reducer: ((state: ReturnType<typeof rootReducer> | undefined, action: Action) => {
      if (action.type === REPLAY_END) ended = putBySagas.length;
      return countingReducer(state, action);
    }) as typeof rootReducer,
    preloadedState: initialState,
    middleware: (getDefault) => getDefault({ thunk: false, serializableCheck: false, immutableCheck: false }).concat(sagaMiddleware),
  });
  const run = sagaMiddleware.run(driver);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let watch: ReturnType<typeof setInterval> | undefined;
  const idle = options.idle ?? 5000;
  const stalled = new Promise((resolve) => {
    let seen = clock;
    let since = Date.now();
    watch = setInterval(() => {
      if (clock !== seen) [seen, since] = [clock, Date.now()];
      else if (Date.now() - since >= idle) resolve(undefined);
    }, Math.min(250, idle));
  });
  await Promise.race([run.toPromise(), stalled, new Promise((resolve) => (timer = setTimeout(resolve, options.timeout ?? 30_000)))]);
  clearTimeout(timer);
  clearInterval(watch);
  if (run.isRunning()) run.cancel();

  // The recorded puts, each with how many of the replay's own events came before it (answers
  // of synchronous calls are not counted: they are part of the saga's own step).
  const givenSeqs = [
    ...userActions.map((entry) => entry.seq),
    ...session.calls.flatMap((entry) => [...(entry.seq === undefined || entry.sync ? [] : [entry.seq]), ...(entry.messages ?? []).map((message) => message.seq)]),
  ].sort((a, b) => a - b);
  const recorded = session.actions
    .filter((entry) => entry.by === 'saga')
    .map((entry) => ({ after: givenSeqs.filter((seq) => seq < entry.seq).length, action: entry.action as Action }));
  const puts = ended < 0 ? putBySagas : putBySagas.slice(0, ended);
  // The recorded events the replay gave, in order, named for a person.
  const named = [
    ...userActions.map((entry) => ({
      seq: entry.seq,
      event: `the page dispatched ${entry.action.type}${entry.action.payload === undefined ? '' : ` ${JSON.stringify(entry.action.payload).slice(0, 80)}`}`,
    })),
    ...session.calls.flatMap((entry) => [
      ...(entry.seq === undefined || entry.sync ? [] : [{ seq: entry.seq, event: `${entry.error ? 'failure' : 'answer'} of ${entry.fn}(${entry.args.map((arg) => JSON.stringify(arg)).join(', ').slice(0, 80)})` }]),
      ...(entry.messages ?? []).map((message) => ({ seq: message.seq, event: `window event from ${entry.fn}: ${JSON.stringify(message.value).slice(0, 80)}` })),
    ]),
  ].sort((a, b) => a.seq - b.seq);
  const steps: ReplayStep[] = [
    { step: 0, event: opened, puts: [], slices: [], changes: [] },
    ...named.map((entry, index) => ({ step: index + 1, event: entry.event, puts: [], slices: [], changes: [] })),
  ];
  for (const { after, action } of puts) steps[Math.min(after, steps.length - 1)].puts.push(action);
  for (const [step, slices] of changed) if (steps[step]) steps[step].slices = [...slices].sort();
  for (const [step, { before, after }] of stepStates) if (steps[step]) steps[step].changes = plain(stateChanges(before, after));
  return { put: puts, steps, recorded, unused: unused.map((entry) => entry.recorded) };
}

/** Where a replay first differs from its recording: the step, the event that led to it, and the two puts. */
export interface Divergence {
  step: number;
  /** The recorded event the differing put followed. */
  after: string;
  /** Whose put differs (a flow by its id, else a store slice). */
  source: string;
  recorded: Action | null;
  replayed: Action | null;
  /** When the replay put nothing more of that source there: what it put at that step instead (another source's). */
  instead?: Action;
}

const brief = (action: Action | null) => (action ? JSON.stringify(action).slice(0, 240) : 'nothing');

/** The first put where the replay and the recording differ, or null when they agree. */
export function firstDivergence(result: ReplayResult): Divergence | null {
  const atStep = (puts: TimedAction[], step: number) => puts.filter((timed) => timed.after === step).map((timed) => timed.action);
  const steps = [...new Set([...result.put, ...result.recorded].map((timed) => timed.after))].sort((a, b) => a - b);
  for (const step of steps) {
    const mine = atStep(result.put, step);
    const theirs = atStep(result.recorded, step);
    // Sources side by side between two events may interleave differently; each one's own order may not differ.
    for (const source of [...new Set([...mine, ...theirs].map(sourceOf))].sort()) {
      const mineOfSource = mine.filter((action) => sourceOf(action) === source);
      const theirsOfSource = theirs.filter((action) => sourceOf(action) === source);
      for (let i = 0; i < Math.max(mineOfSource.length, theirsOfSource.length); i += 1) {
        if (JSON.stringify(mineOfSource[i] ?? null) === JSON.stringify(theirsOfSource[i] ?? null)) continue;
        const divergence: Divergence = { step, after: result.steps[step]?.event ?? 'the end', source, recorded: theirsOfSource[i] ?? null, replayed: mineOfSource[i] ?? null };
        if (!divergence.replayed) {
          // Nothing more of this source: what the replay put at this step that the recording did not.
          const expected = theirs.map((action) => JSON.stringify(action));
          const instead = mine.find((action) => {
            const at = expected.indexOf(JSON.stringify(action));
            if (at < 0) return true;
            expected.splice(at, 1);
            return false;
          });
          if (instead) divergence.instead = instead;
        }
        return divergence;
      }
    }
  }
  return null;
}

/** Fails with the first divergence in words (step, the event before it, both puts), not a whole diff. */
export function expectSameAsRecorded(result: ReplayResult): void {
  const divergence = firstDivergence(result);
  if (!divergence) return;
  throw new Error(
    `The replay differs from the recording at step ${divergence.step} (after ${divergence.after}), in ${divergence.source}:\n` +
      `  recorded: ${brief(divergence.recorded)}\n  replayed: ${divergence.instead ? `nothing of ${divergence.source}; instead ${brief(divergence.instead)}` : brief(divergence.replayed)}`,
  );
}

/** The replay as text, step by step: each event, the sagas' puts after it and the slices that changed. */
export function describeSteps(result: ReplayResult): string {
  return result.steps
    .map((step) =>
      [
        `${step.step}. ${step.event}`,
        ...step.puts.map((action) => `     put ${brief(action)}`),
        ...(step.slices.length ? [`     changed: ${step.slices.join(', ')}`] : []),
        ...describeChanges(step.changes),
      ].join('\n'),
    )
    .join('\n');
}

const shown = (value: unknown) => (value === undefined ? '(none)' : JSON.stringify(value).slice(0, 100));

/** A step's changes of the store, one line each (`     state basket.productsCounter: 0 -> 1`). */
export function describeChanges(changes: StateChange[]): string[] {
  const lines = changes.slice(0, STATE_CHANGES_SHOWN).map((change) => `     state ${change.path}: ${shown(change.before)} -> ${shown(change.after)}`);
  if (changes.length > STATE_CHANGES_SHOWN) lines.push(`     state ... and ${changes.length - STATE_CHANGES_SHOWN} more`);
  return lines;
}
