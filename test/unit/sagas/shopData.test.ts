import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { call } from 'redux-saga/effects';
import { fetchBatch, mergeRequests, takeBasketFromBundle } from '../../../sagas/shopData';
import { runTrackingEvents } from '../../../sagas/tracking';
import { fetchShopData } from '../../../src/api/basket';
import { fetchTrackingEvents } from '../../../src/api/graphql';
import { runScriptText } from '../../../src/api/scripts';
import type { BasketSummary, ShopDataResponse } from '../../../src/api/wire';
import { pendingTrackingEvents } from '../../../src/domain/tracking';
import { deviceFlags } from '../../../src/domain/device';
import { basketLoaded, wishlistCounted } from '../../../store/basketSlice';
import { shopDataLoaded } from '../../../store/shopDataSlice';

const params = { mobile: true, tablet: false, pc: false, request_uri: '/', additional_ajax: '' };

describe('shop data bundle', () => {
  it('merges the sections asked for together into one request', () => {
    expect(mergeRequests([{ Basket: {} }, { Snippets: { format: 'json', params } }, { Wishlist: {} }])).toEqual({ Basket: {}, Snippets: { format: 'json', params }, Wishlist: {} });
  });

  it('hands the whole answer to every taker (expectSaga)', () => {
    const answer: ShopDataResponse = { Wishlist: { response: { attributes: { count: 2 } } } };
    return expectSaga(fetchBatch, [{ Wishlist: {} }])
      .provide([[matchers.call.fn(fetchShopData), answer]])
      .put(shopDataLoaded(answer))
      .run();
  });

  it('ignores a failure silently (expectSaga)', () => {
    return expectSaga(fetchBatch, [{ Basket: {} }])
      .provide([[matchers.call.fn(fetchShopData), throwError(new Error('offline'))]])
      .not.put.actionType(shopDataLoaded.type)
      .run();
  });

  it('feeds the basket and wishlist count from the bundle (testSaga)', () => {
    const basket = { productsCounter: 0, products: [] } as unknown as BasketSummary;
    testSaga(takeBasketFromBundle, shopDataLoaded({ Basket: { response: { basket } }, Wishlist: { response: { attributes: { count: 3 } } } }))
      .next()
      .put(basketLoaded(basket))
      .next()
      .put(wishlistCounted(3))
      .next()
      .isDone();
  });

  it('asks with device flags from the layout mode', () => {
    expect(deviceFlags(1)).toEqual({ mobile: true, tablet: false, pc: false });
    expect(deviceFlags(2)).toEqual({ mobile: false, tablet: true, pc: false });
    expect(deviceFlags(4)).toEqual({ mobile: false, tablet: false, pc: true });
  });
});

describe('tracking helper', () => {
  it('does nothing without headers or below the threshold', () => {
    expect(pendingTrackingEvents(undefined)).toBe(0);
    expect(pendingTrackingEvents({})).toBe(0);
    expect(pendingTrackingEvents({ 'x-iai-tracking-events': '0' })).toBe(0);
    expect(pendingTrackingEvents({ 'x-iai-tracking-events': 'many' })).toBe(0);
    expect(pendingTrackingEvents({ 'x-iai-tracking-events': '2' })).toBe(2);
  });

  it('does not even ask when no event is announced (expectSaga)', () => {
    return expectSaga(runTrackingEvents, { 'x-iai-tracking-events': '0' }).not.call.fn(fetchTrackingEvents).returns([]).run();
  });

  it('runs each event, logs and skips a failing one (testSaga, step by step)', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    testSaga(runTrackingEvents, { 'x-iai-tracking-events': '3' })
      .next()
      .call(fetchTrackingEvents)
      .next(['a()', 'broken(', 'c()'])
      .is(call(runScriptText, 'a()'))
      .next()
      .is(call(runScriptText, 'broken('))
      .throw(new SyntaxError('Unexpected end of input'))
      .is(call(runScriptText, 'c()'))
      .next()
      .returns(['a()', 'c()']);
    expect(error).toHaveBeenCalledWith('tracking event failed, skipped', expect.any(SyntaxError));
    error.mockRestore();
  });

  it('gives an empty list when the events cannot be read (expectSaga)', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    return expectSaga(runTrackingEvents, { 'x-iai-tracking-events': '1' })
      .provide([[matchers.call.fn(fetchTrackingEvents), throwError(new Error('offline'))]])
      .returns([])
      .run()
      .finally(() => error.mockRestore());
  });
});
