import type { Action } from '@reduxjs/toolkit';
import { call, fork, put, take } from 'redux-saga/effects';
import { partialLoadRequested } from '../store/actions';

export function loadPartialLoadSaga() {
  return import(/* webpackChunkName: "partial-load" */ './partialLoad');
}

/**
 * The partial page load (its saga, machine and history handling) is its own chunk, started by
 * the first request for one: a page where the shopper never follows a partial link never
 * downloads it. The first request is handed on once the saga listens. (Back and Forward only
 * need it after a partial load has pushed an address.)
 */
export function* partialLoadLauncher() {
  const first: Action = yield take(partialLoadRequested.type);
  const module: Awaited<ReturnType<typeof loadPartialLoadSaga>> = yield call(loadPartialLoadSaga);
  yield fork(module.partialLoadSaga);
  yield put(first);
}
