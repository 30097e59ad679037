import type { PayloadAction } from '@reduxjs/toolkit';
import { testSaga } from 'redux-saga-test-plan';
import { call, cancelled } from 'redux-saga/effects';
import { refreshBasket } from '../../../sagas/basket';
import { fetchBasket } from '../../../src/api/basket';
import type { BasketResponse } from '../../../src/api/wire';
import { basketLoaded, basketLoading, basketUserLoaded } from '../../../store/basketSlice';
import { expectSameAsRecorded, replaySession } from '../../replay/replaySession';
import session from '../../replay/sessions/basket-add-fails-then-succeeds.json';

/**
 * The README's code examples run here, word for word: each `#region readme:<name>` below is a
 * block of the README (test/unit/readme/readmeSnippets.test.ts fails when the two differ), so
 * an example that stops working fails a test instead of misleading its reader.
 */
const basketAnswer: BasketResponse = {
  basket: {
    productsCounter: 1,
    productsNumber: 1,
    products: [],
    worth: 24.9,
    worth_formatted: '24,90 €',
    worth_net: 20.41,
    worth_net_formatted: '20,41 €',
    shippingCost: 6.9,
    shippingCost_formatted: '6,90 €',
    shippingCost_net_formatted: '5,66 €',
    toShippingFree: 54.1,
    toShippingFree_formatted: '54,10 €',
  },
  user: { id: null, logged: false },
};

describe('README examples', () => {
  it('"Replaying a saga step by step": the basket refresh, one effect at a time', () => {
    // #region readme:testSaga
    testSaga(refreshBasket)
      .next() //                              -> put(basketLoading())
      .put(basketLoading())
      .next() //                              -> call(fetchBasket, signal)
      .inspect((effect) => expect(effect).toEqual(call(fetchBasket, expect.any(AbortSignal))))
      .next(basketAnswer) //                  feed the server's answer back
      .put(basketLoaded(basketAnswer.basket))
      .next()
      .put(basketUserLoaded(basketAnswer.user!))
      .next() //                              finally: was it cancelled?
      .is(cancelled())
      .next(false)
      .isDone();
    // #endregion
  });

  it('"Turning a session into a test": a recorded session replayed', async () => {
    // #region readme:replaySession
    const result = await replaySession(session); // the JSON file as imported
    expectSameAsRecorded(result); // else fails with the first differing put, its step and the event before it
    // then what the shopper saw:
    const alerts = result.put.filter(({ action }) => action.type === 'alert/show');
    expect(alerts.map(({ action }) => (action as PayloadAction<{ key: string }>).payload.key)).toEqual(['buy.addFailed', 'buy.added']);
    // #endregion
  }, 30_000);
});
