import { eventChannel, type EventChannel } from 'redux-saga';
import { call, take } from 'redux-saga/effects';
import { loadAxios } from '../src/api/http';

/** The first input of the shopper (a press, a key): what comes before the first call to the shop. */
export function firstInput(): EventChannel<true> {
  return eventChannel<true>((emit) => {
    const seen = () => emit(true);
    const options = { capture: true, passive: true, once: true } as const;
    window.addEventListener('pointerdown', seen, options);
    window.addEventListener('keydown', seen, options);
    return () => {
      window.removeEventListener('pointerdown', seen, options);
      window.removeEventListener('keydown', seen, options);
    };
  });
}

/**
 * axios loads with the first request (src/api/http.ts): a page the server drew asks nothing while
 * it loads. It starts loading at the shopper's first press or key, a moment before the click or
 * the typing that calls the shop, so that call does not wait for it.
 */
export function* httpWarmupSaga() {
  const input: EventChannel<true> = yield call(firstInput);
  try {
    yield take(input);
    yield call(loadAxios);
  } catch {
    // not loaded now: the first request loads it (and says so if it cannot)
  } finally {
    input.close();
  }
}
