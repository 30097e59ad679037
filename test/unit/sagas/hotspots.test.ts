import { expectSaga, testSaga } from 'redux-saga-test-plan';
import type { Effect } from 'redux-saga/effects';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { loadHotspots } from '../../../sagas/hotspots';
import { fetchHotspots } from '../../../src/api/hotspots';
import hotspotsReducer, { hotspotsLoading, hotspotsRemoved, hotspotsRequested } from '../../../store/hotspotsSlice';

const request = hotspotsRequested({ zones: ['hotspot_promo', 'hotspot_gone'], zonesType: 'main' });

describe('hotspots saga', () => {
  it('sanitises each zone\u2019s html and removes empty zones (expectSaga)', () => {
    return expectSaga(loadHotspots, request)
      .withReducer(hotspotsReducer)
      .provide([[matchers.call.fn(fetchHotspots), { hotspot_promo: '<article>ok<img src=x onerror="alert(1)"></article><article>two</article>', hotspot_gone: '' }]])
      .hasFinalState({
        hotspot_promo: { state: 'ready', slides: ['<article>ok<img src="x"></article>', '<article>two</article>'] },
        hotspot_gone: { state: 'removed' },
      })
      .run();
  });

  it('removes the zones when the load fails (testSaga)', () => {
    testSaga(loadHotspots, request)
      .next()
      .put(hotspotsLoading(['hotspot_promo', 'hotspot_gone']))
      .next()
      .inspect((effect: Effect) => expect(effect.type).toBe('SELECT'))
      .next([])
      .call(fetchHotspots, { ...request.payload, products: [] })
      .throw(new Error('offline'))
      .put(hotspotsRemoved(['hotspot_promo', 'hotspot_gone']))
      .next()
      .isDone();
  });

  it('also removes them with the provider failing (expectSaga)', () => {
    return expectSaga(loadHotspots, request)
      .withReducer(hotspotsReducer)
      .provide([[matchers.call.fn(fetchHotspots), throwError(new Error('500'))]])
      .hasFinalState({ hotspot_promo: { state: 'removed' }, hotspot_gone: { state: 'removed' } })
      .run();
  });

  it('asks with the products already in the basket (products), so a zone does not offer them again', () => {
    const basket = { summary: { products: [{ id: 11 }, { id: 40 }, { id: 11 }] } };
    return expectSaga(loadHotspots, request)
      .withState({ basket, hotspots: {} })
      .provide([[matchers.call.fn(fetchHotspots), { hotspot_promo: '<article>ok</article>', hotspot_gone: '' }]])
      .call(fetchHotspots, { ...request.payload, products: [11, 40] })
      .run();
  });
});
