import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { refusalAlert, showAlert } from '../../../sagas/alert';
import { lineQuantityEntered, setLineQuantity } from '../../../sagas/basketPage';
import { addFromList, BASKET_ERROR_MS, listAddRequested } from '../../../sagas/miniBasket';
import { setBasketLine } from '../../../src/api/basket';
import { addToBasket } from '../../../src/api/basket';
import { HttpError } from '../../../src/api/http';
import type { BasketProduct, BasketSummary } from '../../../src/api/wire';
import { lineKey } from '../../../src/domain/miniBasket';
import { rootReducer } from '../../../store';
import { basketLoaded } from '../../../store/basketSlice';
import { createI18n } from '../../../src/i18n';

/**
 * When the server says no, the shopper reads the place's failure text and then the server's reason,
 * worded by the page from the stable code in the shopper's language (issue 23, point 8).
 */
const refused = (status: number, code: string, message: string, params?: Record<string, string | number>) =>
  new HttpError(`answered ${status}`, status, { error: { code, message, ...(params ? { params } : {}) } });
const FALLBACK = { key: 'miniBasket.addFailed', style: 'error' as const, duration: BASKET_ERROR_MS };

describe('refusalAlert', () => {
  it("a 4xx with the server's code: the place's failure text, then the reason worded from the code", () => {
    expect(refusalAlert(refused(422, 'quantity_above_maximum', 'Quantità massima ordinabile: 6 pz.', { max: 6, unit: 'pz.' }), FALLBACK)).toEqual({
      ...FALLBACK,
      detail: { key: 'refusal.quantity_above_maximum', params: { max: 6, unit: 'pz.' } },
    });
    expect(refusalAlert(refused(422, 'quantity_above_maximum', 'x', { max: 3, unit: 'pz.', inBasket: 3, inBasketUnit: 'pz.' }), FALLBACK).detail).toEqual({
      key: 'refusal.quantity_above_maximum_inBasket',
      params: { max: 3, unit: 'pz.', inBasket: 3, inBasketUnit: 'pz.' },
    });
  });
  it('the reason is in the page\'s language, never the server\'s Italian sentence', () => {
    const pl = createI18n('pl');
    const alert = refusalAlert(refused(422, 'quantity_below_minimum', 'Quantità minima ordinabile: 2 pz.', { min: 2, unit: 'pz.' }), { key: 'buy.addFailed', style: 'error' });
    expect(pl.t(alert.detail!.key, alert.detail!.params)).toBe('Minimalnie możesz zamówić 2 pz.');
    expect(pl.t('alert.withReason', { text: pl.t(alert.key), reason: pl.t(alert.detail!.key, alert.detail!.params) })).toBe(
      'Wystąpił błąd podczas dodawania produktu. Minimalnie możesz zamówić 2 pz.',
    );
  });
  it('a 429 adds: wait and retry', () => {
    expect(refusalAlert(refused(429, 'too_many_requests', 'Too many requests'), FALLBACK)).toEqual({ ...FALLBACK, detail: { key: 'alert.tooManyRequests' } });
  });
  it('a network failure, a 5xx or a 4xx without a code: the failure text alone', () => {
    expect(refusalAlert(new Error('offline'), FALLBACK)).toBe(FALLBACK);
    expect(refusalAlert(new HttpError('x', 500, { error: { code: 'internal_error', message: 'x' } }), FALLBACK)).toBe(FALLBACK);
    expect(refusalAlert(new HttpError('x', 404, 'not json'), FALLBACK)).toBe(FALLBACK);
  });
  it('every refusal code the basket limits answer has a text in every catalogue; a code without one shows no reason', () => {
    const codes = ['product_not_found', 'size_not_found', 'invalid_quantity', 'quantity_above_maximum', 'quantity_above_maximum_inBasket', 'quantity_below_minimum', 'quantity_not_multiple_of_step', 'unknown_variant', 'product_unavailable', 'gratis_product', 'points_only', 'phone_price', 'no_subscription', 'basket_full'];
    for (const language of ['it', 'pl', 'en'] as const) {
      const i18n = createI18n(language);
      for (const code of codes) expect({ language, code, text: i18n.exists(`refusal.${code}`) }).toEqual({ language, code, text: true });
      expect(i18n.exists(refusalAlert(refused(400, 'invalid_parameter', 'Parameter additional is not a variant hash'), FALLBACK).detail!.key)).toBe(false);
    }
  });
});

describe('the basket writes show the server refusal', () => {
  it('a list add refused by the server', () =>
    expectSaga(addFromList, new Set<string>(), listAddRequested({ product: 13, size: 'uniw' }))
      .provide([[matchers.call.fn(addToBasket), throwError(refused(422, 'quantity_below_minimum', 'Quantità minima ordinabile: 2 pz.', { min: 2, unit: 'pz.' }))]])
      .put(showAlert({ ...FALLBACK, detail: { key: 'refusal.quantity_below_minimum', params: { min: 2, unit: 'pz.' } } }))
      .run());

  it('a basket page quantity refused by the server', () => {
    const line = {
      id: 13,
      size: 'uniw',
      md5_additional: '',
      count: 2,
      rules: { step: 1, precision: 0, min: 2, max: 6, unit: 'pz.', unit_plural: 'pz.' },
    } as unknown as BasketProduct;
    const summary = { products: [line], productsCounter: 1, worth: 29 } as unknown as BasketSummary;
    const state = rootReducer(undefined, basketLoaded(summary));
    return expectSaga(setLineQuantity, lineQuantityEntered({ key: lineKey(line), quantity: 5 }))
      .withState(state)
      .provide([[matchers.call.fn(setBasketLine), throwError(refused(422, 'quantity_above_maximum', 'Quantità massima ordinabile: 4 pz. (nel carrello: 2 pz.)', { max: 4, unit: 'pz.', inBasket: 2, inBasketUnit: 'pz.' }))]])
      .put(showAlert({ ...FALLBACK, detail: { key: 'refusal.quantity_above_maximum_inBasket', params: { max: 4, unit: 'pz.', inBasket: 2, inBasketUnit: 'pz.' } } }))
      .run();
  });
});
