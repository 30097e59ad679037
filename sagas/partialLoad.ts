import { eventChannel, type Task } from 'redux-saga';
import { call, cancel, cancelled, fork, put, select, take, takeEvery } from 'redux-saga/effects';
import type { RootState } from '../store';
import { partialLoadMachine, type PartialLoadEmitted } from '../machines/partialLoad';
import { fetchListingAt } from '../src/api/catalogue';
import { runScriptText } from '../src/api/scripts';
import type { ListingAnswer } from '../src/api/wire';
import { locationOf } from '../src/app/routes';
import { splitLanguagePath } from '../src/domain/languagePaths';
import { navigateTo } from '../src/api/navigation';
import { flowEmitted, flowSend } from '../store/flowsSlice';
import { listingLoaded, pageReplaced } from '../store/pageSlice';
import { PARTIAL_LOAD_FLOW, partialLoadRequested } from '../store/actions';
import { runFlow } from './flows';

export { PARTIAL_LOAD_FLOW, partialLoadRequested, navigateTo };

/** The suffix that asks the server for the page's data instead of its HTML. */
export function dataSuffix(url: string): string {
  return url.includes('?') ? '&json=true' : '?json=true';
}

function* requestLoad(action: ReturnType<typeof partialLoadRequested>) {
  const { url, push = true } = action.payload;
  // The saved vehicle keeps marking what fits it on every page of results.
  const engine: number | undefined = yield select((state: RootState) => state.vehicle.saved?.engine?.id);
  const vehicle = engine && !url.includes('traits_alt[49]') && !url.includes('traits_alt%5B49%5D') ? `&vehicle=${engine}` : '';
  yield put(flowSend({ id: PARTIAL_LOAD_FLOW, event: { type: 'LOAD', url, suffix: dataSuffix(url) + vehicle, push } }));
}

/** A page address's data address: the same path and query without the language prefix. */
export function apiAddress(url: string): string {
  const target = new URL(url, 'http://shop.invalid');
  return `${splitLanguagePath(target.pathname).path}${target.search}`;
}

/** Fetches one load's regions; aborted when the flow cancels it. */
export function* fetchRegions(requestId: number, url: string, suffix: string, results: Map<number, ListingAnswer>) {
  const controller = new AbortController();
  try {
    // The data lives at the API's own address (no language prefix): `/pl/search.php?x` is asked at `/search.php?x&json=true`.
    const data: ListingAnswer = yield call(fetchListingAt, apiAddress(url) + suffix, controller.signal);
    results.set(requestId, data);
    yield put(flowSend({ id: PARTIAL_LOAD_FLOW, event: { type: 'LOADED', requestId } }));
  } catch {
    yield put(flowSend({ id: PARTIAL_LOAD_FLOW, event: { type: 'FAILED', requestId } }));
  } finally {
    if ((yield cancelled()) as boolean) controller.abort();
  }
}

function historyChannel() {
  return eventChannel<string>((emit) => {
    const onPop = () => emit(window.location.pathname + window.location.search);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  });
}

function* followHistory() {
  const channel: ReturnType<typeof historyChannel> = yield call(historyChannel);
  for (;;) {
    const url: string = yield take(channel);
    yield put(partialLoadRequested({ url, push: false }));
  }
}

export function* applyRegions(url: string, push: boolean, data: ListingAnswer) {
  const target = new URL(url, window.location.href);
  const { scripts, ...listing } = data;
  yield put(pageReplaced(locationOf(target.pathname, target.search)));
  yield put(listingLoaded(listing));
  if (push) {
    yield call([window.history, window.history.pushState], null, '', target.pathname + target.search);
    yield call(scrollToContent);
  }
  yield call(runAjaxScripts, scripts ?? []);
}

/** The scripts the new regions carry (marked ajax-loaded), each once, in order; a failing one is logged and skipped. */
export function* runAjaxScripts(scripts: readonly string[]) {
  for (const source of scripts) {
    try {
      yield call(runScriptText, source);
    } catch (error) {
      console.error('ajax-loaded script failed, skipped', error);
    }
  }
}

function scrollToContent(): void {
  const content = document.getElementById('content');
  if (content && content.getBoundingClientRect().top < 0) content.scrollIntoView({ block: 'start' });
}

export function* partialLoadSaga() {
  yield fork(runFlow, PARTIAL_LOAD_FLOW, partialLoadMachine);
  yield takeEvery(partialLoadRequested.type, requestLoad);
  yield fork(followHistory);
  const tasks = new Map<number, Task>();
  const results = new Map<number, ListingAnswer>();
  for (;;) {
    const action: ReturnType<typeof flowEmitted> = yield take(flowEmitted.type);
    if (action.payload.id !== PARTIAL_LOAD_FLOW) continue;
    const event = action.payload.event as unknown as PartialLoadEmitted;
    if (event.type === 'fetch') {
      tasks.set(event.requestId, (yield fork(fetchRegions, event.requestId, event.url, event.suffix, results)) as Task);
    } else if (event.type === 'cancel') {
      const task = tasks.get(event.requestId);
      if (task) yield cancel(task);
      tasks.delete(event.requestId);
      results.delete(event.requestId);
    } else if (event.type === 'apply') {
      const data = results.get(event.requestId);
      tasks.delete(event.requestId);
      results.delete(event.requestId);
      if (data) yield call(applyRegions, event.url, event.push, data);
    } else if (event.type === 'navigate') {
      yield call(navigateTo, event.url);
    }
  }
}
