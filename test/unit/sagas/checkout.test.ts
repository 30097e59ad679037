import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { combineReducers } from '@reduxjs/toolkit';
import { pageLanguage, requestPlace, requestReview, selectCheckoutForm, stepOfField } from '../../../sagas/checkout';
import { placeOrder, reviewCheckout } from '../../../src/api/checkout';
import type { CheckoutQuote } from '../../../src/api/checkoutWire';
import checkoutReducer, { checkoutChanged, checkoutFieldChanged, checkoutInvalid, checkoutRefused, checkoutReviewed, initialCheckout } from '../../../store/checkoutSlice';
import { flowSend } from '../../../store/flowsSlice';
import { CHECKOUT_FLOW } from '../../../store/actions';

/** The checkout's side effects (issue 32): what the saga asks the server and what the flow and the store hear back. */
const reducer = combineReducers({ checkout: checkoutReducer });
const filled = {
  checkout: {
    ...initialCheckout,
    form: { ...initialCheckout.form, email: 'anna@example.com', phone: '333 123 4567', name: 'Anna Rossi', street: 'Via Roma 1', postcode: '20121', city: 'Milano', terms: '1', courier: '3', payment: 'transfer', key: 'k'.repeat(43) },
  },
};
const amount = (value: number) => ({ value, formatted: `${value.toFixed(2).replace('.', ',')} €` });
const quote: CheckoutQuote = {
  lines: [],
  priceType: 'gross',
  goodsNet: amount(40),
  goodsGross: amount(48.8),
  shipping: amount(4.9),
  shippingNet: amount(4.02),
  vat: amount(9.68),
  total: amount(53.7),
  courier: { id: 3, name: 'Poste Italiane', icon: '', group: 'prepaid', cost: amount(4.9), days: 4, workingDays: true },
  payment: 'transfer',
  fingerprint: 'abc',
};

describe('checkout saga', () => {
  it('the page rules first: a form that fails them asks nothing of the server; the flow goes to the first error', async () => {
    const result = await expectSaga(requestReview)
      .withReducer(reducer, { checkout: { ...initialCheckout } })
      .provide([[matchers.call.fn(pageLanguage), 'it']])
      .not.call.fn(reviewCheckout)
      .put(flowSend({ id: CHECKOUT_FLOW, event: { type: 'INVALID', field: 'email', step: 'details' } }))
      .run();
    expect(result.storeState.checkout.errors.email).toEqual({ key: 'form.required' });
    expect(result.storeState.checkout.errors.courier).toEqual({ key: 'checkout.errors.courier' });
  });

  it('a valid form is reviewed by the server; its quote is what the review shows', async () => {
    const result = await expectSaga(requestReview)
      .withReducer(reducer, filled)
      .provide([
        [matchers.call.fn(pageLanguage), 'it'],
        [matchers.call.fn(reviewCheckout), { status: 'review', quote }],
      ])
      .put(checkoutReviewed(quote))
      .put(flowSend({ id: CHECKOUT_FLOW, event: { type: 'REVIEWED' } }))
      .run();
    expect(result.storeState.checkout.view).toBe('review');
    expect(result.storeState.checkout.form.quote).toBe('abc');
  });

  it('step by step: place sends the form with its key; a placed order tells the flow where it is', () => {
    const form = filled.checkout.form;
    testSaga(requestPlace)
      .next()
      .select(selectCheckoutForm)
      .next(form)
      .call(pageLanguage)
      .next('pl')
      .call(placeOrder, form, 'pl')
      .next({ status: 'placed', order: { number: '2026-000001', link: '/pl/order/t' } })
      .put(flowSend({ id: CHECKOUT_FLOW, event: { type: 'PLACED', link: '/pl/order/t' } }))
      .next()
      .isDone();
  });

  it('changed amounts: the new quote and what changed are shown, the flow hears CHANGED', async () => {
    const changes = [{ line: 'Pastiglie · Taglia unica', kind: 'price' as const, before: '24,40 €', after: '31,90 €' }];
    await expectSaga(requestPlace)
      .withReducer(reducer, filled)
      .provide([
        [matchers.call.fn(pageLanguage), 'it'],
        [matchers.call.fn(placeOrder), { status: 'changed', quote, changes }],
      ])
      .put(checkoutChanged({ quote, changes }))
      .put(flowSend({ id: CHECKOUT_FLOW, event: { type: 'CHANGED' } }))
      .run();
  });

  it('a refusal names its reason; a failed call is refused as generic and the flow can retry with the same key', async () => {
    await expectSaga(requestPlace)
      .withReducer(reducer, filled)
      .provide([
        [matchers.call.fn(pageLanguage), 'it'],
        [matchers.call.fn(placeOrder), { status: 'refused', code: 'quantity_above_maximum', message: 'x', params: { max: 2 } }],
      ])
      .put(checkoutRefused({ code: 'quantity_above_maximum', params: { max: 2 } }))
      .put(flowSend({ id: CHECKOUT_FLOW, event: { type: 'REFUSED' } }))
      .run();
    const failed = await expectSaga(requestPlace)
      .withReducer(reducer, filled)
      .provide([
        [matchers.call.fn(pageLanguage), 'it'],
        [matchers.call.fn(placeOrder), throwError(new Error('network'))],
      ])
      .put(checkoutRefused({ code: 'generic' }))
      .run();
    expect(failed.storeState.checkout.form.key).toBe(filled.checkout.form.key);
  });

  it('server errors go to their step; an edited field loses its error', async () => {
    expect(stepOfField('courier')).toBe('delivery');
    expect(stepOfField('terms')).toBe('payment');
    expect(stepOfField('postcode')).toBe('details');
    const state = reducer(filled, checkoutInvalid({ postcode: { key: 'checkout.errors.postcodeRefused' } }));
    expect(reducer(state, checkoutFieldChanged({ name: 'postcode', value: '20122' })).checkout.errors).toEqual({});
  });
});
