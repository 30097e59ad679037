import { fork, put, takeEvery } from 'redux-saga/effects';
import { alertMachine, type AlertMessage } from '../machines/alert';
import { isHttpError } from '../src/api/http';
import type { ApiError } from '../src/api/wire';
import { flowSend } from '../store/flowsSlice';
import { runFlow } from './flows';
import { showAlert } from '../store/actions';

export { showAlert };

export const ALERT_FLOW = 'alert';

/**
 * The alert for a failed call: the caller's failure text for the place (brake-shop spec section 8,
 * storefront spec section 8), and when the server said no (a 4xx with its `{ error: { code,
 * message, params } }`) its reason after it, worded by the page from the stable code in the
 * shopper's language (`refusal.<code>`: a quantity above what may be ordered, a product no longer
 * sold...); when throttled, to wait and retry. A code the page has no text for adds nothing (the
 * alert shows the failure text alone: src/components/AlertReason.tsx; the server's own sentence is
 * Italian, whatever the page's language); network down or a 5xx: the failure text.
 */
export function refusalAlert(error: unknown, fallback: AlertMessage): AlertMessage {
  if (!isHttpError(error) || error.status < 400 || error.status >= 500) return fallback;
  const body = error.data as Partial<ApiError> | null;
  if (error.status === 429 || body?.error?.code === 'too_many_requests') return { ...fallback, detail: { key: 'alert.tooManyRequests' } };
  const code = body?.error?.code;
  if (typeof code !== 'string' || !/^[a-z_]{1,40}$/.test(code)) return fallback;
  const params = body?.error?.params ?? {};
  const key = code === 'quantity_above_maximum' && params.inBasket !== undefined ? 'refusal.quantity_above_maximum_inBasket' : `refusal.${code}`;
  return { ...fallback, detail: { key, params } };
}

function* forwardAlert(action: ReturnType<typeof showAlert>) {
  yield put(flowSend({ id: ALERT_FLOW, event: { type: 'SHOW', message: action.payload } }));
}

export function* alertSaga() {
  yield fork(runFlow, ALERT_FLOW, alertMachine);
  yield takeEvery(showAlert.type, forwardAlert);
}
