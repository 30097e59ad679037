import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { call, cancelled } from 'redux-saga/effects';
import { dataSuffix, fetchRegions, navigateTo, PARTIAL_LOAD_FLOW, partialLoadRequested, partialLoadSaga } from '../../../sagas/partialLoad';
import { fetchListingAt } from '../../../src/api/catalogue';
import { runScriptText } from '../../../src/api/scripts';
import type { ListingAnswer } from '../../../src/api/wire';
import { rootReducer, type RootState } from '../../../store';
import { flowSend } from '../../../store/flowsSlice';

const listing = { products: [], total: 0, page: 1, pageSize: 24, categories: [], producers: [], query: {}, scripts: [] } as ListingAnswer;

describe('partial load saga', () => {
  it('asks for the data with the suffix that fits the address', () => {
    expect(dataSuffix('/search.php?traits_alt[24]=1')).toBe('&json=true');
    expect(dataSuffix('/search.php')).toBe('?json=true');
  });

  it('keeps the fetched regions and tells the flow they arrived (expectSaga)', async () => {
    const results = new Map<number, ListingAnswer>();
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

describe('partial load: the scripts of the regions it brings (spec section 2: scripts marked ajax-loaded are run)', () => {
  /** Runs the whole partial-load saga (the real machine) with the answers given per address; records the scripts run, in order. */
  function partialLoads(answers: Record<string, { data?: ListingAnswer; error?: Error; wait?: Promise<unknown> }>) {
    const ran: string[] = [];
    const navigated: string[] = [];
    const saga = expectSaga(partialLoadSaga)
      .withReducer(rootReducer)
      .provide({
        call(effect, next) {
          if (effect.fn === fetchListingAt) {
            const address = effect.args[0] as string;
            const answer = answers[address.replace(/[?&]json=true$/, '')];
            if (!answer) throw new Error(`unexpected fetch ${address}`);
            return (answer.wait ?? Promise.resolve()).then(() => {
              if (answer.error) throw answer.error;
              return answer.data;
            });
          }
          if (effect.fn === runScriptText) {
            const source = effect.args[0] as string;
            ran.push(source);
            if (source.startsWith('broken')) throw new SyntaxError('Unexpected end of input');
            return undefined;
          }
          if (effect.fn === navigateTo) {
            navigated.push(effect.args[0] as string);
            return undefined;
          }
          return next();
        },
      });
    return { saga, ran, navigated };
  }
  const answer = (page: number, scripts: string[]): ListingAnswer => ({ ...listing, page, total: 100, scripts });

  it("runs the answer's scripts once the regions are applied, in order; a throwing one is logged and skipped", async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { saga, ran } = partialLoads({ '/search.php?page=2': { data: answer(2, ['first()', 'broken(', 'third()']) } });
    const { storeState } = await saga.dispatch(partialLoadRequested({ url: '/search.php?page=2' })).silentRun(200);
    expect(ran).toEqual(['first()', 'broken(', 'third()']);
    // The regions were replaced before: the store holds page 2 (and no script text).
    const state = storeState as RootState;
    expect(state.page.listing?.page).toBe(2);
    expect(state.page.listing).not.toHaveProperty('scripts');
    expect(logged).toHaveBeenCalledWith('ajax-loaded script failed, skipped', expect.any(SyntaxError));
    logged.mockRestore();
  });

  it("runs each load's scripts once: two loads one after the other run two sets", async () => {
    const { saga, ran } = partialLoads({
      '/search.php?page=2': { data: answer(2, ['page2()']) },
      '/search.php?page=3': { data: answer(3, ['page3()']) },
    });
    await saga
      .dispatch(partialLoadRequested({ url: '/search.php?page=2' }))
      .delay(50)
      .dispatch(partialLoadRequested({ url: '/search.php?page=3', push: false }))
      .silentRun(200);
    expect(ran).toEqual(['page2()', 'page3()']);
  });

  it('a load cancelled by a newer one runs none of its scripts, even when its answer arrives', async () => {
    // The first answer arrives late, after the newer load has been applied, while the saga still runs.
    const slow = new Promise<void>((resolve) => setTimeout(resolve, 80));
    const { saga, ran } = partialLoads({
      '/search.php?page=2': { data: answer(2, ['stale()']), wait: slow },
      '/search.php?page=3': { data: answer(3, ['fresh()']) },
    });
    const { storeState } = await saga
      .dispatch(partialLoadRequested({ url: '/search.php?page=2' }))
      .delay(20)
      .dispatch(partialLoadRequested({ url: '/search.php?page=3' }))
      .silentRun(250);
    await slow;
    expect(ran).toEqual(['fresh()']);
    expect((storeState as RootState).page.listing?.page).toBe(3);
  });

  it('a failed load runs no script (it navigates fully); the next load runs only its own', async () => {
    const { saga, ran, navigated } = partialLoads({
      '/search.php?page=2': { error: new Error('offline') },
      '/search.php?page=3': { data: answer(3, ['page3()']) },
    });
    await saga
      .dispatch(partialLoadRequested({ url: '/search.php?page=2' }))
      .delay(50)
      .dispatch(partialLoadRequested({ url: '/search.php?page=3' }))
      .silentRun(200);
    expect(navigated).toEqual(['/search.php?page=2']);
    expect(ran).toEqual(['page3()']);
  });
});
