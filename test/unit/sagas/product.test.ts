import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, throwError } from 'redux-saga-test-plan/providers';
import { put, type Effect } from 'redux-saga/effects';
import type { PriceMode } from '../../../machines/buyBox';
import { EXTRAS_DEBOUNCE_MS, addProduct, resetQuantity, applyQuantity, fetchSize, loadInstalments, loadOffer, loadShipping, notifyRequested, runProductPage, sendNotice } from '../../../sagas/product';
import { fetchProductXml } from '../../../src/api/catalogue';
import { instalmentRequestOf } from '../../../src/domain/productOffer';
import { productLoaded } from '../../../store/pageSlice';
import { addLineToBasket } from '../../../sagas/basketAdd';
import type { InstalmentRequest } from '../../../src/domain/instalments';
import { showAlert } from '../../../sagas/alert';
import { runTrackingEvents } from '../../../sagas/tracking';
import { addToBasket, fireReturn, type AddToBasketResult } from '../../../src/api/basket';
import { fetchInstalmentParams, fetchProjector, requestAvailabilityNotice, type ProjectorPart } from '../../../src/api/catalogue';
import { fetchLowestPrices, fetchShippingOptions, fetchTrackingEvents } from '../../../src/api/graphql';
import type {
  BasketSummary,
  InstalmentParams,
  ProductPageData,
  ProductSizeData,
  ProjectorResponse,
  ShippingOption,
  SizeAvailability,
  SizeDelivery,
  SizePrices,
} from '../../../src/api/wire';
import { basketLoaded } from '../../../store/basketSlice';
import { flowEmitted, flowSend } from '../../../store/flowsSlice';
import { rootReducer, type RootState } from '../../../store';
import { BUY_BOX_FLOW, pageOffer, rulesFor } from '../../../store/productSelectors';
import productReducer, {
  instalmentAsked,
  instalmentLoaded,
  instalmentRequestKey,
  productOpened,
  shippingHash,
  notifyStatus,
  offerKey,
  offerLoaded,
  quantitySet,
  shippingFailed,
  shippingLoaded,
  shippingCleared,
  shippingLoading,
  type SizeOffer,
} from '../../../store/productSlice';

const EXTRAS_WAIT_MS = EXTRAS_DEBOUNCE_MS + 300;

/* ------------------------------------------------------------------ fixtures */

function availability(overrides: Partial<SizeAvailability> = {}): SizeAvailability {
  return {
    visible: 'y',
    status: 'enable',
    status_description: 'Disponibile',
    status_description_tel: 'Skontaktuj się z nami',
    status_gfx: '/data/gfx/status/enable.svg',
    status_gfx_tel: '/data/gfx/status/tel.svg',
    delivery_days_undefined: 'false',
    delivery_date: '2026-11-24',
    shipping_time: {
      days: 1,
      hours: 0,
      minutes: 0,
      week_day: 2,
      week_amount: 0,
      today: 'false',
      time: '2026-11-24',
      today_shipment_deadline: '14:00',
      unknown_time: 'false',
    },
    delay_time: { unknown_delivery_time: 'false' },
    ...overrides,
  };
}

const delivery = (overrides: Partial<SizeDelivery> = {}): SizeDelivery => ({ shipping: 6.9, shipping_formatted: '6,90 €', undefined: 'false', ...overrides });

/** The demo rebate-tier product's prices (id 11): 24.90 gross; 2 -> 23.65, 4 -> 22.41, 10 -> 21.17. */
function prices(overrides: Partial<SizePrices> = {}): SizePrices {
  return {
    value: 24.9,
    price_formatted: '24,90 €',
    price_net: 20.41,
    price_net_formatted: '20,41 €',
    maxprice: 0,
    maxprice_formatted: '0,00 €',
    maxprice_net: 0,
    maxprice_net_formatted: '0,00 €',
    omnibus_price: 24.9,
    omnibus_price_formatted: '24,90 €',
    omnibus_price_net: 20.41,
    omnibus_price_net_formatted: '20,41 €',
    srp: 0,
    srp_formatted: '0,00 €',
    srp_net: 0,
    srp_net_formatted: '0,00 €',
    points: 0,
    points_recive: 0,
    rebate: 0,
    yousave: 0,
    yousave_formatted: '0,00 €',
    yousave_net: 0,
    yousave_percent: 0,
    advanceprice: 0,
    advanceprice_formatted: '0,00 €',
    basket_enable: 'n',
    rebateNumber: {
      items: [
        { left: 2, price: 23.65, price_net: 19.39, threshold: 2 },
        { left: 4, price: 22.41, price_net: 18.37, threshold: 4 },
        { left: 10, price: 21.17, price_net: 17.35, threshold: 10 },
      ],
      nextleft: 1,
      nextprice: 23.65,
      nextprice_net: 19.39,
      nextthreshold: 2,
    },
    ...overrides,
  };
}

function size(overrides: Partial<ProductSizeData> = {}): ProductSizeData {
  return {
    type: 'uniw',
    name: 'Taglia unica',
    amount: -1,
    availability: availability(),
    delivery: delivery(),
    price: prices(),
    phone_price: false,
    gratis: false,
    ...overrides,
  };
}

