import type { Action } from '@reduxjs/toolkit';
import { call, fork, put, select, takeEvery } from 'redux-saga/effects';
import { miniBasketMachine, type MiniBasketEmitted } from '../machines/miniBasket';
import type { AddToBasketResult } from '../src/api/basket';
import { removeFromBasket } from '../src/api/graphql';
import type { BasketSummary } from '../src/api/wire';
import { BASKET_ERROR_MS, lineKey } from '../src/domain/miniBasket';
import { basketLoaded, listAddFinished, listAddStarted } from '../store/basketSlice';
import { flowEmitted, flowSend } from '../store/flowsSlice';
import type { RootState } from '../store';
import { showAlert } from './alert';
import { refreshBasket } from './basket';
import { runFlow } from './flows';
import { addLineToBasket } from './basketAdd';
import { listAddRequested } from '../store/actions';

export { listAddRequested };

export const MINI_BASKET_FLOW = 'miniBasket';

export { BASKET_ERROR_MS };

/** Basket quantity from a list is fixed at 1 (brake-shop spec, section 9). */
export const LIST_QUANTITY = 1;

const emittedBy =
  (type: MiniBasketEmitted['type']) =>
  (action: Action): boolean =>
    flowEmitted.match(action) && action.payload.id === MINI_BASKET_FLOW && action.payload.event.type === type;

const send = (event: { type: string; [key: string]: unknown }) => flowSend({ id: MINI_BASKET_FLOW, event });

/** Every new basket tells the panel how many products it holds. */
function* followBasket(action: ReturnType<typeof basketLoaded>) {
  yield put(send({ type: 'BASKET_CHANGED', count: action.payload.productsCounter }));
}

/** Removes one row: "success" takes it away (and re-reads the basket); anything else says so. */
export function* removeLine(action: ReturnType<typeof flowEmitted>) {
  const { key } = action.payload.event as Extract<MiniBasketEmitted, { type: 'remove' }>;
  const summary: BasketSummary | null = yield select((state: RootState) => state.basket.summary);
  const line = summary?.products.find((product) => lineKey(product) === key);
  try {
    if (!line) throw new Error('no such line');
    const status: string = yield call(removeFromBasket, [{ id: line.id, size: line.size, additional: line.md5_additional }]);
    if (status !== 'success') throw new Error(`remove answered ${status}`);
    yield call(refreshBasket);
    yield put(send({ type: 'REMOVED', key }));
  } catch {
    yield put(send({ type: 'REMOVE_FAILED', key }));
    yield put(showAlert({ key: 'miniBasket.removeFailed', style: 'error', duration: BASKET_ERROR_MS }));
  }
}

/**
 * An add from a list (product cards, the brake finder's basket form): one of the product (the
 * quantity from a list is fixed at 1), one add per product at a time (a second click while the
 * first is on its way does nothing); the button shows loading meanwhile; a success forces the
 * mini basket open; a failure shows the brake-shop catalogue's text for 4000 ms.
 */
export function* addFromList(inFlight: Set<string>, action: ReturnType<typeof listAddRequested>) {
  const { product, size } = action.payload;
  const key = `${product}|${size}`;
  if (inFlight.has(key)) return;
  inFlight.add(key);
  yield put(listAddStarted(key));
  try {
    const result: AddToBasketResult | null = yield call(addLineToBasket, { product, size, number: LIST_QUANTITY }, 'miniBasket.addFailed');
    if (result) yield put(send({ type: 'FORCE_OPEN' }));
  } finally {
    inFlight.delete(key);
    yield put(listAddFinished(key));
  }
}

export function* miniBasketSaga() {
  // Unknown until the page's first basket read, unless the store already holds a basket.
  const count: number | undefined = yield select((state: RootState) => state.basket.summary?.productsCounter);
  yield fork(runFlow, MINI_BASKET_FLOW, miniBasketMachine, { count });
  yield takeEvery(basketLoaded.type, followBasket);
  yield takeEvery(emittedBy('remove'), removeLine);
  yield takeEvery(listAddRequested.type, addFromList, new Set<string>());
}
