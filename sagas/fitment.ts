import { call, cancelled, put, select, takeLatest } from 'redux-saga/effects';
import { fetchFitments } from '../src/api/fitment';
import type { FitmentAnswer } from '../src/api/wire';
import { fitmentsLoaded } from '../store/fitmentSlice';
import { selectMissingFits } from '../store/fitmentSelectors';
import { listingLoaded, pageLoaded, pageReplaced, productLoaded } from '../store/pageSlice';
import { vehicleRestored } from '../store/vehicleSlice';
import { finderDetailsLoaded, finderProductsLoaded } from '../store/finderSlice';
import { basketLoaded } from '../store/basketSlice';
import { garageChanged } from '../store/vehicleSlice';

/** What may put new products or a new vehicle on the page. */
export const FITMENT_TRIGGERS = [vehicleRestored.type, pageLoaded.type, pageReplaced.type, listingLoaded.type, productLoaded.type, finderProductsLoaded.type, finderDetailsLoaded.type, basketLoaded.type, garageChanged.type];

/**
 * Asks the shop which of the page's products fit the chosen vehicle, until every pair is known
 * (one call per 60 products). A failed call leaves the pairs unknown: the parts say nothing.
 */
export function* syncFitments() {
  const controller = new AbortController();
  try {
    for (;;) {
      const missing: { engines: number[]; products: number[] } | null = yield select(selectMissingFits);
      if (!missing) return;
      const answer: FitmentAnswer = yield call(fetchFitments, missing.engines, missing.products, controller.signal);
      yield put(fitmentsLoaded({ ...missing, fits: answer.fits, answers: answer.answers }));
    }
  } catch {
    // no fit shown; the next page or vehicle asks again
  } finally {
    if ((yield cancelled()) as boolean) controller.abort();
  }
}

export function* fitmentSaga() {
  yield takeLatest(FITMENT_TRIGGERS, syncFitments);
  yield call(syncFitments);
}
