import { call, fork, put, takeEvery } from 'redux-saga/effects';
import { FORM_FLOW_PREFIX, type FormEmitted } from '../machines/form';
import { sendForm, validateFieldOnServer, type FormFile } from '../src/api/forms';
import { apiErrorOf } from '../src/api/http';
import type { ContactMessageResponse, FieldValidationResponse } from '../src/api/wire';
import { ERROR_SCROLL_MS, sendRefusalErrors, serverCheckError, type FormErrors, type ServerCheck } from '../src/domain/formRules';
import { flowEmitted, flowSend } from '../store/flowsSlice';
import { showAlert } from './alert';

export { FORM_FLOW_PREFIX };export const SEND_FAILED_ALERT_MS = 4000;

/** Server validation of the fields that need it: an errno other than 0 marks the field. */
export function* checkFields(id: string, checks: Array<{ name: string; field: ServerCheck; value: string }>) {
  try {
    const errors: FormErrors = {};
    for (const check of checks) {
      const answer: FieldValidationResponse = yield call(validateFieldOnServer, check.field, check.value);
      if (answer.errno !== 0) errors[check.name] = serverCheckError(check.field);
    }
    yield put(flowSend({ id, event: { type: 'CHECKED', errors } }));
  } catch {
    yield put(flowSend({ id, event: { type: 'CHECK_FAILED' } }));
    yield put(showAlert({ key: 'forms.checkFailed', style: 'error', duration: SEND_FAILED_ALERT_MS }));
  }
}

/**
 * The files chosen in a form's file fields that passed the page's checks (data-upload="accepted"):
 * they go with the form. Files are not state (the flow holds plain data): they are read from the
 * form's fields when it is sent.
 */
export function formFiles(id: string): FormFile[] {
  const form = document.querySelector(`[data-flow="${CSS.escape(id)}"]`);
  if (!form) return [];
  return Array.from(form.querySelectorAll<HTMLInputElement>('input[type="file"][data-upload="accepted"]')).flatMap((input) => {
    const file = input.files?.[0];
    return file ? [{ field: input.name, file }] : [];
  });
}

/** The submit itself; a refusal that names a field (or a file) comes back as that field's error. */
export function* sendFormValues(id: string, action: string, values: Record<string, string>) {
  try {
    const files: FormFile[] = yield call(formFiles, id);
    const answer: ContactMessageResponse = yield call(sendForm, action, values, files);
    yield put(flowSend({ id, event: { type: 'SUBMITTED', received: answer?.attachments ?? [] } }));
  } catch (error) {
    const errors = sendRefusalErrors(apiErrorOf(error)?.code);
    if (errors) {
      yield put(flowSend({ id, event: { type: 'SUBMIT_FAILED', errors, failure: 'forms.submitRefused' } }));
    } else {
      yield put(flowSend({ id, event: { type: 'SUBMIT_FAILED', failure: 'forms.submitFailed' } }));
      yield put(showAlert({ key: 'forms.submitFailed', style: 'error', duration: SEND_FAILED_ALERT_MS }));
    }
  }
}

/** The focusable element of a form's field (`data-field` inside the form's `data-flow`). */
export function fieldElement(id: string, field: string): HTMLElement | null {
  const form = document.querySelector(`[data-flow="${CSS.escape(id)}"]`);
  return form?.querySelector<HTMLElement>(`[data-field="${CSS.escape(field)}"]`) ?? null;
}

/** Scrolls the window so `element` sits below the sticky header, over `ms` milliseconds. */
export function scrollToElement(element: HTMLElement, ms: number): Promise<void> {
  const header = document.querySelector('.site-header');
  const offset = (header instanceof HTMLElement && getComputedStyle(header).position === 'fixed' ? header.offsetHeight : 0) + 24;
  const from = window.scrollY;
  const to = Math.max(0, from + element.getBoundingClientRect().top - offset);
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  if (reduced || Math.abs(to - from) < 1 || ms <= 0) {
    window.scrollTo(0, to);
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const start = performance.now();
    const step = (now: number) => {
      const t = Math.min(1, (now - start) / ms);
      const eased = t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
      window.scrollTo(0, from + (to - from) * eased);
      if (t < 1) requestAnimationFrame(step);
      else resolve();
    };
    requestAnimationFrame(step);
  });
}

export function focusElement(element: HTMLElement): void {
  element.focus({ preventScroll: true });
}

/** On failure the page scrolls to the first error in 300 ms, then focuses it. */
export function* focusFirstError(id: string, field: string) {
  if (!field) return;
  const element: HTMLElement | null = yield call(fieldElement, id, field);
  if (!element) return;
  yield call(scrollToElement, element, ERROR_SCROLL_MS);
  yield call(focusElement, element);
}

function* onFormEmitted(action: ReturnType<typeof flowEmitted>) {
  const { id } = action.payload;
  if (!id.startsWith(FORM_FLOW_PREFIX)) return;
  const event = action.payload.event as unknown as FormEmitted;
  if (event.type === 'check') yield fork(checkFields, id, event.checks);
  else if (event.type === 'send') yield fork(sendFormValues, id, event.action, event.values);
  else if (event.type === 'focusError') yield fork(focusFirstError, id, event.field);
}

/** Forms run as component flows (`flowStartRequested({ id: 'form:…', machine: 'form' })`). */
export function* formSaga() {
  yield takeEvery(flowEmitted.type, onFormEmitted);
}
