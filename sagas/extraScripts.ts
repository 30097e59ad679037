import { all, call, select } from 'redux-saga/effects';
import type { RootState } from '../store';
import { loadScript } from '../src/api/scripts';

/** The longest the extra scripts wait for an idle browser (requestIdleCallback's timeout, or the plain delay without it). */
export const EXTRA_SCRIPTS_IDLE_TIMEOUT_MS = 2000;

/** Resolves when the browser is idle: requestIdleCallback (at most the timeout), else a timer. */
export function whenIdle(timeout = EXTRA_SCRIPTS_IDLE_TIMEOUT_MS): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout });
    else window.setTimeout(resolve, timeout / 4);
  });
}

/** One extra script; a failure is logged and ignored (the page works on without it). */
export function* loadExtraScript(prefix: string, name: string) {
  try {
    yield call(loadScript, prefix, name);
  } catch (error) {
    console.error('extra script not loaded, ignored', error);
  }
}

/**
 * The shop's extra scripts (storefront spec, sections 1 and 7: GET {prefix}{name}.js), named by
 * the server in the page's state: loaded once per page view, after hydration (the root saga
 * starts then) when the browser is idle. A partial load does not load them again; a script that
 * fails to load is logged and the page works on.
 */
export function* extraScriptsSaga() {
  // A state recorded before extra scripts existed (the replayed sessions) names none.
  const extra: RootState['shopData']['extraScripts'] | undefined = yield select((state: RootState) => state.shopData.extraScripts);
  if (!extra?.names.length) return;
  const { prefix, names } = extra;
  yield call(whenIdle);
  yield all(names.map((name) => call(loadExtraScript, prefix, name)));
}
