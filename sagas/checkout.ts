import type { Action } from '@reduxjs/toolkit';
import { call, delay, fork, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { RootState } from '../store';
import { selectFitVehicle } from '../store/fitmentSelectors';
import { CHECKOUT_FLOW, checkoutSubmitted } from '../store/actions';
import { checkoutChanged, checkoutCouriersLoaded, checkoutEdit, checkoutFieldChanged, checkoutInvalid, checkoutRefused, checkoutReviewed } from '../store/checkoutSlice';
import { flowEmitted, flowSend, flowStartRequested } from '../store/flowsSlice';
import type { CheckoutEmitted, CheckoutStep } from '../machines/checkout';
import { fetchCheckoutCouriers, placeOrder, reviewCheckout } from '../src/api/checkout';
import type { CheckoutFieldErrors, CheckoutForm, CouriersAnswer, PlaceAnswer, ReviewAnswer } from '../src/api/checkoutWire';
import { detailsErrors, firstCheckoutError } from '../src/domain/checkout';
import { ERROR_SCROLL_MS } from '../src/domain/formRules';
import { ZIP_RANGES } from '../src/domain/zipRanges';
import { focusElement, scrollToElement } from './form';

/** Typing a postcode: the couriers for the address are asked for once the shopper pauses. */
export const COURIERS_DELAY_MS = 400;

/** The form as it is sent: the store's fields with the vehicle chosen now (the lines' fit is read for it). */
export const selectCheckoutForm = (state: RootState): CheckoutForm => {
  const vehicle = state.vehicle ? selectFitVehicle(state) : null;
  return vehicle ? { ...state.checkout.form, vehicle: String(vehicle.engineId) } : state.checkout.form;
};
/** The page's language (the server writes it on <html lang>). */
export function pageLanguage(): string {
  return typeof document !== 'undefined' ? document.documentElement.lang || 'it' : 'it';
}

/** Which step an error's field belongs to. */
export function stepOfField(field: string): CheckoutStep {
  if (field === 'courier') return 'delivery';
  if (field === 'payment' || field === 'terms' || field === 'fit_confirmed') return 'payment';
  return 'details';
}

function* invalid(errors: CheckoutFieldErrors) {
  yield put(checkoutInvalid(errors));
  const field = firstCheckoutError(errors) ?? '';
  yield put(flowSend({ id: CHECKOUT_FLOW, event: { type: 'INVALID', field, step: stepOfField(field) } }));
}

/** The couriers for the basket and the address now (after a pause in typing). */
export function* loadCouriers() {
  yield delay(COURIERS_DELAY_MS);
  const form: CheckoutForm = yield select(selectCheckoutForm);
  const language: string = yield call(pageLanguage);
  try {
    const answer: CouriersAnswer = yield call(fetchCheckoutCouriers, form, language);
    yield put(checkoutCouriersLoaded(answer));
    const after: CheckoutForm = yield select(selectCheckoutForm);
    yield put(flowSend({ id: CHECKOUT_FLOW, event: { type: 'COURIERS_LOADED', chosen: after.courier !== '' } }));
  } catch {
    // The couriers drawn with the page stay; the review checks the address again.
  }
}

/** The review: the page's rules first (no call when they fail), then the server's amounts. */
export function* requestReview() {
  const form: CheckoutForm = yield select(selectCheckoutForm);
  const language: string = yield call(pageLanguage);
  const local = detailsErrors(form, ZIP_RANGES, language);
  if (!form.courier) local.courier = { key: 'checkout.errors.courier' };
  if (!form.payment) local.payment = { key: 'checkout.errors.payment' };
  if (Object.keys(local).length) {
    yield* invalid(local);
    return;
  }
  try {
    const answer: ReviewAnswer | { status: 'refused'; code: string } = yield call(reviewCheckout, form, language);
    if (answer.status === 'review') {
      yield put(checkoutReviewed(answer.quote));
      yield put(flowSend({ id: CHECKOUT_FLOW, event: { type: 'REVIEWED' } }));
    } else if (answer.status === 'invalid') yield* invalid(answer.errors);
    else {
      yield put(checkoutRefused({ code: answer.code }));
      yield put(flowSend({ id: CHECKOUT_FLOW, event: { type: 'REFUSED' } }));
    }
  } catch {
    yield put(checkoutRefused({ code: 'generic' }));
    yield put(flowSend({ id: CHECKOUT_FLOW, event: { type: 'REFUSED' } }));
  }
}

/** Places the order with the checkout's key: a retry after a failure answers the same order. */
export function* requestPlace() {
  const form: CheckoutForm = yield select(selectCheckoutForm);
  const language: string = yield call(pageLanguage);
  try {
    const answer: PlaceAnswer = yield call(placeOrder, form, language);
    if (answer.status === 'placed') yield put(flowSend({ id: CHECKOUT_FLOW, event: { type: 'PLACED', link: answer.order.link } }));
    else if (answer.status === 'changed') {
      yield put(checkoutChanged({ quote: answer.quote, changes: answer.changes }));
      yield put(flowSend({ id: CHECKOUT_FLOW, event: { type: 'CHANGED' } }));
    } else if (answer.status === 'invalid') yield* invalid(answer.errors);
    else {
      yield put(checkoutRefused({ code: answer.code, ...(answer.params ? { params: answer.params } : {}) }));
      yield put(flowSend({ id: CHECKOUT_FLOW, event: { type: 'REFUSED' } }));
    }
  } catch {
    yield put(checkoutRefused({ code: 'generic' }));
    yield put(flowSend({ id: CHECKOUT_FLOW, event: { type: 'REFUSED' } }));
  }
}

/** On failure the page scrolls to the first error in 300 ms, then focuses it. */
export function* focusCheckoutError(field: string) {
  if (!field || typeof document === 'undefined') return;
  const element = document.getElementById(`checkout-${field}`);
  if (!element) return;
  yield call(scrollToElement, element, ERROR_SCROLL_MS);
  const target = element.matches('input, select, textarea') ? element : element.querySelector<HTMLElement>('input, select, textarea');
  if (target) yield call(focusElement, target);
}

/** The order's own page (a full navigation: it is private, drawn by the server). */
export function showOrder(link: string): void {
  window.location.assign(link);
}

/** The top of the review (its heading takes focus, for keyboards and screen readers). */
export function showReview(): void {
  const heading = document.querySelector<HTMLElement>('.page--checkout h1');
  if (!heading) return;
  heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
  window.scrollTo(0, 0);
}

function* onEmitted(action: ReturnType<typeof flowEmitted>) {
  if (action.payload.id !== CHECKOUT_FLOW) return;
  const event = action.payload.event as unknown as CheckoutEmitted;
  if (event.type === 'review') yield fork(requestReview);
  else if (event.type === 'place') yield fork(requestPlace);
  else if (event.type === 'focusError') yield fork(focusCheckoutError, event.field);
  else if (event.type === 'showOrder') yield call(showOrder, event.link);
  else if (event.type === 'showReview') yield call(showReview);
}

function* onSubmitted(action: ReturnType<typeof checkoutSubmitted>) {
  const { step } = action.payload;
  if (step === 'edit') {
    yield put(checkoutEdit());
    yield put(flowSend({ id: CHECKOUT_FLOW, event: { type: 'EDIT' } }));
  } else yield put(flowSend({ id: CHECKOUT_FLOW, event: { type: step === 'place' ? 'PLACE' : 'REVIEW' } }));
}

function* onFieldChanged(action: ReturnType<typeof checkoutFieldChanged>) {
  const { name } = action.payload;
  if (name === 'courier') yield put(flowSend({ id: CHECKOUT_FLOW, event: { type: 'COURIER_CHOSEN' } }));
  if (name === 'payment') yield put(flowSend({ id: CHECKOUT_FLOW, event: { type: 'PAYMENT_CHOSEN' } }));
}

const addressChanged = (action: Action) => checkoutFieldChanged.match(action) && (action.payload.name === 'country' || action.payload.name === 'postcode');

/** The checkout page's saga: starts the checkout flow and does its work. */
export function* checkoutSaga() {
  const type: string | undefined = yield select((state: RootState) => state.page.location?.type);
  if (type !== 'checkout') return;
  yield takeEvery(flowEmitted.type, onEmitted);
  yield takeEvery(checkoutSubmitted.type, onSubmitted);
  yield takeEvery(checkoutFieldChanged.type, onFieldChanged);
  yield takeLatest(addressChanged, loadCouriers);
  yield put(flowStartRequested({ id: CHECKOUT_FLOW, machine: 'checkout' }));
}
