import type { Action } from '@reduxjs/toolkit';
import { all, call, cancelled, delay, fork, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import { buyBoxMachine, type BuyBoxEmitted, type PriceMode } from '../machines/buyBox';
import type { AddToBasketResult } from '../src/api/basket';
import { fetchInstalmentParams, fetchProductXml, fetchProjector, requestAvailabilityNotice, type ProductXml, type ProjectorPart } from '../src/api/catalogue';
import { fetchLowestPrices, fetchShippingOptions } from '../src/api/graphql';
import type { BasketSummary, InstalmentParams, LowestPriceProduct, ProductPageData, ProjectorResponse, ShippingOption } from '../src/api/wire';
import { buyStateOf, instalmentRequestOf, isPhysical } from '../src/domain/productOffer';
import { normaliseQuantity } from '../src/domain/quantity';
import { showsShippingInfo } from '../src/domain/shippingTime';
import { QUANTITY_AFTER_ADD } from '../src/domain/miniBasket';
import { flowEmitted, flowSend } from '../store/flowsSlice';
import { pageLoaded, productLoaded, type PageState } from '../store/pageSlice';
import { BUY_BOX_FLOW, pageOffer, rulesFor, selectBuyBox, selectChosenOffer, singleSizeOf } from '../store/productSelectors';

export { singleSizeOf } from '../store/productSelectors';
import {
  productXmlLoaded,
  instalmentAsked,
  instalmentLoaded,
  instalmentRequestKey,
  lowestPriceLoaded,
  notifyStatus,
  offerKey,
  offerLoaded,
  productOpened,
  quantitySet,
  shippingFailed,
  shippingLoaded,
  shippingLoading,
  shippingCleared,
  shippingHash,
  type SizeOffer,
} from '../store/productSlice';
import type { RootState } from '../store';
import { showAlert } from './alert';
import { runFlow } from './flows';
import { addLineToBasket } from './basketAdd';
import { quantityEntered, notifyRequested } from '../store/actions';

export { quantityEntered, notifyRequested };

/** Couriers and instalments follow the quantity; typing is let settle first. */
export const EXTRAS_DEBOUNCE_MS = 300;

const emittedBy =
  (type: BuyBoxEmitted['type']) =>
  (action: Action): boolean => {
    if (!flowEmitted.match(action)) return false;
    return action.payload.id === BUY_BOX_FLOW && action.payload.event.type === type;
  };

const sendBox = (event: { type: string; [key: string]: unknown }) => flowSend({ id: BUY_BOX_FLOW, event });

/** Missing size data is recorded as an internal error and hidden from the shopper. */
export function reportInternalError(what: string, detail?: unknown): void {
  console.error(`[internal] ${what}`, detail ?? '');
}

/**
 * One size's data in one price mode, from GET /ajax/projector.php (sizeavailability,
 * sizedelivery, sizeprices, and bundleprice for a bundle: the bundle's own update routine).
 * Parts the answer lacks come from the page-level product, and the gap is recorded.
 */
export function* loadOffer(product: ProductPageData, sizeId: string, mode: PriceMode) {
  const fallback = pageOffer(product, sizeId, mode);
  const parts: ProjectorPart[] = ['sizeavailability', 'sizedelivery', 'sizeprices'];
  if (product.product_type === 'product_bundle') parts.push('bundleprice');
  const controller = new AbortController();
  try {
    const answer: ProjectorResponse = yield call(fetchProjector, product.product_id, parts, { size: sizeId, subscription: mode === 'subscription', signal: controller.signal });
    const missing = parts.filter((part) => !answer[part as keyof ProjectorResponse]);
    if (missing.length) reportInternalError(`size data missing for product ${product.product_id} size ${sizeId}: ${missing.join(', ')}`);
    if (!fallback && (!answer.sizeavailability || !answer.sizedelivery || !answer.sizeprices)) return null;
    const offer: SizeOffer = {
      availability: answer.sizeavailability ?? fallback!.availability,
      delivery: answer.sizedelivery ?? fallback!.delivery,
      prices: answer.sizeprices ?? fallback!.prices,
      bundle: answer.bundleprice ?? fallback?.bundle,
    };
    return offer;
  } catch (error) {
    reportInternalError(`size data could not be read for product ${product.product_id} size ${sizeId}`, error);
    return fallback;
  } finally {
    if ((yield cancelled()) as boolean) controller.abort();
  }
}

/** The machine asked for a size's data: from the cache, else loaded; then the box learns its buy state. */
export function* fetchSize(product: ProductPageData, action: ReturnType<typeof flowEmitted>) {
  const { sizeId, mode } = action.payload.event as Extract<BuyBoxEmitted, { type: 'fetchSize' }>;
  const cached: SizeOffer | undefined = yield select((state: RootState) => state.product.offers[offerKey(sizeId, mode)]);
  let offer: SizeOffer | null = cached ?? null;
  if (!offer) {
    offer = yield call(loadOffer, product, sizeId, mode);
    if (!offer) {
      // Nothing to show for this size: the box stays as it would for an unavailable size.
      yield put(sendBox({ type: 'SIZE_READY', sizeId, mode, buyState: 'unavailable' }));
      return;
    }
    yield put(offerLoaded({ sizeId, mode, offer }));
  }
  const buyState = buyStateOf({ productType: product.product_type, gratis: product.sizes[sizeId]?.gratis ?? false, availability: offer.availability, prices: offer.prices, phonePrice: product.sizes[sizeId]?.phone_price });
  yield put(sendBox({ type: 'SIZE_READY', sizeId, mode, buyState }));
  // The rules of the new size and mode apply to the quantity already chosen: of the size asked for
  // now (the box's mirrored state may still name the one before when the data was already loaded).
  yield call(applyQuantity, product, yield select((state: RootState) => state.product.quantity), true, sizeId);
  yield fork(loadLowestPrice, product, sizeId);
}

/** Corrects a quantity by the chosen size's rules; says so when it had to raise or cap it. */
export function* applyQuantity(product: ProductPageData, value: number, quietWhenUnchanged = false, sizeId?: string) {
  const box: ReturnType<typeof selectBuyBox> = yield select(selectBuyBox);
  const rules = rulesFor(product, sizeId ?? box?.context.sizeId ?? null);
  // A size that cannot be ordered at all (stock 0) keeps the minimum: its input is disabled.
  if (rules.max < rules.min) {
    yield put(quantitySet(rules.min));
    return;
  }
  const { quantity, message } = normaliseQuantity(value, rules);
  const previous: number = yield select((state: RootState) => state.product.quantity);
  yield put(quantitySet(quantity));
  if (message && !(quietWhenUnchanged && quantity === previous)) {
    const unit = message.n > 1 ? product.unit_plural : product.unit;
    yield put(showAlert({ key: message.kind === 'min' ? 'buy.minQuantity' : 'buy.maxQuantity', params: { n: String(message.n).replace('.', ','), unit }, style: 'warning' }));
  }
}

function* enterQuantity(product: ProductPageData, action: ReturnType<typeof quantityEntered>) {
  yield call(applyQuantity, product, action.payload);
}

/** The lowest price of the last 30 days for a size (once per size); a failure is logged only. */
export function* loadLowestPrice(product: ProductPageData, sizeId: string) {
  const known: boolean = yield select((state: RootState) => sizeId in state.product.lowestPrice);
  if (known) return;
  try {
    const answer: { data?: { getLastLowestProductPrices: LowestPriceProduct[] } } = yield call(fetchLowestPrices, [{ productId: product.product_id, sizeId }], product.price_type);
    const size = answer.data?.getLastLowestProductPrices[0]?.sizes.find((s) => s.id === sizeId);
    yield put(lowestPriceLoaded({ sizeId, price: size?.price[product.price_type] ?? null }));
  } catch (error) {
    console.error('lowest price could not be read', error);
  }
}

/**
 * The buy box's add (the shared basket add, sagas/basketAdd.ts): the button shows loading (the
 * buy box machine's `adding`), the totals refresh, /return.php and tracking follow, and the
 * quantity field goes back to 1 (corrected by the product's quantity rules) after a success.
 */
export function* addProduct(product: ProductPageData, action: ReturnType<typeof flowEmitted>) {
  const { sizeId, mode } = action.payload.event as Extract<BuyBoxEmitted, { type: 'add' }>;
  const quantity: number = yield select((state: RootState) => state.product.quantity);
  const line = { product: product.product_id, size: sizeId, number: quantity, ...(mode === 'subscription' ? { subscription: true } : {}) };
  const result: AddToBasketResult | null = yield call(addLineToBasket, line, 'buy.addFailed');
  if (!result) {
    yield put(sendBox({ type: 'ADD_FAILED' }));
    return;
  }
  yield put(sendBox({ type: 'ADDED' }));
  yield put(showAlert({ key: 'buy.added', style: 'success' }));
  yield call(resetQuantity, product);
}

/** After an add the quantity field goes back to 1, raised quietly to the size's minimum when that is more. */
export function* resetQuantity(product: ProductPageData) {
  const box: ReturnType<typeof selectBuyBox> = yield select(selectBuyBox);
  const rules = rulesFor(product, box?.context.sizeId ?? null);
  yield put(quantitySet(rules.max < rules.min ? rules.min : normaliseQuantity(QUANTITY_AFTER_ADD, rules).quantity));
}

function* alertOf(action: ReturnType<typeof flowEmitted>) {
  const { text } = action.payload.event as Extract<BuyBoxEmitted, { type: 'alert' }>;
  yield put(showAlert({ key: `buy.${text}`, style: text === 'chooseSize' ? 'info' : 'warning' }));
}

/**
 * The delivery info box and the instalment calculator follow the chosen size and quantity.
 * Couriers are cached per product-parameter hash (product, size, quantity).
 */
export function* refreshExtras(product: ProductPageData, shippingCache: Map<string, ShippingOption[]>) {
  yield delay(EXTRAS_DEBOUNCE_MS);
  const box: ReturnType<typeof selectBuyBox> = yield select(selectBuyBox);
  const offer: SizeOffer | null = yield select(selectChosenOffer);
  const quantity: number = yield select((state: RootState) => state.product.quantity);
  const sizeId = box?.context.sizeId;
  if (!sizeId || !offer) return;
  yield all([call(loadShipping, product, sizeId, quantity, offer, shippingCache), call(loadInstalments, product, quantity, offer)]);
}

export function* loadShipping(product: ProductPageData, sizeId: string, quantity: number, offer: SizeOffer, cache: Map<string, ShippingOption[]>) {
  // No shipping information for this size (virtual or service, unavailable, undefined delivery, on
  // order with an unknown delivery time): no couriers either, nor those of a size chosen before.
  if (!showsShippingInfo({ availability: offer.availability, delivery: offer.delivery, physical: isPhysical(product.product_type) })) {
    yield put(shippingCleared());
    return;
  }
  // The delivery region the shopper gave (the basket page's estimate), sent as forcedRegion.
  const estimated: { kind: string; region?: string } | null = yield select((state: RootState | undefined) => state?.basketPage?.estimate.region ?? null);
  const region = estimated && (estimated.kind === 'mainland' || estimated.kind === 'remote') ? (estimated.region ?? null) : null;
  const hash = shippingHash(product.product_id, sizeId, quantity, region);
  const known = cache.get(hash);
  if (known) {
    yield put(shippingLoaded(known));
    return;
  }
  yield put(shippingLoading());
  try {
    const line = { id: product.product_id, size: sizeId, quantity };
    const options: ShippingOption[] = yield region ? call(fetchShippingOptions, line, undefined, region) : call(fetchShippingOptions, line);
    cache.set(hash, options);
    yield put(shippingLoaded(options));
  } catch {
    yield put(shippingFailed());
  }
}

export function* loadInstalments(product: ProductPageData, quantity: number, offer: SizeOffer) {
  const basket: BasketSummary | null = yield select((state: RootState | undefined) => state?.basket?.summary ?? null);
  const request = instalmentRequestOf(product, quantity, offer, basket);
  if (!request) {
    yield put(instalmentLoaded(null));
    return;
  }
  // The same request (the server's drawing of the page answered it, or it was asked before) is not asked again.
  const key = instalmentRequestKey(request);
  const known: boolean = yield select((state: RootState | undefined) => state?.product?.instalmentFor === key && state.product.instalment !== null);
  if (known) return;
  yield put(instalmentAsked(key));
  try {
    const params: InstalmentParams = yield call(fetchInstalmentParams, request);
    yield put(instalmentLoaded(params));
  } catch {
    yield put(instalmentLoaded(null));
  }
}

/** The product XML (GET /projector.php): attributes, size versions and sizes; errors are ignored. */
export function* loadAttributes(productId: number) {
  try {
    const xml: ProductXml = yield call(fetchProductXml, productId);
    yield put(productXmlLoaded(xml));
  } catch {
    // Silently ignored (storefront spec, section 8).
  }
}

export function* sendNotice(product: ProductPageData, action: ReturnType<typeof notifyRequested>) {
  const box: ReturnType<typeof selectBuyBox> = yield select(selectBuyBox);
  const sizeId = box?.context.sizeId ?? Object.keys(product.sizes)[0];
  yield put(notifyStatus('sending'));
  try {
    yield call(requestAvailabilityNotice, { product: product.product_id, size: sizeId, email: action.payload.email });
    yield put(notifyStatus('sent'));
  } catch {
    yield put(notifyStatus('failed'));
  }
}

/** Runs the product page: its buy box flow and what the flow asks for. */
export function* runProductPage(action: ReturnType<typeof productLoaded> | ReturnType<typeof pageLoaded>) {
  const product = action.type === pageLoaded.type ? (action.payload as PageState).product : (action.payload as ProductPageData);
  if (!product) return;
  const sizeId = singleSizeOf(product);
  // The server drew this product's page with what the first calls would answer (see productOpened).
  const drawn: boolean = yield select((state: RootState) => state.product?.fromServer === true && state.product.productId === product.product_id);
  yield put(productOpened({ productId: product.product_id, quantity: rulesFor(product, sizeId).min }));
  // The couriers the server's drawing of the page already answered start the cache.
  const known: Record<string, ShippingOption[]> = yield select((state: RootState) => state.product?.shippingKnown ?? {});
  const shippingCache = new Map<string, ShippingOption[]>(Object.entries(known));
  yield fork(runFlow, BUY_BOX_FLOW, buyBoxMachine, { sizeId });
  if (!drawn) yield fork(loadAttributes, product.product_id);
  yield takeLatest(emittedBy('fetchSize'), fetchSize, product);
  yield takeEvery(emittedBy('add'), addProduct, product);
  yield takeEvery(emittedBy('alert'), alertOf);
  yield takeLatest(quantityEntered.type, enterQuantity, product);
  yield takeLatest(quantitySet.type, refreshExtras, product, shippingCache);
  yield takeLatest(notifyRequested.type, sendNotice, product);
}

/** A product page's product came: on its own, or with the whole page slice. */
function productArrived(action: Action): boolean {
  return action.type === productLoaded.type || (action.type === pageLoaded.type && (action as unknown as ReturnType<typeof pageLoaded>).payload.product !== null);
}

/** Runs with the product page's chunk: the product may already be there when it loads. */
export function* productSaga() {
  const current: ProductPageData | null = yield select((state: RootState) => state.page.product);
  if (current) yield fork(runProductPage, productLoaded(current));
  yield takeLatest(productArrived, runProductPage);
}
