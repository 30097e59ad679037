import { eventChannel } from 'redux-saga';
import { call, cancelled, fork, put, take, takeLatest } from 'redux-saga/effects';
import { fetchBasket } from '../src/api/basket';
import type { BasketResponse } from '../src/api/wire';
import { pageRestored } from '../store/actions';
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

/** `pageshow` with `persisted`: the page came back from the browser's back/forward cache. */
export function restoredChannel() {
  return eventChannel<true>((emit) => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) emit(true);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  });
}

/**
 * A page restored from the back/forward cache shows what it held when it was left: the visitor's
 * summary (basket count and totals) is read again, since another page may have changed it.
 */
export function* refreshOnRestore() {
  const channel: ReturnType<typeof restoredChannel> = yield call(restoredChannel);
  for (;;) {
    yield take(channel);
    yield put(pageRestored());
    yield put(basketRefreshRequested());
  }
}

/** The first basket of a page comes with the shop data bundle (sagas/shopData.ts). */
export function* basketSaga() {
  yield takeLatest(basketRefreshRequested.type, refreshBasket);
  yield fork(refreshOnFocus);
  yield fork(refreshOnRestore);
}
