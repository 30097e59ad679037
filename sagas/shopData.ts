import { actionChannel, call, delay, fork, put, race, take, takeEvery } from 'redux-saga/effects';
import type { Channel } from 'redux-saga';
import { fetchShopData } from '../src/api/basket';
import { runScriptText } from '../src/api/scripts';
import { fragmentHtml, loadSanitizer, type SanitizeToFragment } from '../src/api/sanitizer';
import type { ShopDataRequest, ShopDataResponse } from '../src/api/wire';
import { basketLoaded, basketUserLoaded, wishlistCounted } from '../store/basketSlice';
import { shopDataFailed, shopDataLoaded, shopDataRequested, snippetsPlaced, widgetsPlaced, type PlacedHtml } from '../store/shopDataSlice';

/** Requests that arrive within this window of the first one travel in the same POST. */
export const SHOP_DATA_BATCH_MS = 30;

export function mergeRequests(requests: ShopDataRequest[]): ShopDataRequest {
  return Object.assign({}, ...requests) as ShopDataRequest;
}

/**
 * POST /ajax/get.php, one batched request for the sections asked for together; every taker
 * of `shopDataLoaded` receives the whole answer. A failure is silently ignored (spec).
 */
export function* fetchBatch(requests: ShopDataRequest[]) {
  try {
    const answer: ShopDataResponse = yield call(fetchShopData, mergeRequests(requests));
    yield put(shopDataLoaded(answer));
  } catch {
    // Otherwise ignored, as the spec says: the page works without it.
    yield put(shopDataFailed());
  }
}

function* batchRequests() {
  const requests: Channel<ReturnType<typeof shopDataRequested>> = yield actionChannel(shopDataRequested.type);
  for (;;) {
    const first: ReturnType<typeof shopDataRequested> = yield take(requests);
    const batch = [first.payload];
    for (;;) {
      const { next } = (yield race({ next: take(requests), timeout: delay(SHOP_DATA_BATCH_MS) })) as { next?: ReturnType<typeof shopDataRequested> };
      if (!next) break;
      batch.push(next.payload);
    }
    yield fork(fetchBatch, batch);
  }
}

/** Places snippets by region: head (meta tags only), body top, otherwise body end. */
export function* placeSnippets(action: ReturnType<typeof shopDataLoaded>) {
  const items = action.payload.Snippets?.response.items;
  if (!items) return;
  const sanitize: SanitizeToFragment = yield call(loadSanitizer);
  const bodyTop: PlacedHtml[] = [];
  const bodyEnd: PlacedHtml[] = [];
  for (const [id, item] of Object.entries(items)) {
    if (item.region === 'head') {
      yield call(placeHeadMeta, id, item.content);
    } else {
      (item.region === 'body_top' ? bodyTop : bodyEnd).push({ id, html: fragmentHtml(sanitize(item.content)) });
    }
  }
  yield put(snippetsPlaced({ bodyTop, bodyEnd }));
}

export function placeHeadMeta(id: string, html: string): void {
  const parsed = new DOMParser().parseFromString(`<head>${html}</head>`, 'text/html');
  for (const meta of Array.from(parsed.head.querySelectorAll('meta[name][content]'))) {
    if (document.head.querySelector(`meta[data-snippet="${CSS.escape(id)}"]`)) continue;
    // Drawn by the server already (the same snippet for another device): not twice.
    const name = meta.getAttribute('name')!;
    const content = meta.getAttribute('content')!;
    if (Array.from(document.head.querySelectorAll('meta[name]')).some((m) => m.getAttribute('name') === name && m.getAttribute('content') === content)) continue;
    const copy = document.createElement('meta');
    copy.name = meta.getAttribute('name')!;
    copy.content = meta.getAttribute('content')!;
    copy.dataset.snippet = id;
    document.head.appendChild(copy);
  }
}

/** Top layers and widgets: html items are placed; the `script` item is run. */
export function* placeWidgets(action: ReturnType<typeof shopDataLoaded>) {
  const items = action.payload.ToplayersAndWidgets?.response.items;
  if (!items) return;
  const sanitize: SanitizeToFragment = yield call(loadSanitizer);
  const placed: PlacedHtml[] = [];
  for (const [id, item] of Object.entries(items)) {
    if (id === 'script') {
      if (typeof item === 'string') {
        try {
          yield call(runScriptText, item);
        } catch (error) {
          console.error('widget script failed', error);
        }
      }
    } else if (typeof item === 'object' && item) {
      placed.push({ id, html: fragmentHtml(sanitize(item.content)) });
    }
  }
  yield put(widgetsPlaced(placed));
}

/** The basket and wishlist count in the bundle are the same data the basket call gives. */
export function* takeBasketFromBundle(action: ReturnType<typeof shopDataLoaded>) {
  const basket = action.payload.Basket?.response.basket;
  if (basket) yield put(basketLoaded(basket));
  const user = action.payload.Basket?.response.user;
  if (user) yield put(basketUserLoaded(user));
  const wishlist = action.payload.Wishlist?.response.attributes.count;
  if (typeof wishlist === 'number') yield put(wishlistCounted(wishlist));
}

export function* shopDataSaga() {
  yield fork(batchRequests);
  yield takeEvery(shopDataLoaded.type, placeSnippets);
  yield takeEvery(shopDataLoaded.type, placeWidgets);
  yield takeEvery(shopDataLoaded.type, takeBasketFromBundle);
}
