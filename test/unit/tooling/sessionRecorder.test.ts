import { configureStore, createAction, createSlice } from '@reduxjs/toolkit';
import createSagaMiddleware, { eventChannel, type EventChannel } from 'redux-saga';
import { call, put, take, takeEvery } from 'redux-saga/effects';
import { createSessionLog, RECORDING_KEY, sessionRecorder, type RecordedSession } from '../../../store/sessionRecorder';

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
      const listen = jest.spyOn(window, 'addEventListener');
      const monitor = sessionRecorder();
      // The page's listeners go with it (a later test's page must not hear them).
      const pageListeners = listen.mock.calls.map(([type, listener]) => [type, listener] as const);
      listen.mockRestore();
      for (const [type, listener] of pageListeners) window.removeEventListener(type, listener);
      expect(monitor?.effectTriggered).toEqual(expect.any(Function));
      const button = document.querySelector<HTMLButtonElement>('button[data-session-recorder]');
      // The README names the button by what it shows: "Save session".
      expect(button?.textContent).toBe('Save session');
      expect(button?.getAttribute('aria-label')).toBeNull();
      expect((window as unknown as { __shopSession: () => RecordedSession }).__shopSession().pages.map((page) => page.url)).toEqual(['/product-11-x.html?record']);
      button?.remove();
      window.sessionStorage.removeItem(RECORDING_KEY);
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

    expect(log.session()).toMatchObject({ version: 2, recordedAt: '2026-11-23T10:00:00.000Z', pages: [{ url: '/main.php?record' }] });
    const session = log.session().pages[0];
    expect(session).not.toHaveProperty('preloadedState');
    expect(createSessionLog('/', undefined, { page: { type: 'product' } }).page().preloadedState).toEqual({ page: { type: 'product' } });
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

  describe('across full page loads (a submitted search, a link), until saved', () => {
    const shopSession = () => (window as unknown as { __shopSession: () => RecordedSession }).__shopSession();
    const saveButton = () => document.querySelector<HTMLButtonElement>('button[data-session-recorder]');
    /** What the page listens to on window: gone with the page. */
    let listeners: Array<[string, EventListenerOrEventListenerObject]> = [];
    /** A page load: the recorder starts with the store, its page dispatches an action. */
    function loadPage(url: string) {
      window.history.replaceState(null, '', url);
      const listen = jest.spyOn(window, 'addEventListener');
      const monitor = sessionRecorder({ page: { url } });
      listeners = listen.mock.calls.map(([type, listener]) => [type, listener] as [string, EventListenerOrEventListenerObject]);
      listen.mockRestore();
      monitor?.actionDispatched?.({ type: 'page/opened', payload: url } as { type: string });
      return monitor;
    }
    /** The page goes: the browser fires pagehide, then the page and its listeners are gone. */
    function leave() {
      window.dispatchEvent(new Event('pagehide'));
      for (const [type, listener] of listeners) window.removeEventListener(type, listener);
      listeners = [];
    }
    const clicks = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const blobUrls = Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:session'), revokeObjectURL: jest.fn() });

    beforeEach(() => {
      process.env.SHOP_RECORDER = '1';
      window.sessionStorage.clear();
    });
    afterEach(() => {
      delete process.env.SHOP_RECORDER;
      document.querySelectorAll('[data-session-recorder]').forEach((node) => node.remove());
      leave();
      window.sessionStorage.clear();
    });
    afterAll(() => clicks.mockRestore());

    it('a page loaded after a recorded one records on: the session holds both pages, each with its address, first state and actions', () => {
      expect(loadPage('/main.php?record')).toBeDefined();
      leave();
      saveButton()?.remove();
      // The next page has no ?record in its address: it records on all the same.
      expect(loadPage('/search.php?text=brembo')).toBeDefined();
      expect(saveButton()?.textContent).toBe('Save session');
      const session = shopSession();
      expect(session.pages.map((page) => page.url)).toEqual(['/main.php?record', '/search.php?text=brembo']);
      expect(session.pages.map((page) => page.preloadedState)).toEqual([{ page: { url: '/main.php?record' } }, { page: { url: '/search.php?text=brembo' } }]);
      expect(session.pages.map((page) => page.actions.map((entry) => entry.action.payload))).toEqual([['/main.php?record'], ['/search.php?text=brembo']]);
    });

    it('saving ends the recording: the file holds every page, and the next page records nothing', async () => {
      loadPage('/main.php?record');
      leave();
      saveButton()?.remove();
      loadPage('/search.php?text=brembo');
      saveButton()!.click();
      expect(blobUrls.createObjectURL).toHaveBeenCalledTimes(1);
      const file = (blobUrls.createObjectURL as jest.Mock).mock.calls[0][0] as Blob;
      expect(file.type).toBe('application/json');
      const text = await new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result as string);
        reader.readAsText(file);
      });
      const saved = JSON.parse(text) as RecordedSession;
      expect(saved.version).toBe(2);
      expect(saved.pages.map((page) => page.url)).toEqual(['/main.php?record', '/search.php?text=brembo']);
      expect(saveButton()).toBeNull();
      expect(window.sessionStorage.getItem(RECORDING_KEY)).toBeNull();
      leave();
      expect(loadPage('/product-11-x.html')).toBeUndefined();
      expect(saveButton()).toBeNull();
    });

    it('?record starts a new recording: what an unsaved one kept is dropped', () => {
      loadPage('/main.php?record');
      leave();
      saveButton()?.remove();
      loadPage('/contact.php?record');
      expect(shopSession().pages.map((page) => page.url)).toEqual(['/contact.php?record']);
    });

    it('without a recording under way, a page without ?record records nothing', () => {
      expect(loadPage('/main.php')).toBeUndefined();
      expect(saveButton()).toBeNull();
    });
  });
});
