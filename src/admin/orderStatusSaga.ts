import type { TakeableChannel } from 'redux-saga';
import { call, take } from 'redux-saga/effects';
import { decideOrderStatusChange, validTracking, type OrderPayment, type OrderStatus, type OrderStatusEvent } from '../../machines/orderStatus';
import { changedOrderUrl, orderStatusCall, type OrderStatusAnswer } from './orderStatusApi';

/**
 * The order page's status changes in the browser (issue 36): each submitted form is decided by
 * the same statechart the server uses (machines/orderStatus.ts), sent as one call, and answered
 * on the page: a change opens the order's page redrawn with its history (as the plain form's
 * redirect does), a refusal (the machine's, or the server's: another owner moved the order
 * meanwhile) is shown without a reload. One change at a time:
 * submits while a call is out are not taken (the forms are busy), so a double click sends one.
 */
export interface OrderPageState {
  number: string;
  status: OrderStatus;
  payment: OrderPayment;
}

export interface OrderStatusEffects {
  token(): string;
  navigate(url: string): void;
  /** Busy (buttons disabled) while a call is out. */
  busy(on: boolean): void;
  /** A refusal: the server's text, or one the page holds (decided here, or a call that failed without one). */
  refused(reason: { message: string } | { local: 'tracking' | 'refused' | 'failed' }): void;
}

export function* orderStatusSaga(submits: TakeableChannel<OrderStatusEvent>, order: OrderPageState, effects: OrderStatusEffects) {
  for (;;) {
    const event: OrderStatusEvent = yield take(submits);
    // What the statechart refuses (no tracking number, a change not allowed from here) is said at once, without a call.
    const decision = decideOrderStatusChange(order.status, order.payment, event);
    if (!decision.ok) {
      yield call([effects, effects.refused], { local: event.type === 'SHIP' && !validTracking(event.tracking) ? 'tracking' : 'refused' });
      continue;
    }
    yield call([effects, effects.busy], true);
    const answer: OrderStatusAnswer = yield call(orderStatusCall, order.number, event.type, event.type === 'SHIP' ? event.tracking : '', effects.token());
    if (answer.kind === 'changed') {
      yield call([effects, effects.navigate], changedOrderUrl(order.number, answer));
      return;
    }
    yield call([effects, effects.busy], false);
    yield call([effects, effects.refused], answer.message ? { message: answer.message } : { local: 'failed' });
  }
}
