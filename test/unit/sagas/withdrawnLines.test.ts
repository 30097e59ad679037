import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { showAlert } from '../../../sagas/alert';
import { refreshBasket } from '../../../sagas/basket';
import { BASKET_ERROR_MS } from '../../../sagas/miniBasket';
import { dismissWithdrawnLine, withdrawnLineDismissed } from '../../../sagas/basketPage';
import { removeFromBasket } from '../../../src/api/graphql';
import { fetchBasket } from '../../../src/api/basket';
import type { BasketSummary, WithdrawnBasketLine } from '../../../src/api/wire';
import { lineKey } from '../../../src/domain/miniBasket';
import { rootReducer } from '../../../store';
import { basketLoaded, selectWithdrawnLines } from '../../../store/basketSlice';
import { lineUpdateFinished, lineUpdateStarted } from '../../../store/basketPageSlice';
import { createI18n, LANGUAGES } from '../../../src/i18n';

/** Basket lines a catalogue import took away (issue 26): the shopper reads them and dismisses the note. */
const withdrawn: WithdrawnBasketLine = { id: 120, size: 'uniw', md5_additional: '', name: 'Dischi freno Brembo 09.A', size_name: 'Taglia unica', count: 2, withdrawn_at: '2026-11-24T10:00:00.000Z' };
const summary = (lines: WithdrawnBasketLine[] | undefined) => ({ products: [], productsCounter: 0, worth: 0, ...(lines ? { withdrawn: lines } : {}) }) as unknown as BasketSummary;
const stateWith = (lines: WithdrawnBasketLine[] | undefined) => rootReducer(undefined, basketLoaded(summary(lines)));

describe('withdrawn basket lines', () => {
  it('the selector reads them from the basket answer (none when the answer has no field)', () => {
    expect(selectWithdrawnLines(stateWith([withdrawn]))).toEqual([withdrawn]);
    expect(selectWithdrawnLines(stateWith(undefined))).toEqual([]);
    expect(selectWithdrawnLines(rootReducer(undefined, { type: 'none' }))).toEqual([]);
  });

  it('dismissing one removes it on the server (its product, size and variant), marks it busy meanwhile and reads the basket again', async () => {
    const key = lineKey(withdrawn);
    const { storeState } = await expectSaga(dismissWithdrawnLine, withdrawnLineDismissed({ key }))
      .withReducer(rootReducer, stateWith([withdrawn]))
      .provide([
        [matchers.call.fn(removeFromBasket), 'success'],
        [matchers.call.fn(fetchBasket), { basket: summary(undefined), user: { id: null, logged: false } }],
      ])
      .put(lineUpdateStarted(key))
      .call(removeFromBasket, [{ id: 120, size: 'uniw', additional: '' }])
      .put(lineUpdateFinished(key))
      .run();
    expect(selectWithdrawnLines(storeState)).toEqual([]);
    expect(storeState.basketPage.updating).toEqual([]);
  });

  it('step by step: the basket is read only after the server said success', () => {
    const key = lineKey(withdrawn);
    testSaga(dismissWithdrawnLine, withdrawnLineDismissed({ key }))
      .next()
      .select(selectWithdrawnLines)
      .next([withdrawn])
      .put(lineUpdateStarted(key))
      .next()
      .call(removeFromBasket, [{ id: 120, size: 'uniw', additional: '' }])
      .next('success')
      .call(refreshBasket)
      .next()
      .put(lineUpdateFinished(key))
      .next()
      .isDone();
  });

  it('a refusal or a failure says so, and the note stays', async () => {
    const key = lineKey(withdrawn);
    for (const answer of [[matchers.call.fn(removeFromBasket), 'error'], [matchers.call.fn(removeFromBasket), throwError(new Error('offline'))]] as const) {
      const { storeState } = await expectSaga(dismissWithdrawnLine, withdrawnLineDismissed({ key }))
        .withReducer(rootReducer, stateWith([withdrawn]))
        .provide([answer as never])
        .not.call.fn(refreshBasket)
        .put(showAlert({ key: 'basket.dismissFailed', style: 'error', duration: BASKET_ERROR_MS }))
        .put(lineUpdateFinished(key))
        .run();
      expect(selectWithdrawnLines(storeState)).toEqual([withdrawn]);
    }
  });

  it('a line not in the answer (dismissed in another tab) asks nothing of the server', () =>
    expectSaga(dismissWithdrawnLine, withdrawnLineDismissed({ key: '999|uniw|' }))
      .withState(stateWith([withdrawn]))
      .not.call.fn(removeFromBasket)
      .run());

  it('every text is in every language', () => {
    for (const language of LANGUAGES) {
      const i18n = createI18n(language);
      for (const key of ['basket.withdrawnTitle', 'basket.withdrawnLead', 'basket.noLongerAvailable', 'basket.withdrawnQuantity', 'basket.dismiss', 'basket.dismissFailed']) {
        expect({ language, key, exists: i18n.exists(key) }).toEqual({ language, key, exists: true });
      }
      expect(i18n.t('basket.withdrawnNote', { count: 2 })).toMatch(/2/);
      expect(i18n.t('basket.withdrawnNote', { count: 2 })).not.toBe(i18n.t('basket.withdrawnNote', { count: 1 }).replace('1', '2'));
    }
  });
});
