import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { call, cancelled } from 'redux-saga/effects';
import { refreshBasket, refreshOnRestore } from '../../../sagas/basket';
import { pageRestored } from '../../../store/actions';
import { fetchBasket } from '../../../src/api/basket';
import type { BasketResponse, BasketSummary } from '../../../src/api/wire';
import basketReducer, { basketFailed, basketLoaded, basketLoading, basketRefreshRequested, basketUserLoaded } from '../../../store/basketSlice';

const summary: BasketSummary = {
  productsCounter: 1,
  productsNumber: 2,
  products: [
    {
      id: 11,
      size: 'uniw',
      size_name: 'Taglia unica',
      md5_additional: '',
      product_version_name: 'P 01 062',
      name: 'Pastiglie freno anteriori Brembo P 01 062',
      link: '/product-11-pastiglie.html',
      icon: '/data/gfx/products/11.svg',
      count: 2,
      worth_unit: 24.9,
      prices: { worth_net_formatted: '40,82 €', worth_gros_formatted: '49,80 €' },
    },
  ],
  worth: 49.8,
  worth_formatted: '49,80 €',
  worth_net: 40.82,
  worth_net_formatted: '40,82 €',
  shippingCost: 6.9,
  shippingCost_formatted: '6,90 €',
  shippingCost_net_formatted: '5,66 €',
  toShippingFree: 29.2,
  toShippingFree_formatted: '29,20 €',
};
const answer: BasketResponse = { basket: summary, user: { id: null, logged: false } };

describe('refreshBasket saga', () => {
  it('shows the basket the server answers (expectSaga with a provider)', () => {
    return expectSaga(refreshBasket)
      .withReducer(basketReducer)
      .provide([[matchers.call.fn(fetchBasket), answer]])
      .put(basketLoading())
      .put(basketLoaded(summary))
      // The basket answer's user object is kept in the store (brake-shop spec, section 6; issue 15).
      .put(basketUserLoaded({ id: null, logged: false }))
      .hasFinalState({ summary, status: 'ready', wishlistCount: 0, adding: [], user: { id: null, logged: false } })
      .run();
  });

  it('marks the basket failed when the server cannot be reached, keeping what was shown', () => {
    return expectSaga(refreshBasket)
      .withReducer(basketReducer, { summary, status: 'ready', wishlistCount: 0, adding: [], user: null })
      .provide([[matchers.call.fn(fetchBasket), throwError(new Error('offline'))]])
      .put(basketFailed())
      .hasFinalState({ summary, status: 'failed', wishlistCount: 0, adding: [], user: null })
      .run();
  });

  it('replays step by step: loading, the call, the answer, then cleanup (testSaga)', () => {
    const saga = testSaga(refreshBasket);
    saga.next().put(basketLoading());
    saga.next().inspect((effect) => expect(effect).toEqual(call(fetchBasket, expect.any(AbortSignal))));
    saga.save('asked');
    saga.next(answer).put(basketLoaded(summary));
    saga.next().put(basketUserLoaded({ id: null, logged: false }));
    saga.next().is(cancelled());
    saga.next(false).isDone();
    // Rewind to the question and replay the failure branch instead.
    saga.restore('asked').throw(new Error('offline')).put(basketFailed());
    saga.next().is(cancelled());
    saga.next(false).isDone();
  });
});

describe('back/forward cache restores (issue 22)', () => {
  function pageshow(persisted: boolean) {
    const event = new Event('pageshow') as Event & { persisted: boolean };
    Object.defineProperty(event, 'persisted', { value: persisted });
    window.dispatchEvent(event);
  }

  it('a page restored from the back/forward cache (persisted) asks for the basket again; a fresh load does not', async () => {
    // Counts the basket refreshes asked for.
    const refreshes = (count = 0, action: { type: string }) => (action.type === basketRefreshRequested.type ? count + 1 : count);
    const run = expectSaga(refreshOnRestore).withReducer(refreshes).put(pageRestored()).put(basketRefreshRequested()).hasFinalState(1).silentRun(50);
    // A fresh page show first (nothing happens), then a restore.
    setTimeout(() => pageshow(false), 5);
    setTimeout(() => pageshow(true), 10);
    await run;
  });
});