function productData(overrides: Partial<ProductPageData> = {}): ProductPageData {
  return {
    product_id: 11,
    product_type: 'product_item',
    name: 'Pastiglie freno anteriori Brembo P 85 020',
    link: '/product-11-pastiglie-freno-anteriori.html',
    icon: '/data/gfx/products/11.svg',
    longDescription: '<p>Pastiglie</p>',
    shortDescription: 'Pastiglie freno',
    producer: { id: 1, name: 'Brembo' },
    category: { id: 2, name: 'Pastiglie freno' },
    versionName: 'P85020#11',
    currency: 'EUR',
    unit: 'pezzo',
    unit_plural: 'pezzi',
    unit_sellby: 1,
    unit_precision: 0,
    for_points: false,
    price_type: 'gross',
    order_by_lead_hours: 3,
    order_quantity_range: {
      max_quantity_per_order: null,
      max_size_quantity_per_order: null,
      min_quantity_per_order: null,
      min_size_quantity_per_order: null,
      minimum_quantity_subscription: null,
    },
    sizes: { uniw: size() },
    awardedParameters: [],
    subscription: false,
    ...overrides,
  };
}

/** Demo product 11: one size, rebate tiers. */
const product = productData();
/** Like demo product 13: minimum 2, maximum 6 per size (8 per order), 20 in stock. */
const minMaxProduct = productData({
  product_id: 13,
  order_quantity_range: {
    max_quantity_per_order: 8,
    max_size_quantity_per_order: 6,
    min_quantity_per_order: 2,
    min_size_quantity_per_order: 2,
    minimum_quantity_subscription: null,
  },
  sizes: { uniw: size({ amount: 20, price: prices({ value: 14.5, price_formatted: '14,50 €', rebateNumber: undefined }) }) },
});
/** Like demo product 12: sold by 0.5 m, precision 1, 50 m in stock. */
const halfMetreProduct = productData({
  product_id: 12,
  unit: 'm',
  unit_plural: 'm',
  unit_sellby: 0.5,
  unit_precision: 1,
  sizes: { uniw: size({ amount: 50 }) },
});
/** Like demo product 15: several sizes. */
const multiSizeProduct = productData({
  product_id: 15,
  sizes: { S: size({ type: 'S', name: 'S' }), M: size({ type: 'M', name: 'M', amount: 3 }) },
});
const virtualProduct = productData({ product_id: 7, product_type: 'product_virtual', sizes: { uniw: size({ delivery: delivery({ undefined: 'true' }) }) } });

const pageOfferOf = (p: ProductPageData, sizeId = 'uniw', mode: PriceMode = 'normal') => pageOffer(p, sizeId, mode)!;

/** The full store state at start, with parts replaced. */
function stateWith(patch: { product?: Partial<RootState['product']>; box?: { sizeId: string; mode?: PriceMode; value?: string }; page?: ProductPageData }): RootState {
  const initial = rootReducer(undefined, { type: '@@test/init' });
  return {
    ...initial,
    page: { ...initial.page, product: patch.page ?? null },
    product: { ...initial.product, productId: 11, ...patch.product },
    flows: patch.box
      ? { [BUY_BOX_FLOW]: { value: { sizeChosen: patch.box.value ?? 'loading' }, context: { sizeId: patch.box.sizeId, mode: patch.box.mode ?? 'normal' } } }
      : {},
  };
}

const emitted = (event: { type: string; [key: string]: unknown }) => flowEmitted({ id: BUY_BOX_FLOW, event });
const sendBox = (event: { type: string; [key: string]: unknown }) => flowSend({ id: BUY_BOX_FLOW, event });

const fullAnswer: ProjectorResponse = {
  sizeavailability: availability({ status: 'order', status_description: 'Su ordinazione' }),
  sizedelivery: delivery({ shipping: 0, shipping_formatted: '0,00 €' }),
  sizeprices: prices({ value: 23.9, price_formatted: '23,90 €' }),
};

const lowestPriceAnswer = {
  data: { getLastLowestProductPrices: [{ id: 11, sizes: [{ id: 'uniw', price: { gross: { value: 22.9, formatted: '22,90 €' } } }] }] },
};

const summary: BasketSummary = {
  productsCounter: 1,
  productsNumber: 3,
  products: [
    {
      id: 11,
      size: 'uniw',
      size_name: 'Taglia unica',
      md5_additional: '',
      product_version_name: 'P85020#11',
      name: 'Pastiglie freno anteriori Brembo P 85 020',
      link: '/product-11-pastiglie-freno-anteriori.html',
      icon: '/data/gfx/products/11.svg',
      count: 3,
      worth_unit: 23.65,
      prices: { worth_net_formatted: '58,16 €', worth_gros_formatted: '70,95 €' },
    },
  ],
  worth: 70.95,
  worth_formatted: '70,95 €',
  worth_net: 58.16,
  worth_net_formatted: '58,16 €',
  shippingCost: 0,
  shippingCost_formatted: '0,00 €',
  shippingCost_net_formatted: '0,00 €',
  toShippingFree: 0,
  toShippingFree_formatted: '0,00 €',
};
const trackingHeaders = { 'content-type': 'application/json', 'x-iai-tracking-events': '1' };
const addResult: AddToBasketResult = { answer: { status: 'ok', basket: summary }, headers: trackingHeaders };

