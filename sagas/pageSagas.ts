import type { Action } from '@reduxjs/toolkit';
import { call, fork, take } from 'redux-saga/effects';
import { pageOpened, type PageType } from '../store/pageSlice';

/**
 * Page-specific sagas load with their page (their code, machines and rules are the page's
 * chunk, not every page's first load): the product page's buy box, the basket page's tools,
 * the contact page's form.
 */
const loaders: Partial<Record<PageType, () => Promise<{ default: () => Generator }>>> = {
  product: () => import(/* webpackChunkName: "page-product" */ './product').then((m) => ({ default: m.productSaga })),
  basket: () => import(/* webpackChunkName: "page-basket" */ './basketPage').then((m) => ({ default: m.basketPageSaga })),
  contact: () => import(/* webpackChunkName: "page-contact" */ './form').then((m) => ({ default: m.formSaga })),
};

export function* pageSagas() {
  const opened: ReturnType<typeof pageOpened> = yield take((action: Action) => pageOpened.match(action));
  const load = loaders[opened.payload.type];
  if (!load) return;
  const module: { default: () => Generator } = yield call(load);
  yield fork(module.default);
}
