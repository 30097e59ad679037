import { HttpError } from '../../../src/api/http';
import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { call, fork } from 'redux-saga/effects';
import { formMachine } from '../../../machines/form';
import { showAlert } from '../../../sagas/alert';
import { runFlow } from '../../../sagas/flows';
import { checkFields, fieldElement, focusElement, focusFirstError, formFiles, formSaga, scrollToElement, sendFormValues } from '../../../sagas/form';
import { sendForm, validateFieldOnServer } from '../../../src/api/forms';
import { CONTACT_FIELDS } from '../../../src/domain/contactForm';
import { ERROR_SCROLL_MS } from '../../../src/domain/formRules';
import { flowEmitted, flowSend } from '../../../store/flowsSlice';

const ID = 'form:contact';
const values = { name: 'Mario Rossi', contact: 'mario@example.it', subject: 'product', iban: '', message: 'Pastiglie per la Panda', terms: '1' };

function refusal(status: number, code: string): HttpError {
  return new HttpError('refused', status, { error: { code, message: 'no' } });
}

describe('form saga: server validation', () => {
  it('an errno marks the field; the bank account gets its own message (expectSaga)', () => {
    return expectSaga(checkFields, ID, [
      { name: 'iban', field: 'bank_account', value: 'IT00' },
      { name: 'zip', field: 'zipcode', value: '12345' },
    ])
      .provide([
        [call(validateFieldOnServer, 'bank_account', 'IT00'), { errno: 3, message: 'bank_account' }],
        [call(validateFieldOnServer, 'zipcode', '12345'), { errno: 0 }],
      ])
      .put(flowSend({ id: ID, event: { type: 'CHECKED', errors: { iban: { key: 'form.bankAccount' } } } }))
      .run();
  });

  it('a check that cannot be made fails the flow and says so (expectSaga)', () => {
    return expectSaga(checkFields, ID, [{ name: 'iban', field: 'bank_account', value: 'IT00' }])
      .provide([[matchers.call.fn(validateFieldOnServer), throwError(new Error('offline'))]])
      .put(flowSend({ id: ID, event: { type: 'CHECK_FAILED' } }))
      .put(showAlert({ key: 'forms.checkFailed', style: 'error', duration: 4000 }))
      .run();
  });

  it('walks the check one effect at a time (testSaga)', () => {
    testSaga(checkFields, ID, [{ name: 'iban', field: 'bank_account', value: 'IT60X0542811101000000123456' }])
      .next()
      .call(validateFieldOnServer, 'bank_account', 'IT60X0542811101000000123456')
      .save('asked')
      .next({ errno: 0 })
      .put(flowSend({ id: ID, event: { type: 'CHECKED', errors: {} } }))
      .next()
      .isDone()
      .restore('asked')
      .next({ errno: 3 })
      .put(flowSend({ id: ID, event: { type: 'CHECKED', errors: { iban: { key: 'form.bankAccount' } } } }))
      .next()
      .isDone();
  });
});

