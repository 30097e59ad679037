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
import { liveSearchSaga } from './liveSearch';
import { stickyHeaderSaga } from './stickyHeader';
import { brakeFinderLauncher } from './brakeFinderLauncher';
import { deviceFlags } from '../src/domain/device';
import { shopDataRequested } from '../store/shopDataSlice';
import type { DeviceParams } from '../src/api/wire';

/**
 * Whether the page attaches its actors to the Stately inspector: only a build that carries it
 * (`process.env.SHOP_INSPECTOR`, set by webpack's DefinePlugin in a development build or one
 * built with INSPECT=1) and only when the address asks (`?inspect`). A production page ignores
 * `?inspect`, so no link can make a shopper's input travel to the inspector's site.
 */
export function inspectorWanted(search: string, buildHasInspector = process.env.SHOP_INSPECTOR === '1'): boolean {
  return buildHasInspector && new URLSearchParams(search).has('inspect');
}

function startInspector(): Promise<void> | undefined {
  // A constant condition: in a production build the branch, and the inspector's chunk, are dropped.
  if (process.env.SHOP_INSPECTOR === '1') {
    return import(/* webpackChunkName: "inspector" */ '@statelyai/inspect').then(({ createBrowserInspector }) => setInspector(createBrowserInspector().inspect));
  }
  return undefined;
}

/** The page's one shop data bundle: basket, wishlist, snippets and widgets for this device. */
export function* requestPageBundle() {
  const mode: number = yield call(readViewType);
  const params: DeviceParams = { ...deviceFlags(mode), request_uri: window.location.pathname + window.location.search, additional_ajax: '' };
  yield put(shopDataRequested({ Basket: {}, Wishlist: {}, Snippets: { format: 'json', params }, ToplayersAndWidgets: { format: 'json', params } }));
}

export function* rootSaga() {
  if (process.env.SHOP_INSPECTOR === '1' && inspectorWanted(window.location.search)) yield call(startInspector);
  yield all([fork(flowManager), fork(consentSaga), fork(shopDataSaga), fork(hotspotsSaga), fork(layoutSaga), fork(alertSaga), fork(basketSaga), fork(miniBasketSaga), fork(bannersSaga), fork(liveSearchSaga), fork(stickyHeaderSaga), fork(brakeFinderLauncher), fork(pageSagas), fork(vehicleSaga), fork(pageSaga), fork(partialLoadSaga), fork(requestPageBundle)]);
}
