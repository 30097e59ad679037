import { all, call, delay, fork, put, race, select, take } from 'redux-saga/effects';
import { alertSaga } from './alert';
import { basketSaga } from './basket';
import { layoutSaga, readViewType } from './layout';
import { pageSaga } from './page';
import { partialLoadLauncher } from './partialLoadLauncher';
import { flowManager, setInspector } from './flows';
import { hotspotsSaga } from './hotspots';
import { consentSaga } from './consent';
import { pageSagas } from './pageSagas';
import { vehicleSaga } from './vehicleConfigurator';
import { vehicleToolsLauncher } from './vehicleToolsLauncher';
import { miniBasketSaga } from './miniBasket';
import { bannersSaga } from './banners';
import { liveSearchLauncher } from './liveSearchLauncher';
import { stickyHeaderSaga } from './stickyHeader';
import { brakeFinderLauncher } from './brakeFinderLauncher';
import { extraScriptsSaga } from './extraScripts';
import { httpWarmupSaga } from './httpWarmup';
import { nextTask } from './nextTask';
import type { StartupChannel } from './startup';
import { deviceFlags } from '../src/domain/device';
import { shopDataFailed, shopDataLoaded, shopDataRequested, snippetsPlaced } from '../store/shopDataSlice';
import type { Action } from '@reduxjs/toolkit';
import type { DeviceParams, ShopDataRequest } from '../src/api/wire';
import type { RootState } from '../store';

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
    return import(/* webpackChunkName: "inspector" */ './inspector').then(({ startBrowserInspector }) => setInspector(startBrowserInspector()));
  }
  return undefined;
}

/**
 * The page's one shop data bundle, for what the server did not already draw: the basket and
 * wishlist (when the page came without them), and the snippets, top layers and widgets when they
 * were placed for another device than the layout mode says this is. A page drawn for this device
 * asks for nothing, and does not load the bundle's code.
 */
export function* requestPageBundle() {
  const mode: number = yield call(readViewType);
  const flags = deviceFlags(mode);
  const device = flags.mobile ? 'mobile' : flags.tablet ? 'tablet' : 'pc';
  const params: DeviceParams = { ...flags, request_uri: window.location.pathname + window.location.search, additional_ajax: '' };
  const drawn: { basket: boolean; device: string | null } = yield select((state: RootState) => ({ basket: state.basket.status === 'ready', device: state.shopData.device }));
  const request: ShopDataRequest = {};
  if (!drawn.basket) Object.assign(request, { Basket: {}, Wishlist: {} });
  if (drawn.device !== device) Object.assign(request, { Snippets: { format: 'json', params }, ToplayersAndWidgets: { format: 'json', params } });
  if (!Object.keys(request).length) {
    yield call(markPageSettled);
    return;
  }
  // The bundle's saga (batching, placing snippets and widgets, the sanitiser) is its own chunk.
  const bundle: Awaited<ReturnType<typeof loadShopDataSaga>> = yield call(loadShopDataSaga);
  yield fork(bundle.shopDataSaga);
  yield put(shopDataRequested(request));
  // This device's snippets replace the ones drawn (the top bar's height may change): the page is
  // settled once they are placed, or the bundle failed or brought none.
  if (request.Snippets) {
    const broughtNone = (action: Action) => shopDataLoaded.match(action) && !action.payload.Snippets?.response.items;
    yield race({ placed: take(snippetsPlaced.type), none: take(broughtNone), failed: take(shopDataFailed.type), late: delay(SETTLE_WAIT_MS) });
  }
  yield call(markPageSettled);
}

/** How long the page waits for the bundle's snippets before it calls itself settled anyway. */
export const SETTLE_WAIT_MS = 5_000;

/**
 * `<html data-settled="true">`: the page is drawn for this device and will not move by itself
 * (hydrated, and the bundle's snippets placed when it asked for them), after the frame that
 * draws them. What a test (or a shopper's first tap) can rely on.
 */
export function markPageSettled(): Promise<void> {
  return new Promise((resolve) =>
    requestAnimationFrame(() => {
      document.documentElement.dataset.settled = 'true';
      resolve();
    }),
  );
}

export function loadShopDataSaga() {
  return import(/* webpackChunkName: "shop-data" */ './shopData');
}

/**
 * The sagas, in the steps they start in on a page (each step its own task). The first step runs
 * before any component's first effect: it holds the sagas that answer those effects (flows, the
 * brake finder, hotspots) and the one whose start writes what they read (the vehicle saved in this
 * browser, restored into the store before the configurator's flow starts from it).
 */
const STARTUP_STEPS = [
  [flowManager, brakeFinderLauncher, hotspotsSaga, vehicleSaga, consentSaga, layoutSaga, alertSaga],
  [basketSaga, miniBasketSaga, bannersSaga],
  [liveSearchLauncher, stickyHeaderSaga, pageSagas, vehicleToolsLauncher],
  [pageSaga, partialLoadLauncher, requestPageBundle, extraScriptsSaga, httpWarmupSaga],
];

/**
 * Every saga of the storefront. On a page (`startup`: the store's saga channel holds what is
 * dispatched meanwhile, sagas/startup.ts) they start in steps, each its own task, and then hear
 * what was held; without it (a replay, a test) all start at once.
 */
export function* rootSaga(startup?: Pick<StartupChannel, 'release'>) {
  if (process.env.SHOP_INSPECTOR === '1' && inspectorWanted(window.location.search)) yield call(startInspector);
  if (!startup) {
    yield all(STARTUP_STEPS.flat().map((saga) => fork(saga)));
    return;
  }
  for (const [index, step] of STARTUP_STEPS.entries()) {
    if (index > 0) yield call(nextTask);
    yield all(step.map((saga) => fork(saga)));
  }
  startup.release();
}