describe('form saga: the submit', () => {
  it('a sent form tells the flow (expectSaga)', () => {
    return expectSaga(sendFormValues, ID, '/contact.php', values)
      .provide([
        [call(formFiles, ID), []],
        [call(sendForm, '/contact.php', values, []), { status: 'ok', id: 7, attachments: [] }],
      ])
      .put(flowSend({ id: ID, event: { type: 'SUBMITTED', received: [] } }))
      .run();
  });

  it('sends the files the page accepted with the form, and tells the flow which the shop received (expectSaga)', () => {
    const files = [{ field: 'opinion_photo', file: new File([new Uint8Array([0xff, 0xd8, 0xff])], 'pinza.jpg', { type: 'image/jpeg' }) }];
    const received = [{ field: 'opinion_photo', name: 'pinza.jpg', size: 3 }];
    return expectSaga(sendFormValues, ID, '/contact.php', values)
      .provide([
        [call(formFiles, ID), files],
        [call(sendForm, '/contact.php', values, files), { status: 'ok', id: 8, attachments: received }],
      ])
      .put(flowSend({ id: ID, event: { type: 'SUBMITTED', received } }))
      .run();
  });

  it('formFiles reads only the accepted files of the form', () => {
    document.body.innerHTML = `<form data-flow="${ID}"><input type="file" name="attachment" data-upload="accepted"><input type="file" name="opinion_photo" data-upload="rejected: jpg_only"></form>`;
    const [accepted, rejected] = Array.from(document.querySelectorAll('input'));
    const file = new File(['%PDF-1.4'], 'libretto.pdf', { type: 'application/pdf' });
    Object.defineProperty(accepted, 'files', { value: [file] });
    Object.defineProperty(rejected, 'files', { value: [new File(['x'], 'x.png')] });
    expect(formFiles(ID)).toEqual([{ field: 'attachment', file }]);
    expect(formFiles('form:none')).toEqual([]);
    document.body.innerHTML = '';
  });

  it('a refusal that names a field comes back as that field\u2019s error (expectSaga)', () => {
    return expectSaga(sendFormValues, ID, '/contact.php', values)
      .provide([[matchers.call.fn(sendForm), throwError(refusal(400, 'invalid_iban'))]])
      .put(flowSend({ id: ID, event: { type: 'SUBMIT_FAILED', errors: { iban: { key: 'form.bankAccount' } }, failure: 'forms.submitRefused' } }))
      .not.put.actionType(showAlert.type)
      .run();
  });

  it('any other failure fails the flow and shows an alert (expectSaga)', () => {
    return expectSaga(sendFormValues, ID, '/contact.php', values)
      .provide([[matchers.call.fn(sendForm), throwError(new Error('offline'))]])
      .put(flowSend({ id: ID, event: { type: 'SUBMIT_FAILED', failure: 'forms.submitFailed' } }))
      .put(showAlert({ key: 'forms.submitFailed', style: 'error', duration: 4000 }))
      .run();
  });

  it('scrolls to the first error in 300 ms, then focuses it (testSaga)', () => {
    const element = document.createElement('input');
    testSaga(focusFirstError, ID, 'name')
      .next()
      .call(fieldElement, ID, 'name')
      .next(element)
      .call(scrollToElement, element, ERROR_SCROLL_MS)
      .next()
      .call(focusElement, element)
      .next()
      .isDone();
    expect(ERROR_SCROLL_MS).toBe(300);
    testSaga(focusFirstError, ID, 'gone').next().call(fieldElement, ID, 'gone').next(null).isDone();
  });

  it('finds a field by the form\u2019s data-flow and the field\u2019s data-field', () => {
    document.body.innerHTML = `<form data-flow="${ID}"><input data-field="name"></form><input data-field="name">`;
    expect(fieldElement(ID, 'name')).toBe(document.querySelector('form input'));
    expect(fieldElement('form:other', 'name')).toBeNull();
  });
});

describe('form saga: a whole flow, machine and saga together', () => {
  it('server check, then one send, then submitted (expectSaga)', async () => {
    const fields = CONTACT_FIELDS.map((spec) => ({ ...spec, value: { ...values, iban: 'IT60X0542811101000000123456' }[spec.name] ?? '', checked: spec.name === 'terms' }));
    const result = await expectSaga(formSagaWithFlow)
      .provide([
        [matchers.call.fn(validateFieldOnServer), { errno: 0 }],
        [matchers.call.fn(sendForm), { status: 'ok', id: 1 }],
      ])
      .dispatch(flowSend({ id: ID, event: { type: 'SUBMIT', fields } }))
      .dispatch(flowSend({ id: ID, event: { type: 'SUBMIT', fields } }))
      .silentRun(100);
    const sends = result.effects.call?.filter((effect) => effect.payload.fn === sendForm) ?? [];
    expect(sends).toHaveLength(1);
    const emitted = result.effects.put?.map((effect) => effect.payload.action).filter((action) => action.type === flowEmitted.type) ?? [];
    expect(emitted.map((action) => action.payload.event.type)).toEqual(['check', 'send']);
  });
});

function* formSagaWithFlow() {
  yield fork(runFlow, ID, formMachine, { action: '/contact.php' });
  yield fork(formSaga);
}
