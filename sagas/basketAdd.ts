import { call, fork, put, select } from 'redux-saga/effects';
import { selectLineVehicle, type FitVehicle } from '../store/fitmentSelectors';
import { addToBasket, fireReturn, type AddToBasketResult } from '../src/api/basket';
import { BASKET_ERROR_MS } from '../src/domain/miniBasket';
import { basketLoaded } from '../store/basketSlice';
import { refusalAlert, showAlert } from './alert';
import { runTrackingEvents } from './tracking';

export interface BasketAddLine {
  product: number;
  size: string;
  number: number;
  subscription?: boolean;
  vehicle?: { engineId: number; label: string };
}

/**
 * One add to the basket, the same from every place (product page buy box, list buttons, the
 * brake finder's basket form): POST /basketchange.php; the answer's basket refreshes the
 * totals everywhere; GET /return.php follows every successful add; tracking events the answer
 * announces run. A failure shows `failureKey` (an error alert of 4000 ms, brake-shop spec
 * sections 8 and 9), or the server's own message when it refused the add. Answers the result, or null when the add failed. The caller's own
 * loading state (button) and quantity reset go around it.
 */
export function* addLineToBasket(line: BasketAddLine, failureKey: string) {
  let result: AddToBasketResult;
  // A line added while a vehicle is chosen remembers it (issue 25).
  const vehicle: FitVehicle | null = yield select(selectLineVehicle);
  try {
    result = yield call(addToBasket, vehicle ? { ...line, vehicle } : line);
  } catch (error) {
    // When the server says no (a limit, stock), the shopper reads the server's answer.
    yield put(showAlert(refusalAlert(error, { key: failureKey, style: 'error', duration: BASKET_ERROR_MS })));
    return null;
  }
  yield put(basketLoaded(result.answer.basket));
  yield fork(fireReturnHook);
  yield fork(runTrackingEvents, result.headers);
  return result;
}

/** GET /return.php after an add; its answer is not read and its failure changes nothing. */
export function* fireReturnHook() {
  try {
    yield call(fireReturn);
  } catch {
    // The return hook's answer is not read.
  }
}
