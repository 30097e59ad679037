import { expectSaga, testSaga } from 'redux-saga-test-plan';
import { call } from 'redux-saga/effects';
import { extraScriptsSaga, loadExtraScript, whenIdle } from '../../../sagas/extraScripts';
import { partialLoadRequested } from '../../../sagas/partialLoad';
import { loadScript } from '../../../src/api/scripts';
import { rootReducer, type RootState } from '../../../store';

/** The store as the server draws it: the shop names its extra scripts in the page's state. */
function stateNaming(names: string[]): RootState {
  const state = rootReducer(undefined, { type: '@@test/init' });
  return { ...state, shopData: { ...state.shopData, extraScripts: { prefix: '/gfx/extra/', names } } };
}

describe('extra scripts (storefront spec, sections 1 and 7: GET {prefix}{name}.js)', () => {
  it('waits for an idle browser, then loads each script the page names (testSaga, step by step)', () => {
    testSaga(extraScriptsSaga)
      .next()
      .next({ prefix: '/gfx/extra/', names: ['shop-analytics', 'chat'] })
      .call(whenIdle)
      .next()
      .all([call(loadExtraScript, '/gfx/extra/', 'shop-analytics'), call(loadExtraScript, '/gfx/extra/', 'chat')])
      .next()
      .isDone();
  });

  it('loads each once per page view: a partial load loads none again; a failure is logged and the rest still load (expectSaga)', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const loaded: string[] = [];
    await expectSaga(extraScriptsSaga)
      .withState(stateNaming(['broken', 'shop-analytics']))
      .provide({
        call(effect, next) {
          if (effect.fn === whenIdle) return undefined;
          if (effect.fn === loadScript) {
            const [prefix, name] = effect.args as [string, string];
            loaded.push(`${prefix}${name}.js`);
            if (name === 'broken') throw new Error(`Could not load ${prefix}${name}.js`);
            return undefined;
          }
          return next();
        },
      })
      .dispatch(partialLoadRequested({ url: '/search.php?page=2' }))
      .silentRun(50);
    expect(loaded).toEqual(['/gfx/extra/broken.js', '/gfx/extra/shop-analytics.js']);
    expect(logged).toHaveBeenCalledWith('extra script not loaded, ignored', expect.any(Error));
    logged.mockRestore();
  });

  it('loads nothing when the shop names none', async () => {
    const loaded: string[] = [];
    await expectSaga(extraScriptsSaga)
      .withState(stateNaming([]))
      .provide({
        call(effect, next) {
          if (effect.fn === loadScript) loaded.push(String(effect.args[1]));
          return next();
        },
      })
      .silentRun(50);
    expect(loaded).toEqual([]);
  });

  it('waits for requestIdleCallback (with a timeout), or a timer where the browser has none', async () => {
    const idle = jest.fn((callback: () => void, _options?: IdleRequestOptions) => (setTimeout(callback, 0), 1));
    Object.assign(window, { requestIdleCallback: idle });
    await whenIdle(1000);
    expect(idle).toHaveBeenCalledWith(expect.any(Function), { timeout: 1000 });
    delete (window as { requestIdleCallback?: unknown }).requestIdleCallback;
    jest.useFakeTimers();
    const done = jest.fn();
    void whenIdle(1000).then(done);
    await jest.advanceTimersByTimeAsync(300);
    expect(done).toHaveBeenCalled();
    jest.useRealTimers();
  });
});
