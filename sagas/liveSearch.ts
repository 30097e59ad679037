import type { Task } from 'redux-saga';
import { call, cancel, cancelled, fork, put, select, take } from 'redux-saga/effects';
import { liveSearchMachine, type LiveSearchEmitted } from '../machines/liveSearch';
import { fetchTextSearch } from '../src/api/graphql';
import { fetchSubstitutes } from '../src/api/substitutes';
import type { SubstituteEntry, TextSearchResult } from '../src/api/wire';
import { alternativeCodes, LIVE_SEARCH_RESULTS_PER_GROUP, productIdOfLink } from '../src/domain/codeSearch';
import { isOnlyOe, liveSearchOptions, searchAddress } from '../src/domain/liveSearch';
import { foldText } from '../src/domain/searchText';
import type { RootState } from '../store';
import { flowEmitted, flowSend } from '../store/flowsSlice';
import { LIVE_SEARCH_FLOW, liveSearchResultsCleared, liveSearchResultsLoaded } from '../store/liveSearchSlice';
import { showAlert } from './alert';
import { runFlow } from './flows';
import { navigateTo } from '../src/api/navigation';

export { LIVE_SEARCH_FLOW };
/** Session storage key prefix of cached results, one entry per folded query. */
export const LIVE_SEARCH_CACHE_PREFIX = 'liveSearch:';

export function readCachedResult(query: string): TextSearchResult | null {
  try {
    const saved = window.sessionStorage.getItem(LIVE_SEARCH_CACHE_PREFIX + foldText(query));
    return saved ? (JSON.parse(saved) as TextSearchResult) : null;
  } catch {
    return null;
  }
}

export function writeCachedResult(query: string, result: TextSearchResult): void {
  try {
    window.sessionStorage.setItem(LIVE_SEARCH_CACHE_PREFIX + foldText(query), JSON.stringify(result));
  } catch {
    // Storage full or refused: the search still works, uncached.
  }
}

let substitutes: Promise<SubstituteEntry[]> | null = null;

/** substitutes.json, loaded once per page and kept; a failed load is tried again next time. */
export function loadSubstitutes(): Promise<SubstituteEntry[]> {
  substitutes ??= fetchSubstitutes().catch((error: unknown) => {
    substitutes = null;
    throw error;
  });
  return substitutes;
}

/** The alternative codes for a code query; none when the substitutes cannot be read. */
export function* alsoKnownAs(query: string, result: TextSearchResult) {
  try {
    const entries: SubstituteEntry[] = yield call(loadSubstitutes);
    const ids = result.products.map((product) => productIdOfLink(product.link)).filter((id): id is number => id !== null);
    return alternativeCodes(entries, query, ids);
  } catch {
    return [] as string[];
  }
}

/** One search: from the session cache or the server, aborted when a newer query cancels it. */
export function* searchFor(requestId: number, query: string, code: boolean) {
  const controller = new AbortController();
  try {
    let result: TextSearchResult | null = yield call(readCachedResult, query);
    if (!result) {
      result = (yield call(fetchTextSearch, query, LIVE_SEARCH_RESULTS_PER_GROUP, controller.signal)) as TextSearchResult;
      yield call(writeCachedResult, query, result);
    }
    const alternatives: string[] = code ? yield call(alsoKnownAs, query, result) : [];
    yield put(liveSearchResultsLoaded({ query, result, alsoKnownAs: alternatives }));
    yield put(flowSend({ id: LIVE_SEARCH_FLOW, event: { type: 'RESULTS', requestId, count: liveSearchOptions(result).length, onlyOe: isOnlyOe(result) } }));
  } catch {
    // A failed search shows nothing and closes the results (spec section 8).
    yield put(liveSearchResultsCleared());
    yield put(flowSend({ id: LIVE_SEARCH_FLOW, event: { type: 'FAILED', requestId } }));
  } finally {
    if ((yield cancelled()) as boolean) controller.abort();
  }
}

const selectLiveSearchResult = (state: RootState) => state.liveSearch.result;

/** Enter on an option: its page. */
export function* followOption(index: number) {
  const result: TextSearchResult | null = yield select(selectLiveSearchResult);
  const option = liveSearchOptions(result)[index];
  if (option) yield call(navigateTo, option.link);
}

export function* liveSearchSaga() {
  yield fork(runFlow, LIVE_SEARCH_FLOW, liveSearchMachine);
  let running: { requestId: number; task: Task } | null = null;
  for (;;) {
    const action: ReturnType<typeof flowEmitted> = yield take(flowEmitted.type);
    if (action.payload.id !== LIVE_SEARCH_FLOW) continue;
    const event = action.payload.event as unknown as LiveSearchEmitted;
    if (event.type === 'fetch') {
      // Only the newest query counts: the older request is cancelled and its fetch aborted.
      if (running) yield cancel(running.task);
      running = { requestId: event.requestId, task: (yield fork(searchFor, event.requestId, event.query, event.code)) as Task };
    } else if (event.type === 'cancel') {
      if (running?.requestId === event.requestId) yield cancel(running.task);
      running = null;
    } else if (event.type === 'follow') {
      yield call(followOption, event.index);
    } else if (event.type === 'submit') {
      yield call(navigateTo, searchAddress(event.text));
    } else if (event.type === 'tooShort') {
      yield put(showAlert({ key: 'liveSearch.tooShort', style: 'warning' }));
    }
  }
}
