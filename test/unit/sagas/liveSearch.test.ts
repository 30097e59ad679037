import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, throwError } from 'redux-saga-test-plan/providers';
import { call, cancelled } from 'redux-saga/effects';
import {
  alsoKnownAs,
  LIVE_SEARCH_CACHE_PREFIX,
  LIVE_SEARCH_FLOW,
  liveSearchSaga,
  loadSubstitutes,
  readCachedResult,
  searchFor,
  writeCachedResult,
} from '../../../sagas/liveSearch';
import { showAlert } from '../../../sagas/alert';
import { navigateTo } from '../../../sagas/partialLoad';
import { fetchTextSearch } from '../../../src/api/graphql';
import type { TextSearchResult } from '../../../src/api/wire';
import { rootReducer } from '../../../store';
import { flowEmitted, flowSend } from '../../../store/flowsSlice';
import { liveSearchResultsCleared, liveSearchResultsLoaded } from '../../../store/liveSearchSlice';

const money = (value: number) => ({ value, formatted: `${value.toFixed(2).replace('.', ',')} €` });
function resultFor(text: string): TextSearchResult {
  return {
    products: [
      { name: `Pastiglie ${text}`, link: '/product-12-pastiglie.html', iconSmall: '/data/gfx/products/12.svg', price: { price: { gross: money(40), net: money(32.79) } } },
      { name: `Dischi ${text}`, link: '/product-13-dischi.html', iconSmall: '/data/gfx/products/13.svg', price: { price: { gross: money(60), net: money(49.18) } } },
    ],
    producers: [{ name: 'Brembo', link: '/search.php?producer=1' }],
    series: [],
    menuNodes: [],
    cms: [],
    searchQueries: [],
    replacementCodes: [],
  };
}
const typed = (text: string) => flowSend({ id: LIVE_SEARCH_FLOW, event: { type: 'TYPED', text } });

