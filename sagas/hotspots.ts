import { call, put, takeEvery } from 'redux-saga/effects';
import { fetchHotspots } from '../src/api/hotspots';
import type { HotspotsResponse } from '../src/api/wire';
import { sanitizeShopFragment } from '../src/domain/htmlPolicy';
import { hotspotsLoaded, hotspotsLoading, hotspotsRemoved, hotspotsRequested } from '../store/hotspotsSlice';

async function sanitizer() {
  return (await import(/* webpackChunkName: "sanitizer" */ 'dompurify')).default;
}

/** Hotspot zones loaded by ajax; on failure the zones are removed (spec section 8). */
export function* loadHotspots(action: ReturnType<typeof hotspotsRequested>) {
  const { zones } = action.payload;
  yield put(hotspotsLoading(zones));
  try {
    const answer: HotspotsResponse = yield call(fetchHotspots, action.payload);
    const purify: Awaited<ReturnType<typeof sanitizer>> = yield call(sanitizer);
    const clean: Record<string, string[]> = {};
    for (const zone of zones) {
      // One slide per product element of the zone's HTML.
      const fragment = answer[zone] ? sanitizeShopFragment(purify, answer[zone]) : null;
      clean[zone] = fragment ? Array.from(fragment.children).map((element) => element.outerHTML) : [];
    }
    yield put(hotspotsLoaded(clean));
  } catch {
    yield put(hotspotsRemoved(zones));
  }
}

export function* hotspotsSaga() {
  yield takeEvery(hotspotsRequested.type, loadHotspots);
}
