import { createAction } from '@reduxjs/toolkit';
import { fork, put, takeEvery } from 'redux-saga/effects';
import { alertMachine, type AlertMessage } from '../machines/alert';
import { flowSend } from '../store/flowsSlice';
import { runFlow } from './flows';

export const ALERT_FLOW = 'alert';

/** Any part of the site shows a message through this one action. */
export const showAlert = createAction<AlertMessage>('alert/show');

function* forwardAlert(action: ReturnType<typeof showAlert>) {
  yield put(flowSend({ id: ALERT_FLOW, event: { type: 'SHOW', message: action.payload } }));
}

export function* alertSaga() {
  yield fork(runFlow, ALERT_FLOW, alertMachine);
  yield takeEvery(showAlert.type, forwardAlert);
}
