import { configureStore, createAction, createSlice } from '@reduxjs/toolkit';
import createSagaMiddleware, { eventChannel, type EventChannel } from 'redux-saga';
import { call, put, take, takeEvery } from 'redux-saga/effects';
import { createSessionLog, sessionRecorder } from '../../../store/sessionRecorder';

const clicked = createAction('demo/clicked');
const loaded = createAction<{ count: number }>('demo/loaded');
const failed = createAction<string>('demo/failed');
const scrolled = createAction<number>('demo/scrolled');
const slice = createSlice({ name: 'demo', initialState: { count: 0 }, reducers: {}, extraReducers: (b) => b.addCase(loaded, (_s, a) => ({ count: a.payload.count })) });

function readWidth() {
  return 4;
}
async function fetchCount(page: number) {
  if (page > 1) throw Object.assign(new Error('GET /count answered 500'), { name: 'HttpError', status: 500 });
  return { count: 7 };
}
let emitScroll: (y: number) => void = () => {};
function scrollEvents(): EventChannel<number> {
  return eventChannel((emit) => {
    emitScroll = emit;
    return () => {};
  });
}
function* loadOnClick() {
  let page = 1;
  yield takeEvery(clicked.type, function* load() {
    try {
      const answer: { count: number } = yield call(fetchCount, page++);
      yield put(loaded(answer));
    } catch (error) {
      yield put(failed((error as Error).message));
    }
  });
}
function* watchScroll() {
  const events: EventChannel<number> = yield call(scrollEvents);
  for (;;) yield put(scrolled((yield take(events)) as number));
}
function* demoSaga() {
  yield call(readWidth);
  yield call(loadOnClick);
}

describe('the session recorder', () => {
  it('is not there without the development build constant, whatever the address says', () => {
    window.history.replaceState(null, '', '/main.php?record');
    expect(sessionRecorder()).toBeUndefined();
    expect(document.querySelector('[data-session-recorder]')).toBeNull();
  });

  it('in a development build, only a ?record page records, with a button to save the session', () => {
    process.env.SHOP_RECORDER = '1';
    try {
      window.history.replaceState(null, '', '/main.php');
      expect(sessionRecorder()).toBeUndefined();
      window.history.replaceState(null, '', '/product-11-x.html?record');
      const monitor = sessionRecorder();
      expect(monitor?.effectTriggered).toEqual(expect.any(Function));
      const button = document.querySelector<HTMLButtonElement>('button[data-session-recorder]');
      // The README names the button by what it shows: "Save session".
      expect(button?.textContent).toBe('Save session');
      expect(button?.getAttribute('aria-label')).toBeNull();
      expect((window as unknown as { __shopSession: () => { url: string } }).__shopSession().url).toBe('/product-11-x.html?record');
      button?.remove();
    } finally {
      delete process.env.SHOP_RECORDER;
    }
  });

  it('keeps actions (the page\'s and the sagas\'), call answers and errors, and window events, in order', async () => {
    const log = createSessionLog('/main.php?record', () => new Date('2026-11-23T10:00:00Z'));
    const sagaMiddleware = createSagaMiddleware({ sagaMonitor: log.monitor });
    const store = configureStore({ reducer: slice.reducer, middleware: (d) => d({ thunk: false }).concat(sagaMiddleware) });
    sagaMiddleware.run(demoSaga);
    sagaMiddleware.run(watchScroll);
    store.dispatch(clicked());
    await new Promise((resolve) => setTimeout(resolve, 0));
    emitScroll(120);
    store.dispatch(clicked());
    await new Promise((resolve) => setTimeout(resolve, 0));

    const session = log.session();
    expect(session).toMatchObject({ version: 1, url: '/main.php?record', recordedAt: '2026-11-23T10:00:00.000Z' });
    expect(session).not.toHaveProperty('preloadedState');
    expect(createSessionLog('/', undefined, { page: { type: 'product' } }).session().preloadedState).toEqual({ page: { type: 'product' } });
    expect(session.actions.map(({ by, action }) => [by, action.type])).toEqual([
      ['user', 'demo/clicked'],
      ['saga', 'demo/loaded'],
      ['saga', 'demo/scrolled'],
      ['user', 'demo/clicked'],
      ['saga', 'demo/failed'],
    ]);
    // Calls of sagas (loadOnClick) are not answers: only the leaves are kept.
    expect(session.calls.map((c) => c.fn)).toEqual(['readWidth', 'scrollEvents', 'fetchCount', 'fetchCount']);
    const [width, scroll, first, second] = session.calls;
    expect(width).toMatchObject({ args: [], result: 4, sync: true });
    expect(scroll).toMatchObject({ live: true, messages: [{ value: 120 }] });
    expect(first).toMatchObject({ args: [1], result: { count: 7 } });
    expect(first.sync).toBeUndefined();
    expect(second).toMatchObject({ args: [2], error: { name: 'HttpError', message: 'GET /count answered 500', fields: { status: 500 } } });
    // One numbering for every event, in the order they happened.
    const seqs = [...session.actions.map((a) => [a.seq, a.action.type]), ...session.calls.flatMap((c) => [[c.seq, c.fn], ...(c.messages ?? []).map((m) => [m.seq, 'message'])])]
      .sort((a, b) => (a[0] as number) - (b[0] as number))
      .map(([seq, what]) => `${seq} ${what}`);
    expect(seqs).toEqual([
      '0 readWidth',
      '1 scrollEvents',
      '2 demo/clicked',
      '3 fetchCount',
      '4 demo/loaded',
      '5 message',
      '6 demo/scrolled',
      '7 demo/clicked',
      '8 fetchCount',
      '9 demo/failed',
    ]);
  });
});
