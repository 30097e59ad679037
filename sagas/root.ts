import { all, call, fork, put } from 'redux-saga/effects';
import { alertSaga } from './alert';
import { basketSaga } from './basket';
import { layoutSaga, readViewType } from './layout';
import { pageSaga } from './page';
import { partialLoadSaga } from './partialLoad';
import { flowManager, setInspector } from './flows';
import { shopDataSaga } from './shopData';
import { hotspotsSaga } from './hotspots';
import { consentSaga } from './consent';
import { pageSagas } from './pageSagas';
import { vehicleSaga } from './vehicleConfigurator';
import { miniBasketSaga } from './miniBasket';
import { bannersSaga } from './banners';
import { liveSearchLauncher } from './liveSearchLauncher';
import { stickyHeaderSaga } from './stickyHeader';
import { brakeFinderLauncher } from './brakeFinderLauncher';
import { deviceFlags } from '../src/domain/device';
import { shopDataRequested } from '../store/shopDataSlice';
import type { DeviceParams } from '../src/api/wire';

/** `?inspect` in the address (or an INSPECT=1 build) attaches every actor to the Stately inspector. */
export function inspectorWanted(search: string): boolean {
  return new URLSearchParams(search).has('inspect') || process.env.INSPECT === '1';
}

async function startInspector(): Promise<void> {
  const { createBrowserInspector } = await import(/* webpackChunkName: "inspector" */ '@statelyai/inspect');
  setInspector(createBrowserInspector().inspect);
}

/** The page's one shop data bundle: basket, wishlist, snippets and widgets for this device. */
export function* requestPageBundle() {
  const mode: number = yield call(readViewType);
  const params: DeviceParams = { ...deviceFlags(mode), request_uri: window.location.pathname + window.location.search, additional_ajax: '' };
  yield put(shopDataRequested({ Basket: {}, Wishlist: {}, Snippets: { format: 'json', params }, ToplayersAndWidgets: { format: 'json', params } }));
}

export function* rootSaga() {
  if (inspectorWanted(window.location.search)) yield call(startInspector);
  yield all([fork(flowManager), fork(consentSaga), fork(shopDataSaga), fork(hotspotsSaga), fork(layoutSaga), fork(alertSaga), fork(basketSaga), fork(miniBasketSaga), fork(bannersSaga), fork(liveSearchLauncher), fork(stickyHeaderSaga), fork(brakeFinderLauncher), fork(pageSagas), fork(vehicleSaga), fork(pageSaga), fork(partialLoadSaga), fork(requestPageBundle)]);
}
