import type { Action } from '@reduxjs/toolkit';
import { call, fork, select, take } from 'redux-saga/effects';
import type { RootState } from '../store';
import { pageLoaded, type PageType } from '../store/pageSlice';

/**
 * Page-specific sagas load with their page (their code, machines and rules are the page's
 * chunk, not every page's first load): the product page's buy box, the basket page's tools,
 * the contact page's form.
 */
const loaders: Partial<Record<PageType, () => Promise<{ default: () => Generator }>>> = {
  product: () => import(/* webpackChunkName: "page-product" */ './product').then((m) => ({ default: m.productSaga })),
  basket: () => import(/* webpackChunkName: "page-basket" */ './basketPage').then((m) => ({ default: m.basketPageSaga })),
  contact: () => import(/* webpackChunkName: "page-contact" */ './form').then((m) => ({ default: m.formSaga })),
  checkout: () => import(/* webpackChunkName: "page-checkout" */ './checkout').then((m) => ({ default: m.checkoutSaga })),
};

/** The page's type once its data is in: drawn by the server already, or when the page saga has loaded it. */
export function* loadedPageType() {
  const drawn: PageType | undefined = yield select((state: RootState) => (state.page.status === 'ready' ? state.page.location?.type : undefined));
  if (drawn) return drawn;
  const loaded: ReturnType<typeof pageLoaded> = yield take((action: Action) => pageLoaded.match(action));
  return loaded.payload.location?.type;
}

export function* pageSagas() {
  const type: PageType | undefined = yield call(loadedPageType);
  const load = type ? loaders[type] : undefined;
  if (!load) return;
  const module: { default: () => Generator } = yield call(load);
  yield fork(module.default);
}
