import { call, put, select, takeEvery } from 'redux-saga/effects';
import type { RootState } from '../store';
import { fetchHotspots } from '../src/api/hotspots';
import { loadSanitizer, type SanitizeToFragment } from '../src/api/sanitizer';
import type { HotspotsResponse } from '../src/api/wire';
import { hotspotsLoaded, hotspotsLoading, hotspotsRemoved, hotspotsRequested } from '../store/hotspotsSlice';

/** Hotspot zones loaded by ajax; on failure the zones are removed (spec section 8). */
export function* loadHotspots(action: ReturnType<typeof hotspotsRequested>) {
  const { zones } = action.payload;
  yield put(hotspotsLoading(zones));
  try {
    const inBasket: number[] = yield select((state: RootState) => [...new Set((state.basket?.summary?.products ?? []).map((line) => line.id))]);
    const answer: HotspotsResponse = yield call(fetchHotspots, { ...action.payload, products: inBasket });
    const sanitize: SanitizeToFragment = yield call(loadSanitizer);
    const clean: Record<string, string[]> = {};
    for (const zone of zones) {
      // One slide per product element of the zone's HTML.
      const fragment = answer[zone] ? sanitize(answer[zone]) : null;
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
