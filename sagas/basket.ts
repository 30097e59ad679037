import { eventChannel } from 'redux-saga';
import { call, cancelled, fork, put, take, takeLatest } from 'redux-saga/effects';
import { fetchBasket } from '../src/api/basket';
import type { BasketResponse } from '../src/api/wire';
import { basketFailed, basketLoaded, basketLoading, basketRefreshRequested, basketUserLoaded } from '../store/basketSlice';

/**
 * The basket is the server's truth: it is re-read after every change and when the
 * tab regains focus, so two tabs agree. A newer refresh cancels (and aborts) an older one.
 */
export function* refreshBasket() {
  const controller = new AbortController();
  try {
    yield put(basketLoading());
    const answer: BasketResponse = yield call(fetchBasket, controller.signal);
    yield put(basketLoaded(answer.basket));
    if (answer.user) yield put(basketUserLoaded(answer.user));
  } catch {
    yield put(basketFailed());
  } finally {
    if ((yield cancelled()) as boolean) controller.abort();
  }
}

function focusChannel() {
  return eventChannel<true>((emit) => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') emit(true);
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', onVisible);
    };
  });
}

function* refreshOnFocus() {
  const channel: ReturnType<typeof focusChannel> = yield call(focusChannel);
  for (;;) {
    yield take(channel);
    yield put(basketRefreshRequested());
  }
}

/** The first basket of a page comes with the shop data bundle (sagas/shopData.ts). */
export function* basketSaga() {
  yield takeLatest(basketRefreshRequested.type, refreshBasket);
  yield fork(refreshOnFocus);
}
