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
 * The alert for a failed call: when the server said no (a 4xx with its `{ error: { code,
 * message } }`), the shopper reads the server's own message (a quantity above what may be
 * ordered, a product no longer sold...) or, when throttled, to wait and retry; otherwise the
 * caller's fallback (network down, 5xx).
 */
export function refusalAlert(error: unknown, fallback: AlertMessage): AlertMessage {
  if (!isHttpError(error) || error.status < 400 || error.status >= 500) return fallback;
  const body = error.data as Partial<ApiError> | null;
  if (error.status === 429 || body?.error?.code === 'too_many_requests') return { key: 'alert.tooManyRequests', style: 'warning', duration: fallback.duration };
  const message = body?.error?.message;
  return typeof message === 'string' && message ? { key: 'alert.server', params: { message }, style: 'warning', duration: fallback.duration } : fallback;
}

function* forwardAlert(action: ReturnType<typeof showAlert>) {
  yield put(flowSend({ id: ALERT_FLOW, event: { type: 'SHOW', message: action.payload } }));
}

export function* alertSaga() {
  yield fork(runFlow, ALERT_FLOW, alertMachine);
  yield takeEvery(showAlert.type, forwardAlert);
}
