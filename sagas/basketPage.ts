import { call, fork, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import { setBasketLine } from '../src/api/basket';
import { fetchInstalmentParams } from '../src/api/catalogue';
import { fetchBasketShipping } from '../src/api/graphql';
import type { BasketChangeResponse, BasketProduct, BasketSummary, InstalmentParams, ShippingOption, WithdrawnBasketLine } from '../src/api/wire';
import { deliveryRegion, type DeliveryRegion } from '../src/domain/deliveryRegion';
import { lineKey } from '../src/domain/miniBasket';
import { normaliseQuantity } from '../src/domain/quantity';
import { ZIP_RANGES } from '../src/domain/zipRanges';
import { basketLoaded } from '../store/basketSlice';
import { basketInstalmentLoaded, estimateDone, estimateFailed, estimateStarted, lineUpdateFinished, lineUpdateStarted } from '../store/basketPageSlice';
import type { RootState } from '../store';
import { refusalAlert, showAlert } from './alert';
import { BASKET_ERROR_MS } from './miniBasket';
import { SHOP_CURRENCY, type InstalmentRequest } from '../src/domain/instalments';
import { lineQuantityEntered, estimateRequested, withdrawnLineDismissed } from '../store/actions';
import { removeFromBasket } from '../src/api/graphql';
import { selectWithdrawnLines } from '../store/basketSlice';
import { refreshBasket } from './basket';

export { lineQuantityEntered, estimateRequested, withdrawnLineDismissed };

/** A line's quantity under its rules; 0 stays 0 (the shopper removes the line). */
export function* setLineQuantity(action: ReturnType<typeof lineQuantityEntered>) {
  const { key, quantity } = action.payload;
  const summary: BasketSummary | null = yield select((state: RootState) => state.basket.summary);
  const line: BasketProduct | undefined = summary?.products.find((product) => lineKey(product) === key);
  if (!line) return;
  let target = quantity;
  if (quantity !== 0 && line.rules) {
    const rules = { step: line.rules.step, precision: line.rules.precision, min: line.rules.min, max: line.rules.max ?? Infinity };
    const { quantity: corrected, message } = normaliseQuantity(quantity, rules);
    target = corrected;
    if (message) {
      const unit = message.n > 1 ? line.rules.unit_plural : line.rules.unit;
      yield put(showAlert({ key: message.kind === 'min' ? 'buy.minQuantity' : 'buy.maxQuantity', params: { n: String(message.n).replace('.', ','), unit }, style: 'warning' }));
    }
  }
  if (target === line.count) return;
  yield put(lineUpdateStarted(key));
  try {
    const answer: BasketChangeResponse = yield call(setBasketLine, { product: line.id, size: line.size, additional: line.md5_additional, number: target });
    yield put(basketLoaded(answer.basket));
  } catch (error) {
    yield put(showAlert(refusalAlert(error, { key: 'miniBasket.addFailed', style: 'error', duration: BASKET_ERROR_MS })));
  } finally {
    yield put(lineUpdateFinished(key));
  }
}

/** The note of a line no longer sold goes: the line is removed on the server, then the basket read again. */
export function* dismissWithdrawnLine(action: ReturnType<typeof withdrawnLineDismissed>) {
  const { key } = action.payload;
  const withdrawn: WithdrawnBasketLine[] = yield select(selectWithdrawnLines);
  const line = withdrawn.find((candidate) => lineKey(candidate) === key);
  if (!line) return;
  yield put(lineUpdateStarted(key));
  try {
    const status: string = yield call(removeFromBasket, [{ id: line.id, size: line.size, additional: line.md5_additional }]);
    if (status !== 'success') throw new Error(`remove answered ${status}`);
    yield call(refreshBasket);
  } catch {
    yield put(showAlert({ key: 'basket.dismissFailed', style: 'error', duration: BASKET_ERROR_MS }));
  } finally {
    yield put(lineUpdateFinished(key));
  }
}

/** Couriers and costs for the whole basket to where the shopper lives; refused postcodes say so. */
export function* estimateShipping(action: ReturnType<typeof estimateRequested>) {
  const { country, postcode, language } = action.payload;
  const region: DeliveryRegion = deliveryRegion(ZIP_RANGES, country, language, postcode);
  if (region.kind === 'invalid' || region.kind === 'refused') {
    yield put(estimateDone({ region, options: [] }));
    return;
  }
  yield put(estimateStarted(region));
  try {
    const options: ShippingOption[] = yield call(fetchBasketShipping, region.region);
    yield put(estimateDone({ region, options }));
  } catch {
    yield put(estimateFailed());
  }
}

/** The instalment limits follow the basket's worth. */
export function* loadBasketInstalments(action: ReturnType<typeof basketLoaded>) {
  const worth = action.payload.worth;
  if (!(worth > 0)) {
    yield put(basketInstalmentLoaded(null));
    return;
  }
  try {
    const basket = action.payload;
    const request: InstalmentRequest = {
      currency: SHOP_CURRENCY,
      price: worth,
      priceNet: basket.worth_net,
      basketCount: basket.productsCounter,
      basketCost: worth,
      basketCostNet: basket.worth_net,
    };
    const params: InstalmentParams = yield call(fetchInstalmentParams, request);
    yield put(basketInstalmentLoaded(params));
  } catch {
    yield put(basketInstalmentLoaded(null));
  }
}

/** Runs with the basket page's chunk. */
export function* basketPageSaga() {
  const summary: BasketSummary | null = yield select((state: RootState) => state.basket.summary);
  if (summary) yield fork(loadBasketInstalments, basketLoaded(summary));
  yield takeEvery(lineQuantityEntered.type, setLineQuantity);
  yield takeEvery(withdrawnLineDismissed.type, dismissWithdrawnLine);
  yield takeLatest(estimateRequested.type, estimateShipping);
  yield takeLatest(basketLoaded.type, loadBasketInstalments);
}