describe('live search saga', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('debounces typing, and a newer query cancels and aborts the older request (expectSaga)', async () => {
    const signals: Record<string, AbortSignal> = {};
    const fetches: string[] = [];
    const slowFirst = dynamic(({ args: [text, , signal] }: { args: [string, number, AbortSignal] }) => {
      fetches.push(text);
      signals[text] = signal;
      // The first answer is slow: the shopper types on before it comes.
      return new Promise((resolve) => setTimeout(() => resolve(resultFor(text)), text === 'bre' ? 400 : 10));
    });
    const { storeState } = await expectSaga(liveSearchSaga)
      .withReducer(rootReducer)
      .provide([[matchers.call.fn(fetchTextSearch), slowFirst]])
      .dispatch(typed('br'))
      .delay(100)
      .dispatch(typed('bre'))
      .delay(650) // 500 ms idle: 'bre' is asked for, and still on its way ...
      .dispatch(typed('brem')) // ... when this cancels it.
      .put(flowSend({ id: LIVE_SEARCH_FLOW, event: { type: 'RESULTS', requestId: 2, count: 3, onlyOe: false } }))
      .not.put(flowSend({ id: LIVE_SEARCH_FLOW, event: { type: 'RESULTS', requestId: 1, count: 3, onlyOe: false } }))
      .run({ timeout: 1500, silenceTimeout: true });
    expect(fetches).toEqual(['bre', 'brem']);
    expect(signals.bre.aborted).toBe(true);
    expect(signals.brem.aborted).toBe(false);
    expect(storeState.liveSearch).toEqual({ query: 'brem', result: resultFor('brem'), alsoKnownAs: [] });
    // Cached per folded query for the session.
    expect(JSON.parse(window.sessionStorage.getItem(`${LIVE_SEARCH_CACHE_PREFIX}brem`) ?? 'null')).toEqual(resultFor('brem'));
  });

  it('answers from the session cache without asking the server (expectSaga)', async () => {
    writeCachedResult('Brém', resultFor('brem'));
    expect(readCachedResult('BREM')).toEqual(resultFor('brem'));
    await expectSaga(searchFor, 4, 'brem', false)
      .provide([[matchers.call.fn(fetchTextSearch), throwError(new Error('must not be called'))]])
      .put(liveSearchResultsLoaded({ query: 'brem', result: resultFor('brem'), alsoKnownAs: [] }))
      .put(flowSend({ id: LIVE_SEARCH_FLOW, event: { type: 'RESULTS', requestId: 4, count: 3, onlyOe: false } }))
      .run();
  });

  it('a failed fetch clears the results and tells the flow, which closes them (expectSaga)', () => {
    return expectSaga(searchFor, 2, 'brem', false)
      .provide([[matchers.call.fn(fetchTextSearch), throwError(new Error('offline'))]])
      .put(liveSearchResultsCleared())
      .put(flowSend({ id: LIVE_SEARCH_FLOW, event: { type: 'FAILED', requestId: 2 } }))
      .run();
  });

  it('a code search adds the alternative codes of substitutes.json (expectSaga)', () => {
    const result = resultFor('GDB1234');
    const substitutes = [
      { id: 12, value: ['0 986 494 123', 'GDB1234'] },
      { id: 99, value: ['XYZ9'] },
    ];
    return expectSaga(searchFor, 1, 'GDB1234', true)
      .provide([
        [matchers.call.fn(readCachedResult), null],
        [matchers.call.fn(fetchTextSearch), result],
        [matchers.call.fn(writeCachedResult), undefined],
        [matchers.call.fn(loadSubstitutes), substitutes],
      ])
      .put(liveSearchResultsLoaded({ query: 'GDB1234', result, alsoKnownAs: ['0 986 494 123'] }))
      .run();
  });

  it('the alternative codes are left out when substitutes.json cannot be read (expectSaga)', () => {
    return expectSaga(alsoKnownAs, 'GDB1234', resultFor('x'))
      .provide([[matchers.call.fn(loadSubstitutes), throwError(new Error('404'))]])
      .returns([])
      .run();
  });

  it('turns what the flow emits into work: follow an option, submit, alert on short text (expectSaga)', () => {
    const emitted = (event: { type: string; [key: string]: unknown }) => flowEmitted({ id: LIVE_SEARCH_FLOW, event });
    const state = rootReducer(undefined, liveSearchResultsLoaded({ query: 'brem', result: resultFor('brem'), alsoKnownAs: [] }));
    return expectSaga(liveSearchSaga)
      .withState(state)
      .provide([[matchers.call.fn(navigateTo), undefined]])
      .dispatch(emitted({ type: 'follow', index: 1 }))
      .dispatch(emitted({ type: 'submit', text: 'dischi brembo' }))
      .dispatch(emitted({ type: 'tooShort' }))
      .call(navigateTo, '/product-13-dischi.html')
      .call(navigateTo, '/search.php?text=dischi%20brembo&from_search=true')
      .put(showAlert({ key: 'liveSearch.tooShort', style: 'warning' }))
      .run({ timeout: 300, silenceTimeout: true });
  });

  it('one search, step by step; cancelled, it aborts its request (testSaga)', () => {
    const result = resultFor('brem');
    const saga = testSaga(searchFor, 7, 'brem', false);
    let signal: AbortSignal | undefined;
    saga.next().call(readCachedResult, 'brem');
    saga.next(null).inspect((effect) => {
      expect(effect).toEqual(call(fetchTextSearch, 'brem', 3, expect.any(AbortSignal)));
      signal = (effect as { payload: { args: [string, number, AbortSignal] } }).payload.args[2];
    });
    saga
      .next(result)
      .call(writeCachedResult, 'brem', result)
      .next()
      .put(liveSearchResultsLoaded({ query: 'brem', result, alsoKnownAs: [] }))
      .next()
      .put(flowSend({ id: LIVE_SEARCH_FLOW, event: { type: 'RESULTS', requestId: 7, count: 3, onlyOe: false } }))
      .next()
      .is(cancelled());
    saga.next(false).isDone();
    expect(signal?.aborted).toBe(false);
    // Replayed: a newer query cancels this one while its request is on the way.
    const replay = testSaga(searchFor, 8, 'brem', false);
    replay.next().call(readCachedResult, 'brem');
    replay.next(null).inspect((effect) => {
      signal = (effect as { payload: { args: [string, number, AbortSignal] } }).payload.args[2];
    });
    replay.finish().is(cancelled());
    replay.next(true).isDone();
    expect(signal?.aborted).toBe(true);
  });
});
