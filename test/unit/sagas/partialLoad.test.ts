import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { call, cancelled } from 'redux-saga/effects';
import { dataSuffix, fetchRegions, PARTIAL_LOAD_FLOW } from '../../../sagas/partialLoad';
import { fetchListingAt } from '../../../src/api/catalogue';
import type { ListingResponse } from '../../../src/api/wire';
import { flowSend } from '../../../store/flowsSlice';

const listing = { products: [], total: 0, page: 1, pageSize: 24, categories: [], producers: [], query: {} } as ListingResponse;

describe('partial load saga', () => {
  it('asks for the data with the suffix that fits the address', () => {
    expect(dataSuffix('/search.php?traits_alt[24]=1')).toBe('&json=true');
    expect(dataSuffix('/search.php')).toBe('?json=true');
  });

  it('keeps the fetched regions and tells the flow they arrived (expectSaga)', async () => {
    const results = new Map<number, ListingResponse>();
    await expectSaga(fetchRegions, 3, '/search.php?page=2', '&json=true', results)
      .provide([[matchers.call.fn(fetchListingAt), listing]])
      .put(flowSend({ id: PARTIAL_LOAD_FLOW, event: { type: 'LOADED', requestId: 3 } }))
      .run();
    expect(results.get(3)).toBe(listing);
  });

  it('tells the flow when the fetch fails, so it navigates fully (expectSaga)', () => {
    return expectSaga(fetchRegions, 4, '/search.php?page=2', '&json=true', new Map())
      .provide([[matchers.call.fn(fetchListingAt), throwError(new Error('offline'))]])
      .put(flowSend({ id: PARTIAL_LOAD_FLOW, event: { type: 'FAILED', requestId: 4 } }))
      .run();
  });

  it('aborts its request when cancelled by a newer load (testSaga, step by step)', () => {
    const saga = testSaga(fetchRegions, 5, '/search.php?page=3', '&json=true', new Map());
    let signal: AbortSignal | undefined;
    saga.next().inspect((effect) => {
      expect(effect).toEqual(call(fetchListingAt, '/search.php?page=3&json=true', expect.any(AbortSignal)));
      signal = (effect as { payload: { args: [string, AbortSignal] } }).payload.args[1];
    });
    // The newer load cancels this task: the saga jumps to its finally block.
    saga.finish().is(cancelled());
    saga.next(true).isDone();
    expect(signal?.aborted).toBe(true);
  });
});
