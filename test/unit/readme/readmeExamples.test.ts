import type { PayloadAction } from '@reduxjs/toolkit';
import { testSaga } from 'redux-saga-test-plan';
import { call, cancelled } from 'redux-saga/effects';
import { refreshBasket } from '../../../sagas/basket';
import { fetchBasket } from '../../../src/api/basket';
import type { BasketResponse } from '../../../src/api/wire';
import { basketLoaded, basketLoading, basketUserLoaded } from '../../../store/basketSlice';
import * as basketAdd from '../../../sagas/basketAdd';
import { addToBasket } from '../../../src/api/basket';
import { expectSameAsRecorded, replaySession } from '../../replay/replaySession';
import session from '../../replay/sessions/basket-add-fails-then-succeeds.json';
import searchListingProduct from '../../replay/sessions/search-listing-product.json';
import homePage from '../../replay/sessions/home-page.json';

/**
 * The code examples of the README and docs/ (today those of docs/qa.md) run here, word for word:
 * each `#region readme:<name>` below is a block of one of those pages
 * (test/unit/readme/readmeSnippets.test.ts fails when the two differ), so an example that stops
 * working fails a test instead of misleading its reader.
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

describe('README and docs/ examples', () => {
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

  it('"Turning a session into a test": a session across three pages', async () => {
    // #region readme:replayPages
    const result = await replaySession(searchListingProduct); // home, a submitted search, a product
    expectSameAsRecorded(result);
    const opened = result.steps.filter((step) => step.event.startsWith('page '));
    expect(opened.map((step) => step.event)).toEqual([
      'page 2 of the session opened: /search.php?text=pastiglie&from_search=true',
      expect.stringMatching(/^page 3 of the session opened: \/product-\d+-/),
    ]);
    // #endregion
  }, 30_000);

  it('"Turning a session into a test": a saga broken on purpose, and the first divergence', async () => {
    const broken = jest.spyOn(basketAdd, 'addLineToBasket').mockImplementation(function* forgetsTheBasket(line) {
      return yield call(addToBasket, line);
    });
    try {
      // #region readme:replayDivergence
      const result = await replaySession(homePage, { idle: 1500 });
      expect(() => expectSameAsRecorded(result)).toThrow(
        /^The replay differs from the recording at step \d+ \(after answer of addToBasket\(.*\)\), in basket:\n {2}recorded: \{"type":"basket\/basketLoaded".*\n {2}replayed: \{"type":"basket\/listAddFinished"/,
      );
      // #endregion
    } finally {
      broken.mockRestore();
    }
  }, 30_000);
});
