import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { addFromList, listAddRequested, MINI_BASKET_FLOW, removeLine } from '../../../sagas/miniBasket';
import { refreshBasket } from '../../../sagas/basket';
import { showAlert } from '../../../sagas/alert';
import { runTrackingEvents } from '../../../sagas/tracking';
import { addToBasket, fireReturn, type AddToBasketResult } from '../../../src/api/basket';
import { addLineToBasket } from '../../../sagas/basketAdd';
import { removeFromBasket } from '../../../src/api/graphql';
import type { BasketSummary } from '../../../src/api/wire';
import { basketLoaded, listAddFinished, listAddStarted } from '../../../store/basketSlice';
import { flowEmitted, flowSend } from '../../../store/flowsSlice';

const line = {
  id: 11,
  size: 'uniw',
  size_name: 'Taglia unica',
  md5_additional: '',
  product_version_name: 'GDB0652',
  name: 'Pastiglie freno anteriori TRW GDB0652',
  link: '/product-11-x.html',
  icon: '/data/gfx/products/11.svg',
  count: 1,
  worth_unit: 24.9,
  prices: { worth_net_formatted: '20,41 €', worth_gros_formatted: '24,90 €' },
};
const summary: BasketSummary = {
  productsCounter: 1,
  productsNumber: 1,
  products: [line],
  worth: 24.9,
  worth_formatted: '24,90 €',
  worth_net: 20.41,
  worth_net_formatted: '20,41 €',
  shippingCost: 6.9,
  shippingCost_formatted: '6,90 €',
  shippingCost_net_formatted: '5,66 €',
  toShippingFree: 54.1,
  toShippingFree_formatted: '54,10 €',
};
const state = { basket: { summary, status: 'ready', wishlistCount: 0, adding: [] } };
const removeAsked = flowEmitted({ id: MINI_BASKET_FLOW, event: { type: 'remove', key: '11|uniw|' } });
const send = (event: { type: string; [key: string]: unknown }) => flowSend({ id: MINI_BASKET_FLOW, event });
const added: AddToBasketResult = { answer: { status: 'ok', basket: summary }, headers: { 'x-iai-tracking-events': '1' } };

describe('removeLine saga', () => {
  it('removes the row by the GraphQL mutation, re-reads the basket, then tells the panel', () => {
    return expectSaga(removeLine, removeAsked)
      .withState(state)
      .provide([
        [matchers.call.fn(removeFromBasket), 'success'],
        [matchers.call.fn(refreshBasket), undefined],
      ])
      .call(removeFromBasket, [{ id: 11, size: 'uniw', additional: '' }])
      .call(refreshBasket)
      .put(send({ type: 'REMOVED', key: '11|uniw|' }))
      .not.put.actionType(showAlert.type)
      .run();
  });

  it('an answer other than "success" gives the row back and shows the spec\u2019s error for 4000 ms', () => {
    return expectSaga(removeLine, removeAsked)
      .withState(state)
      .provide([[matchers.call.fn(removeFromBasket), 'error']])
      .put(send({ type: 'REMOVE_FAILED', key: '11|uniw|' }))
      .put(showAlert({ key: 'miniBasket.removeFailed', style: 'error', duration: 4000 })) // 4000 ms: brake-shop spec, section 9 (pinned: a change of the constant fails here)
      .not.call.fn(refreshBasket)
      .run();
  });

  it('a failed request is reported the same way', () => {
    return expectSaga(removeLine, removeAsked)
      .withState(state)
      .provide([[matchers.call.fn(removeFromBasket), throwError(new Error('offline'))]])
      .put(send({ type: 'REMOVE_FAILED', key: '11|uniw|' }))
      .put.actionType(showAlert.type)
      .run();
  });

  it('a row no longer in the basket is not sent to the server', () => {
    return expectSaga(removeLine, flowEmitted({ id: MINI_BASKET_FLOW, event: { type: 'remove', key: '99|uniw|' } }))
      .withState(state)
      .not.call.fn(removeFromBasket)
      .put(send({ type: 'REMOVE_FAILED', key: '99|uniw|' }))
      .run();
  });
});

describe('addFromList saga', () => {
  const request = listAddRequested({ product: 11, size: 'uniw' });

  it('adds 1, shows the new basket and opens the panel; the button is busy meanwhile', () => {
    return expectSaga(addFromList, new Set<string>(), request)
      .provide([
        [matchers.call.fn(addToBasket), added],
        [matchers.fork.fn(runTrackingEvents), undefined],
      ])
      .put(listAddStarted('11|uniw'))
      .call(addToBasket, { product: 11, size: 'uniw', number: 1 })
      .put(basketLoaded(summary))
      .put(send({ type: 'FORCE_OPEN' }))
      .fork(runTrackingEvents, added.headers)
      .put(listAddFinished('11|uniw'))
      .run();
  });

  it('calls /return.php after a successful add from a list, and not after a failure', async () => {
    await expectSaga(addFromList, new Set<string>(), request)
      .provide([
        [matchers.call.fn(addToBasket), added],
        [matchers.call.fn(fireReturn), null],
        [matchers.fork.fn(runTrackingEvents), undefined],
      ])
      .call(fireReturn)
      .run();
    await expectSaga(addFromList, new Set<string>(), request)
      .provide([[matchers.call.fn(addToBasket), throwError(new Error('500'))]])
      .not.call.fn(fireReturn)
      .run();
  });

  it('a second add of the same product while the first is on its way adds nothing', () => {
    const inFlight = new Set(['11|uniw']);
    return expectSaga(addFromList, inFlight, request).not.call.fn(addToBasket).not.put.actionType(listAddStarted.type).run();
  });

  it('a failure shows "Qualcosa non è andato a buon fine, riprova" as an error for 4000 ms and frees the button', () => {
    const inFlight = new Set<string>();
    return expectSaga(addFromList, inFlight, request)
      .provide([[matchers.call.fn(addToBasket), throwError(new Error('500'))]])
      .put(showAlert({ key: 'miniBasket.addFailed', style: 'error', duration: 4000 })) // 4000 ms: brake-shop spec, section 9
      .put(listAddFinished('11|uniw'))
      .not.put(send({ type: 'FORCE_OPEN' }))
      .run()
      .then(() => expect(inFlight.size).toBe(0));
  });

  it('steps through a successful add', () => {
    const inFlight = new Set<string>();
    testSaga(addFromList, inFlight, request)
      .next()
      .put(listAddStarted('11|uniw'))
      .next()
      // The shared basket add (sagas/basketAdd.ts): POST, basket, return.php, tracking.
      .call(addLineToBasket, { product: 11, size: 'uniw', number: 1 }, 'miniBasket.addFailed')
      .next(added)
      .put(send({ type: 'FORCE_OPEN' }))
      .next()
      .put(listAddFinished('11|uniw'))
      .next()
      .isDone();
    expect(inFlight.size).toBe(0);
  });
});
