import type { Action } from '@reduxjs/toolkit';
import { buffers, type Channel } from 'redux-saga';
import { actionChannel, call, flush, fork, put, take } from 'redux-saga/effects';
import { flowSend } from '../store/flowsSlice';
import { LIVE_SEARCH_FLOW } from '../store/liveSearchSlice';

/**
 * The live search's engine (its machine, saga and search rules) is its own chunk, loaded the
 * first time the shopper uses the search box (focus or typing): no page's first load carries
 * it. What the box sent while the chunk was on its way is kept and replayed in order once the
 * flow runs, so nothing typed is lost.
 */
export function loadLiveSearchSaga() {
  return import(/* webpackChunkName: "live-search-flow" */ './liveSearch');
}

export function* liveSearchLauncher() {
  const early: Channel<ReturnType<typeof flowSend>> = yield actionChannel((action: Action) => flowSend.match(action) && action.payload.id === LIVE_SEARCH_FLOW, buffers.expanding(16));
  const first: ReturnType<typeof flowSend> = yield take(early);
  const engine: Awaited<ReturnType<typeof loadLiveSearchSaga>> = yield call(loadLiveSearchSaga);
  const pending: Array<ReturnType<typeof flowSend>> = yield flush(early);
  early.close();
  yield fork(engine.liveSearchSaga);
  for (const event of [first, ...pending]) yield put(event);
}