const couriers: ShippingOption[] = [
  { courier: { name: 'BRT', icon: '/data/gfx/couriers/brt.svg' }, prepaid: 'prepaid', cost: { value: 6.9, formatted: '6,90 €' }, deliveryTime: { time: { days: 1 }, workingDays: true } },
];

const instalmentParams: InstalmentParams = { minPrice: 100, maxPrice: 5000, totalPrice: 89.64, link: '/instalments?price=89.64', instalmentName: 'Rate', priceType: 'gross' };

let consoleError: jest.SpyInstance;
beforeEach(() => {
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => consoleError.mockRestore());

/* ------------------------------------------------------------------ loadOffer */

describe('loadOffer', () => {
  it('asks projector.php for availability, delivery and prices of the size and takes every part of the answer', async () => {
    let asked: unknown[] = [];
    await expectSaga(loadOffer, product, 'uniw', 'normal')
      .provide({
        call(effect, next) {
          if (effect.fn !== fetchProjector) return next();
          asked = effect.args;
          return fullAnswer;
        },
      })
      .returns({ availability: fullAnswer.sizeavailability, delivery: fullAnswer.sizedelivery, prices: fullAnswer.sizeprices, bundle: undefined })
      .run();
    expect(asked).toEqual([11, ['sizeavailability', 'sizedelivery', 'sizeprices'], { size: 'uniw', subscription: false, signal: expect.any(AbortSignal) }]);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('asks for the subscription offer and a bundle price where they apply', async () => {
    const bundle = productData({ product_id: 9, product_type: 'product_bundle' });
    let asked: unknown[] = [];
    await expectSaga(loadOffer, bundle, 'uniw', 'subscription')
      .provide({
        call(effect, next) {
          if (effect.fn !== fetchProjector) return next();
          asked = effect.args;
          return fullAnswer;
        },
      })
      .run();
    expect(asked[1] as ProjectorPart[]).toEqual(['sizeavailability', 'sizedelivery', 'sizeprices', 'bundleprice']);
    expect(asked[2]).toMatchObject({ size: 'uniw', subscription: true });
    // The missing bundle price is recorded as an internal error.
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('bundleprice'), '');
  });

  it('an answer without sizeprices falls back to the page data for the prices and records the gap', async () => {
    const partial: ProjectorResponse = { sizeavailability: fullAnswer.sizeavailability, sizedelivery: fullAnswer.sizedelivery };
    await expectSaga(loadOffer, product, 'uniw', 'normal')
      .provide([[matchers.call.fn(fetchProjector), partial]])
      .returns({ availability: fullAnswer.sizeavailability, delivery: fullAnswer.sizedelivery, prices: product.sizes.uniw.price, bundle: undefined })
      .run();
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(consoleError.mock.calls[0][0]).toMatch(/^\[internal\] size data missing for product 11 size uniw: sizeprices$/);
  });

  it('a failed request gives the page data, recorded as an internal error', async () => {
    await expectSaga(loadOffer, product, 'uniw', 'normal')
      .provide([[matchers.call.fn(fetchProjector), throwError(new Error('timeout'))]])
      .returns(pageOfferOf(product))
      .run();
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('[internal] size data could not be read for product 11 size uniw'), expect.any(Error));
  });

  it('a size the page does not know, with an incomplete answer, gives nothing', () => {
    return expectSaga(loadOffer, product, 'XL', 'normal')
      .provide([[matchers.call.fn(fetchProjector), { sizeavailability: fullAnswer.sizeavailability }]])
      .returns(null)
      .run();
  });
});

/* ------------------------------------------------------------------ fetchSize */

describe('fetchSize', () => {
  it('a cached offer sends SIZE_READY without asking projector.php', () => {
    const cached: SizeOffer = pageOfferOf(product);
    return expectSaga(fetchSize, product, emitted({ type: 'fetchSize', sizeId: 'uniw', mode: 'normal' }))
      .withReducer(rootReducer, stateWith({ box: { sizeId: 'uniw' }, product: { offers: { [offerKey('uniw', 'normal')]: cached } } }))
      .provide([
        [matchers.call.fn(fetchProjector), throwError(new Error('must not be asked'))],
        [matchers.call.fn(fetchLowestPrices), lowestPriceAnswer],
      ])
      .not.call.fn(fetchProjector)
      .not.put.actionType(offerLoaded.type)
      .put(sendBox({ type: 'SIZE_READY', sizeId: 'uniw', mode: 'normal', buyState: 'available' }))
      .run();
  });

  it('back to a size whose data is loaded: the quantity is checked against that size, not the one before (issue 34, point 1)', async () => {
    // Product 15's case: S1 (stock 8) chosen with 5, then S2 (stock 3), whose data came earlier; the
    // box's mirrored state still names S1 when its fetchSize comes.
    const twoSizes = productData({ sizes: { S1: size({ type: 'S1', amount: 8 }), S2: size({ type: 'S2', amount: 3 }) } });
    const cached: SizeOffer = pageOfferOf(twoSizes, 'S2');
    const { storeState } = await expectSaga(fetchSize, twoSizes, emitted({ type: 'fetchSize', sizeId: 'S2', mode: 'normal' }))
      .withReducer(rootReducer, stateWith({ box: { sizeId: 'S1' }, product: { quantity: 5, offers: { [offerKey('S2', 'normal')]: cached } } }))
      .provide([
        [matchers.call.fn(fetchProjector), throwError(new Error('must not be asked'))],
        [matchers.call.fn(fetchLowestPrices), lowestPriceAnswer],
      ])
      .put(quantitySet(3))
      .run();
    expect((storeState as RootState).product.quantity).toBe(3);
  });

  it('a miss loads the offer, stores it, then sends SIZE_READY with the buy state of the loaded offer', async () => {
    // The size is flagged phone_price (issue 15: the flag decides the phone-price state); the fresh answer has no price to buy with.
    const phoneSized = productData({ sizes: { uniw: size({ phone_price: true }) } });
    const answer: ProjectorResponse = { ...fullAnswer, sizeprices: prices({ value: 0, price_formatted: '', basket_enable: 'n' }) };
    const offer: SizeOffer = { availability: answer.sizeavailability!, delivery: answer.sizedelivery!, prices: answer.sizeprices!, bundle: undefined };
    const dispatched: string[] = [];
    const recording: typeof rootReducer = (state, action) => {
      dispatched.push(action.type);
      return rootReducer(state, action);
    };
    const { storeState } = await expectSaga(fetchSize, phoneSized, emitted({ type: 'fetchSize', sizeId: 'uniw', mode: 'normal' }))
      .withReducer(recording, stateWith({ box: { sizeId: 'uniw' } }))
      .provide([
        [matchers.call.fn(fetchProjector), answer],
        [matchers.call.fn(fetchLowestPrices), lowestPriceAnswer],
      ])
      .put(offerLoaded({ sizeId: 'uniw', mode: 'normal', offer }))
      .put(sendBox({ type: 'SIZE_READY', sizeId: 'uniw', mode: 'normal', buyState: 'phonePrice' }))
      .call.fn(fetchLowestPrices)
      .run();
    // Stored first, so the box's new state finds the offer in the store.
    expect(dispatched.indexOf(offerLoaded.type)).toBeGreaterThanOrEqual(0);
    expect(dispatched.indexOf(offerLoaded.type)).toBeLessThan(dispatched.indexOf(flowSend.type));
    expect((storeState as RootState).product.offers[offerKey('uniw', 'normal')]).toEqual(offer);
    expect((storeState as RootState).product.lowestPrice.uniw).toEqual({ value: 22.9, formatted: '22,90 €' });
  });

  it.each([
    ['unavailable', { sizeavailability: availability({ status: 'disable' }) }],
    ['pointsOnly', { sizeprices: prices({ value: 0, points: 150 }) }],
    ['available', { sizeprices: prices({ value: 0, basket_enable: 'y' }) }],
  ] as const)('SIZE_READY says %s for that answer', (buyState, parts) => {
    // A size flagged phone_price (issue 15: the flag decides the phone-price state).
    const phoneSized = productData({ sizes: { uniw: size({ phone_price: true }) } });
    return expectSaga(fetchSize, phoneSized, emitted({ type: 'fetchSize', sizeId: 'uniw', mode: 'normal' }))
      .withReducer(rootReducer, stateWith({ box: { sizeId: 'uniw' } }))
      .provide([
        [matchers.call.fn(fetchProjector), { ...fullAnswer, ...parts }],
        [matchers.call.fn(fetchLowestPrices), lowestPriceAnswer],
      ])
      .put(sendBox({ type: 'SIZE_READY', sizeId: 'uniw', mode: 'normal', buyState }))
      .run();
  });

  it('a gratis size is gratis whatever its offer says', () => {
    const gratis = productData({ product_id: 6, sizes: { uniw: size({ gratis: true }) } });
    return expectSaga(fetchSize, gratis, emitted({ type: 'fetchSize', sizeId: 'uniw', mode: 'normal' }))
      .withReducer(rootReducer, stateWith({ box: { sizeId: 'uniw' } }))
      .provide([
        [matchers.call.fn(fetchProjector), fullAnswer],
        [matchers.call.fn(fetchLowestPrices), lowestPriceAnswer],
      ])
      .put(sendBox({ type: 'SIZE_READY', sizeId: 'uniw', mode: 'normal', buyState: 'gratis' }))
      .run();
  });

  it('no data at all for the size: the box is told it is unavailable, nothing is stored', () => {
    return expectSaga(fetchSize, product, emitted({ type: 'fetchSize', sizeId: 'XL', mode: 'normal' }))
      .withReducer(rootReducer, stateWith({ box: { sizeId: 'XL' } }))
      .provide([[matchers.call.fn(fetchProjector), {}]])
      .put(sendBox({ type: 'SIZE_READY', sizeId: 'XL', mode: 'normal', buyState: 'unavailable' }))
      .not.put.actionType(offerLoaded.type)
      .not.call.fn(fetchLowestPrices)
      .run();
  });

  it('re-applies the quantity rules of the new size quietly when nothing changes', () => {
    return expectSaga(fetchSize, minMaxProduct, emitted({ type: 'fetchSize', sizeId: 'uniw', mode: 'normal' }))
      .withReducer(rootReducer, stateWith({ box: { sizeId: 'uniw' }, product: { quantity: 2, offers: { [offerKey('uniw', 'normal')]: pageOfferOf(minMaxProduct) } } }))
      .provide([[matchers.call.fn(fetchLowestPrices), lowestPriceAnswer]])
      .put(quantitySet(2))
      .not.put.actionType(showAlert.type)
      .run();
  });
});

/* ------------------------------------------------------------------ applyQuantity */

describe('applyQuantity', () => {
  const boxState = (quantity: number, p = minMaxProduct) => stateWith({ page: p, box: { sizeId: 'uniw', value: 'available' }, product: { quantity } });

  it('raises a quantity below the minimum, saying "at least {n} {unit}"', () => {
    return expectSaga(applyQuantity, minMaxProduct, 1)
      .withReducer(rootReducer, boxState(4))
      .put(quantitySet(2))
      .put(showAlert({ key: 'buy.minQuantity', params: { n: '2', unit: 'pezzi' }, style: 'warning' }))
      .hasFinalState(boxState(2))
      .run();
  });

  it('caps a quantity above the maximum, saying "at most {n} {unit}"', () => {
    return expectSaga(applyQuantity, minMaxProduct, 9)
      .withReducer(rootReducer, boxState(4))
      .put(quantitySet(6))
      .put(showAlert({ key: 'buy.maxQuantity', params: { n: '6', unit: 'pezzi' }, style: 'warning' }))
      .run();
  });

  it('a quantity within the rules is kept without a message', () => {
    return expectSaga(applyQuantity, minMaxProduct, 5)
      .withReducer(rootReducer, boxState(4))
      .put(quantitySet(5))
      .not.put.actionType(showAlert.type)
      .run();
  });

  it('quiet when the corrected quantity is unchanged and quiet is asked for', () => {
    return expectSaga(applyQuantity, minMaxProduct, 1, true)
      .withReducer(rootReducer, boxState(2))
      .put(quantitySet(2))
      .not.put.actionType(showAlert.type)
      .run();
  });

  it('not quiet when the corrected quantity changed, even if quiet is asked for', () => {
    return expectSaga(applyQuantity, minMaxProduct, 10, true)
      .withReducer(rootReducer, boxState(2))
      .put(quantitySet(6))
      .put(showAlert({ key: 'buy.maxQuantity', params: { n: '6', unit: 'pezzi' }, style: 'warning' }))
      .run();
  });

  it('a typed quantity equal to the corrected one still says so when not quiet', () => {
    return expectSaga(applyQuantity, minMaxProduct, 1)
      .withReducer(rootReducer, boxState(2))
      .put(showAlert({ key: 'buy.minQuantity', params: { n: '2', unit: 'pezzi' }, style: 'warning' }))
      .run();
  });

  it('writes a fractional minimum with a decimal comma and the singular unit', () => {
    return expectSaga(applyQuantity, halfMetreProduct, 0.2)
      .withReducer(rootReducer, boxState(1, halfMetreProduct))
      .put(quantitySet(0.5))
      .put(showAlert({ key: 'buy.minQuantity', params: { n: '0,5', unit: 'm' }, style: 'warning' }))
      .run();
  });

  it('a size with no stock keeps the minimum, without a message', () => {
    const soldOut = productData({ sizes: { uniw: size({ amount: 0, availability: availability({ status: 'disable' }) }) } });
    return expectSaga(applyQuantity, soldOut, 5)
      .withReducer(rootReducer, boxState(1, soldOut))
      .put(quantitySet(1))
      .not.put.actionType(showAlert.type)
      .run();
  });
});

/* ------------------------------------------------------------------ addProduct */

describe('addProduct', () => {
  const addAction = emitted({ type: 'add', sizeId: 'uniw', mode: 'normal' });
  const addState = () => stateWith({ box: { sizeId: 'uniw', value: 'adding' }, product: { quantity: 3 } });

  it('success: tells the box, shows the answer\'s basket and the added message, fires return.php and the tracking events', () => {
    return expectSaga(addProduct, product, addAction)
      .withReducer(rootReducer, addState())
      .provide([
        [matchers.call.fn(addToBasket), addResult],
        [matchers.call.fn(fireReturn), null],
        [matchers.call.fn(fetchTrackingEvents), []],
      ])
      .call(addToBasket, { product: 11, size: 'uniw', number: 3 })
      .put(sendBox({ type: 'ADDED' }))
      .put(basketLoaded(summary))
      .put(showAlert({ key: 'buy.added', style: 'success' }))
      .call(fireReturn)
      .fork(runTrackingEvents, trackingHeaders)
      .call(fetchTrackingEvents)
      .not.put(sendBox({ type: 'ADD_FAILED' }))
      .run()
      .then(({ storeState }) => {
        expect((storeState as RootState).basket.summary).toEqual(summary);
      });
  });

  it('a failing return.php does not spoil the add', () => {
    return expectSaga(addProduct, product, addAction)
      .withReducer(rootReducer, addState())
      .provide([
        [matchers.call.fn(addToBasket), addResult],
        [matchers.call.fn(fireReturn), throwError(new Error('404'))],
        [matchers.call.fn(fetchTrackingEvents), []],
      ])
      .put(showAlert({ key: 'buy.added', style: 'success' }))
      .not.put(sendBox({ type: 'ADD_FAILED' }))
      .run();
  });

  it('failure: tells the box ADD_FAILED and shows the error message', () => {
    return expectSaga(addProduct, product, addAction)
      .withReducer(rootReducer, addState())
      .provide([[matchers.call.fn(addToBasket), throwError(new Error('500'))]])
      .put(sendBox({ type: 'ADD_FAILED' }))
      .put(showAlert({ key: 'buy.addFailed', style: 'error', duration: 4000 }))
      .not.put.actionType(basketLoaded.type)
      .not.put(sendBox({ type: 'ADDED' }))
      .not.call.fn(fireReturn)
      .not.fork.fn(runTrackingEvents)
      .run();
  });

  it('replays the success path step by step (testSaga), then the failure branch', () => {
    const saga = testSaga(addProduct, product, addAction);
    saga.next().inspect((effect: Effect) => expect(effect.type).toBe('SELECT'));
    // The shared basket add (sagas/basketAdd.ts) does the POST, the basket, return.php and tracking.
    saga.next(3).call(addLineToBasket, { product: 11, size: 'uniw', number: 3 }, 'buy.addFailed');
    saga.save('asked');
    saga.next(addResult).put(sendBox({ type: 'ADDED' }));
    saga.next().put(showAlert({ key: 'buy.added', style: 'success' }));
    saga.next().call(resetQuantity, product);
    saga.next().isDone();

    saga.restore('asked').next(null).put(sendBox({ type: 'ADD_FAILED' }));
    saga.next().isDone();
  });

  it('puts the quantity field back to 1 after a success, and leaves it after a failure', async () => {
    const ok = await expectSaga(addProduct, product, addAction)
      .withReducer(rootReducer, addState())
      .provide([
        [matchers.call.fn(addToBasket), addResult],
        [matchers.call.fn(fireReturn), null],
        [matchers.call.fn(fetchTrackingEvents), []],
      ])
      .run();
    expect((ok.storeState as RootState).product.quantity).toBe(1);
    const failed = await expectSaga(addProduct, product, addAction)
      .withReducer(rootReducer, addState())
      .provide([[matchers.call.fn(addToBasket), throwError(new Error('500'))]])
      .run();
    expect((failed.storeState as RootState).product.quantity).toBe(3);
  });
});

/* ------------------------------------------------------------------ loadShipping */

describe('loadShipping', () => {
  const offer = pageOfferOf(product);

  it('asks the couriers once per product|size|quantity; the second time comes from the cache', async () => {
    const cache = new Map<string, ShippingOption[]>();
    await expectSaga(loadShipping, product, 'uniw', 2, offer, cache)
      .withReducer(rootReducer, stateWith({}))
      .provide([[matchers.call.fn(fetchShippingOptions), couriers]])
      .put(shippingLoading())
      .call(fetchShippingOptions, { id: 11, size: 'uniw', quantity: 2 })
      .put(shippingLoaded(couriers))
      .run();
    expect([...cache.keys()]).toEqual(['11|uniw|2']);

    const { storeState } = await expectSaga(loadShipping, product, 'uniw', 2, offer, cache)
      .withReducer(rootReducer, stateWith({}))
      .provide([[matchers.call.fn(fetchShippingOptions), throwError(new Error('must not be asked'))]])
      .not.call.fn(fetchShippingOptions)
      .not.put(shippingLoading())
      .put(shippingLoaded(couriers))
      .run();
    expect((storeState as RootState).product.shipping).toEqual({ status: 'ready', options: couriers });
  });

  it('another quantity (or size) is another hash: asked again', async () => {
    const cache = new Map<string, ShippingOption[]>([['11|uniw|2', couriers]]);
    await expectSaga(loadShipping, product, 'uniw', 3, offer, cache)
      .provide([[matchers.call.fn(fetchShippingOptions), []]])
      .call(fetchShippingOptions, { id: 11, size: 'uniw', quantity: 3 })
      .put(shippingLoaded([]))
      .run();
    expect([...cache.keys()].sort()).toEqual(['11|uniw|2', '11|uniw|3']);
  });

  it('a failure marks the shipping failed and caches nothing', async () => {
    const cache = new Map<string, ShippingOption[]>();
    await expectSaga(loadShipping, product, 'uniw', 1, offer, cache)
      .provide([[matchers.call.fn(fetchShippingOptions), throwError(new Error('offline'))]])
      .put(shippingLoading())
      .put(shippingFailed())
      .run();
    expect(cache.size).toBe(0);
  });

  it.each([
    ['a virtual product', virtualProduct, pageOfferOf(virtualProduct)],
    ['a service product', productData({ product_type: 'product_service' }), offer],
    ['an unavailable size', product, { ...offer, availability: availability({ status: 'disable' }) }],
    ['an undefined delivery', product, { ...offer, delivery: delivery({ undefined: 'true' }) }],
    ['an "order" size with an unknown delivery time', product, { ...offer, availability: availability({ status: 'order', delivery_days_undefined: 'true' }) }],
  ])('hidden for %s: nothing asked, and no couriers shown (not even those of a size chosen before)', async (_label, p, o) => {
    const { effects } = await expectSaga(loadShipping, p, 'uniw', 1, o, new Map())
      .provide([[matchers.call.fn(fetchShippingOptions), couriers]])
      .not.call.fn(fetchShippingOptions)
      .run();
    expect(effects.put).toEqual([put(shippingCleared())]);
  });
});

/* ------------------------------------------------------------------ loadInstalments */

describe('loadInstalments', () => {
  const offer = pageOfferOf(product);

  it.each([
    [1, 24.9],
    [3, 70.95],
    [4, 89.64],
    [10, 211.7],
  ])('quantity %p asks the limits for the rebate tier unit price x quantity = %p', async (quantity, amount) => {
    // Issue 15: the request carries currency, price, priceNet, basketCount, basketCost and basketCostNet.
    let asked: InstalmentRequest | null = null;
    await expectSaga(loadInstalments, product, quantity, offer)
      .provide([[matchers.call.fn(fetchInstalmentParams), dynamic(({ args }) => ((asked = args[0] as InstalmentRequest), instalmentParams))]])
      .put(instalmentLoaded(instalmentParams))
      .run();
    expect(asked).toMatchObject({ currency: product.currency, price: amount, basketCount: 0, basketCost: 0, basketCostNet: 0 });
    expect(asked!.priceNet).toBeGreaterThan(0);
    expect(asked!.priceNet).toBeLessThan(amount);
  });

  it('a net shop (PRICE_TYPE=net) asks with the gross amount as price (gross tiers) and the net one as priceNet (net tiers): the server checks the one its limits are set in (issue 34, point 17)', async () => {
    const net = productData({ price_type: 'net' });
    let asked: InstalmentRequest | null = null;
    await expectSaga(loadInstalments, net, 4, pageOfferOf(net))
      .provide([[matchers.call.fn(fetchInstalmentParams), dynamic(({ args }) => ((asked = args[0] as InstalmentRequest), instalmentParams))]])
      .run();
    expect(asked).toMatchObject({ price: 89.64, priceNet: 73.48 });
  });

  it('asks with the basket: its product count, cost and net cost', async () => {
    let asked: InstalmentRequest | null = null;
    await expectSaga(loadInstalments, product, 1, offer)
      .withState({ basket: { summary: { productsCounter: 3, worth: 120.5, worth_net: 98.77, products: [] } } })
      .provide([[matchers.call.fn(fetchInstalmentParams), dynamic(({ args }) => ((asked = args[0] as InstalmentRequest), instalmentParams))]])
      .run();
    expect(asked).toMatchObject({ price: 24.9, basketCount: 3, basketCost: 120.5, basketCostNet: 98.77 });
  });

  it('a phone price has no instalments and asks nothing', () => {
    return expectSaga(loadInstalments, product, 1, { ...offer, prices: prices({ value: 0 }) })
      .provide([[matchers.call.fn(fetchInstalmentParams), instalmentParams]])
      .not.call.fn(fetchInstalmentParams)
      .put(instalmentLoaded(null))
      .run();
  });

  it('a failure clears the instalment offer', () => {
    return expectSaga(loadInstalments, product, 1, offer)
      .provide([[matchers.call.fn(fetchInstalmentParams), throwError(new Error('offline'))]])
      .put(instalmentLoaded(null))
      .run();
  });
});

describe('a product page the server drew with its opening answers (issue 24)', () => {
  const request = instalmentRequestOf(product, 1, pageOfferOf(product), null)!;
  const drawn = {
    ...productReducer(undefined, productOpened({ productId: 11, quantity: 1 })),
    fromServer: true,
    offers: { [offerKey('uniw', 'normal')]: pageOfferOf(product) },
    lowestPrice: { uniw: { value: 21.9, currency: 'EUR', formatted: '21,90 €' } },
    shippingKnown: { [shippingHash(11, 'uniw', 1, null)]: couriers },
    instalment: instalmentParams,
    instalmentFor: instalmentRequestKey(request),
  };

  it('the first opening of that product keeps them; another product, or a second opening, starts empty', () => {
    const kept = productReducer(drawn, productOpened({ productId: 11, quantity: 1 }));
    expect(kept).toMatchObject({ offers: drawn.offers, lowestPrice: drawn.lowestPrice, shippingKnown: drawn.shippingKnown, instalment: instalmentParams, fromServer: false });
    expect(productReducer(kept, productOpened({ productId: 11, quantity: 1 })).offers).toEqual({});
    expect(productReducer(drawn, productOpened({ productId: 12, quantity: 1 }))).toMatchObject({ offers: {}, lowestPrice: {}, shippingKnown: {}, instalment: null, productId: 12 });
  });

  it('the instalment request already answered is not asked again; another quantity is', async () => {
    const state = { ...stateWith({}), product: drawn };
    await expectSaga(loadInstalments, product, 1, pageOfferOf(product))
      .withState(state)
      .provide([[matchers.call.fn(fetchInstalmentParams), throwError(new Error('must not be asked'))]])
      .not.call.fn(fetchInstalmentParams)
      .not.put.actionType(instalmentLoaded.type)
      .run();
    const three = instalmentRequestOf(product, 3, pageOfferOf(product), null)!;
    await expectSaga(loadInstalments, product, 3, pageOfferOf(product))
      .withState(state)
      .provide([[matchers.call.fn(fetchInstalmentParams), instalmentParams]])
      .put(instalmentAsked(instalmentRequestKey(three)))
      .call(fetchInstalmentParams, three)
      .put(instalmentLoaded(instalmentParams))
      .run();
  });

  it('the one-size product opens ready to buy without a call: size data, lowest price, couriers, instalments and the XML are there', async () => {
    const mustNotBeAsked = throwError(new Error('must not be asked'));
    const { storeState } = await expectSaga(runProductPage, productLoaded(product))
      .withReducer(rootReducer, { ...stateWith({ page: product }), flows: {}, product: drawn })
      .provide([
        [matchers.call.fn(fetchProjector), mustNotBeAsked],
        [matchers.call.fn(fetchLowestPrices), mustNotBeAsked],
        [matchers.call.fn(fetchShippingOptions), mustNotBeAsked],
        [matchers.call.fn(fetchInstalmentParams), mustNotBeAsked],
        [matchers.call.fn(fetchProductXml), mustNotBeAsked],
      ])
      .not.call.fn(fetchProductXml)
      .not.call.fn(fetchProjector)
      .not.call.fn(fetchLowestPrices)
      .not.call.fn(fetchShippingOptions)
      .not.call.fn(fetchInstalmentParams)
      .put(sendBox({ type: 'SIZE_READY', sizeId: 'uniw', mode: 'normal', buyState: 'available' }))
      .put(shippingLoaded(couriers))
      .silentRun(EXTRAS_WAIT_MS);
    const opened = (storeState as RootState).product;
    expect(opened).toMatchObject({ shipping: { status: 'ready', options: couriers }, instalment: instalmentParams, lowestPrice: drawn.lowestPrice, quantity: 1 });
  });
});

/* ------------------------------------------------------------------ sendNotice */

describe('sendNotice', () => {
  const request = notifyRequested({ email: 'mario@example.it' });

  it('sending, then sent, for the chosen size', () => {
    return expectSaga(sendNotice, multiSizeProduct, request)
      .withReducer(rootReducer, stateWith({ box: { sizeId: 'M', value: 'unavailable' } }))
      .provide([[matchers.call.fn(requestAvailabilityNotice), null]])
      .put(notifyStatus('sending'))
      .call(requestAvailabilityNotice, { product: 15, size: 'M', email: 'mario@example.it' })
      .put(notifyStatus('sent'))
      .hasFinalState({ ...stateWith({ box: { sizeId: 'M', value: 'unavailable' } }), product: { ...stateWith({}).product, notify: 'sent' } })
      .run();
  });

  it('without a chosen size, the first size of the product', () => {
    return expectSaga(sendNotice, multiSizeProduct, request)
      .withReducer(rootReducer, stateWith({}))
      .provide([[matchers.call.fn(requestAvailabilityNotice), null]])
      .call(requestAvailabilityNotice, { product: 15, size: 'S', email: 'mario@example.it' })
      .put(notifyStatus('sent'))
      .run();
  });

  it('sending, then failed, when the request fails', () => {
    return expectSaga(sendNotice, multiSizeProduct, request)
      .withReducer(rootReducer, stateWith({ box: { sizeId: 'M' } }))
      .provide({
        call: dynamic((effect, next) => (effect.fn === requestAvailabilityNotice ? Promise.reject(new Error('500')) : next())),
      })
      .put(notifyStatus('sending'))
      .put(notifyStatus('failed'))
      .not.put(notifyStatus('sent'))
      .run();
  });
});

/* ------------------------------------------------------------------ quantity rules (issue 15) */

describe('quantity rules of a size', () => {
  it('the stock caps the quantity for a size sold on order too (storefront spec, section 5)', () => {
    const onOrder = productData({ sizes: { uniw: size({ amount: 12, availability: availability({ status: 'order', status_description: 'Su ordinazione' }) }) } });
    expect(rulesFor(onOrder, 'uniw').max).toBe(12);
    const inStock = productData({ sizes: { uniw: size({ amount: 12 }) } });
    expect(rulesFor(inStock, 'uniw').max).toBe(12);
    const unlimited = productData({ sizes: { uniw: size({ amount: -1, availability: availability({ status: 'order' }) }) } });
    expect(rulesFor(unlimited, 'uniw').max).toBe(Infinity);
  });
});

describe('loadShipping with a delivery region (issue 15)', () => {
  it('sends the region the shopper gave on the basket page as forcedRegion, and caches per region', async () => {
    const cache = new Map<string, ShippingOption[]>();
    const state = stateWith({});
    const withRegion = { ...state, basketPage: { ...state.basketPage, estimate: { status: 'ready' as const, region: { kind: 'remote' as const, region: 'PT-islands' }, options: [] } } };
    await expectSaga(loadShipping, product, 'uniw', 2, pageOfferOf(product), cache)
      .withState(withRegion)
      .provide([[matchers.call.fn(fetchShippingOptions), couriers]])
      .call(fetchShippingOptions, { id: 11, size: 'uniw', quantity: 2 }, undefined, 'PT-islands')
      .run();
    expect([...cache.keys()]).toEqual(['11|uniw|2|PT-islands']);
  });
});
