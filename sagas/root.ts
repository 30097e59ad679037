import { all, call, fork } from 'redux-saga/effects';
import { alertSaga } from './alert';
import { basketSaga } from './basket';
import { layoutSaga } from './layout';
import { pageSaga } from './page';
import { partialLoadSaga } from './partialLoad';
import { setInspector } from './flows';

/** `?inspect` in the address (or an INSPECT=1 build) attaches every actor to the Stately inspector. */
export function inspectorWanted(search: string): boolean {
  return new URLSearchParams(search).has('inspect') || process.env.INSPECT === '1';
}

async function startInspector(): Promise<void> {
  const { createBrowserInspector } = await import(/* webpackChunkName: "inspector" */ '@statelyai/inspect');
  setInspector(createBrowserInspector().inspect);
}

export function* rootSaga() {
  if (inspectorWanted(window.location.search)) yield call(startInspector);
  yield all([fork(layoutSaga), fork(alertSaga), fork(basketSaga), fork(pageSaga), fork(partialLoadSaga)]);
}
