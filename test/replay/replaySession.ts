import { expectSaga } from 'redux-saga-test-plan';
import { buffers, channel, END, type Saga, type Task } from 'redux-saga';
import { call, cancel, fork, put } from 'redux-saga/effects';
import type { Action } from '@reduxjs/toolkit';
import { rootReducer } from '../../store';
import { rootSaga } from '../../sagas/root';
import { HttpError } from '../../src/api/http';
import { describeArg, type RecordedCall, type RecordedError, type RecordedSession } from '../../store/sessionRecorder';

/**
 * Turns a session saved by the recorder (`?record` in a development build, README "Turning a
 * session into a test") into an `expectSaga` run of the root saga (or another saga):
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
 * recorded place among the others, so the sagas meet the same world in the same order.
 *
 * The result holds what the sagas put and what the recording says they put, each in order and
 * split at the recorded events: `orderedPuts` gives, between two events, each source's puts in
 * order (a flow's by its id, the others by their slice). Sagas running side by side between
 * two events may interleave differently on another scheduler; their own order may not differ.
 */
export interface ReplayOptions {
  /** The saga to run; the root saga by default. */
  saga?: Saga;
  /** Milliseconds the replay may take at most (machines' own timers run in real time). */
  timeout?: number;
  /** Rebuilds a recorded error for the sagas (by default an HttpError keeps its class). */
  rebuildError?: (error: RecordedError) => unknown;
}

export interface TimedAction {
  /** How many recorded events (user actions, call answers, window events) came before it. */
  after: number;
  action: Action;
}

export interface ReplayResult {
  /** The actions the sagas put in the replay, in order. */
  put: TimedAction[];
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

export async function replaySession(session: RecordedSession, options: ReplayOptions = {}): Promise<ReplayResult> {
  const saga = options.saga ?? rootSaga;
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
  const countingReducer = (state: ReturnType<typeof rootReducer> | undefined, action: Action) => {
    if (!action.type.startsWith('@@')) {
      if (dispatched.has(action)) given += 1;
      else putBySagas.push({ after: given, action: plain(action) });
      tick();
    }
    return rootReducer(state, action);
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
    const task: Task = yield fork(saga);
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
  await expectSaga(driver)
    .withReducer(
      ((state: ReturnType<typeof rootReducer> | undefined, action: Action) => {
        if (action.type === REPLAY_END) ended = putBySagas.length;
        return countingReducer(state, action);
      }) as never,
      initialState as never,
    )
    .provide({
      call(effect, next) {
        const fn = effect.fn as ((...args: unknown[]) => unknown) & { name: string };
        if (fn === untilTurn) return next();
        const recorded = takeRecorded(fn.name, effect.args);
        if (!recorded) return next();
        return answer(recorded, () => fn.apply(effect.context, effect.args));
      },
    })
    .silentRun(options.timeout ?? 15_000);

  // The recorded puts, each with how many of the replay's own events came before it (answers
  // of synchronous calls are not counted: they are part of the saga's own step).
  const givenSeqs = [
    ...userActions.map((entry) => entry.seq),
    ...session.calls.flatMap((entry) => [...(entry.seq === undefined || entry.sync ? [] : [entry.seq]), ...(entry.messages ?? []).map((message) => message.seq)]),
  ].sort((a, b) => a - b);
  const recorded = session.actions
    .filter((entry) => entry.by === 'saga')
    .map((entry) => ({ after: givenSeqs.filter((seq) => seq < entry.seq).length, action: entry.action as Action }));
  return {
    put: ended < 0 ? putBySagas : putBySagas.slice(0, ended),
    recorded,
    unused: unused.map((entry) => entry.recorded),
  };
}
