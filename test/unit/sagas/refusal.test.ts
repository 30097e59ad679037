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

/** When the server says no (issue 14), the shopper reads the server's answer, not a generic failure. */
const refused = (status: number, code: string, message: string) => new HttpError(`answered ${status}`, status, { error: { code, message } });
const FALLBACK = { key: 'miniBasket.addFailed', style: 'error' as const, duration: BASKET_ERROR_MS };

describe('refusalAlert', () => {
  it("a 4xx with the server's error shows the server's message", () => {
    expect(refusalAlert(refused(422, 'quantity_above_maximum', 'Quantità massima ordinabile: 6 pz.'), FALLBACK)).toEqual({
      key: 'alert.server',
      params: { message: 'Quantità massima ordinabile: 6 pz.' },
      style: 'warning',
      duration: BASKET_ERROR_MS,
    });
  });
  it('a 429 asks to wait and retry', () => {
    expect(refusalAlert(refused(429, 'too_many_requests', 'Too many requests'), FALLBACK)).toMatchObject({ key: 'alert.tooManyRequests' });
  });
  it('a network failure, a 5xx or a 4xx without a message keeps the fallback', () => {
    expect(refusalAlert(new Error('offline'), FALLBACK)).toBe(FALLBACK);
    expect(refusalAlert(new HttpError('x', 500, { error: { code: 'internal_error', message: 'x' } }), FALLBACK)).toBe(FALLBACK);
    expect(refusalAlert(new HttpError('x', 404, 'not json'), FALLBACK)).toBe(FALLBACK);
  });
});

describe('the basket writes show the server refusal', () => {
  it('a list add refused by the server', () =>
    expectSaga(addFromList, new Set<string>(), listAddRequested({ product: 13, size: 'uniw' }))
      .provide([[matchers.call.fn(addToBasket), throwError(refused(422, 'quantity_below_minimum', 'Quantità minima ordinabile: 2 pz.'))]])
      .put(showAlert({ key: 'alert.server', params: { message: 'Quantità minima ordinabile: 2 pz.' }, style: 'warning', duration: BASKET_ERROR_MS }))
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
      .provide([[matchers.call.fn(setBasketLine), throwError(refused(422, 'quantity_above_maximum', 'Quantità massima ordinabile: 4 pz. (nel carrello: 2 pz.)'))]])
      .put(showAlert({ key: 'alert.server', params: { message: 'Quantità massima ordinabile: 4 pz. (nel carrello: 2 pz.)' }, style: 'warning', duration: BASKET_ERROR_MS }))
      .run();
  });
});
