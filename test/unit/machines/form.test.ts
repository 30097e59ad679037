import { createActor } from 'xstate';
import { formMachine, type FormEmitted } from '../../../machines/form';
import { CONTACT_FIELDS } from '../../../src/domain/contactForm';
import type { FormFieldValue } from '../../../src/domain/formRules';

const good: Record<string, string> = { name: 'Mario Rossi', contact: 'mario@example.it', subject: 'product', iban: '', message: 'Pastiglie per Panda 1.2', terms: '1' };

function fields(values: Record<string, string> = {}): FormFieldValue[] {
  const all = { ...good, ...values };
  return CONTACT_FIELDS.map((spec) => ({ ...spec, value: all[spec.name] ?? '', checked: all[spec.name] === '1' }));
}

function start() {
  const actor = createActor(formMachine, { input: { action: '/contact.php' } }).start();
  const emitted: FormEmitted[] = [];
  actor.on('*', (event: FormEmitted) => emitted.push(event));
  return { actor, emitted, value: () => actor.getSnapshot().value, context: () => actor.getSnapshot().context };
}

describe('form machine', () => {
  it('starts editing with no errors', () => {
    const { value, context } = start();
    expect(value()).toBe('editing');
    expect(context()).toEqual({ action: '/contact.php', errors: {}, order: [], pending: null, failure: null, sent: 0, received: [] });
  });

  it('editing -> editing: local errors are kept in form order and the first is focused', () => {
    const { actor, value, context, emitted } = start();
    actor.send({ type: 'SUBMIT', fields: fields({ name: '', contact: '12345678', terms: '' }) });
    expect(value()).toBe('editing');
    expect(context().errors).toEqual({ name: { key: 'form.required' }, contact: { key: 'form.phone', values: { n: 9 } }, terms: { key: 'form.terms' } });
    expect(emitted).toEqual([{ type: 'focusError', field: 'name' }]);
  });

  it('editing -> submitting when every field passes and none needs the server', () => {
    const { actor, value, context, emitted } = start();
    actor.send({ type: 'SUBMIT', fields: fields() });
    expect(value()).toBe('submitting');
    expect(emitted).toEqual([{ type: 'send', action: '/contact.php', values: { ...good } }]);
    expect(context().pending).toEqual(good);
  });

  it('a second submit while submitting is ignored (one send)', () => {
    const { actor, emitted } = start();
    actor.send({ type: 'SUBMIT', fields: fields() });
    actor.send({ type: 'SUBMIT', fields: fields() });
    expect(emitted.filter((e) => e.type === 'send')).toHaveLength(1);
  });

  it('editing -> validating asks the server about the bank account; a second submit is ignored', () => {
    const { actor, value, emitted } = start();
    actor.send({ type: 'SUBMIT', fields: fields({ iban: 'IT60X0542811101000000123456' }) });
    expect(value()).toBe('validating');
    expect(emitted).toEqual([{ type: 'check', checks: [{ name: 'iban', field: 'bank_account', value: 'IT60X0542811101000000123456' }] }]);
    actor.send({ type: 'SUBMIT', fields: fields({ iban: 'IT60X0542811101000000123456' }) });
    expect(emitted).toHaveLength(1);
  });

  it('validating -> submitting when the server finds nothing', () => {
    const { actor, value, emitted } = start();
    actor.send({ type: 'SUBMIT', fields: fields({ iban: 'IT60X0542811101000000123456' }) });
    actor.send({ type: 'CHECKED', errors: {} });
    expect(value()).toBe('submitting');
    expect(emitted.at(-1)).toEqual({ type: 'send', action: '/contact.php', values: { ...good, iban: 'IT60X0542811101000000123456' } });
  });

  it('validating -> editing when the server marks a field, which is focused', () => {
    const { actor, value, context, emitted } = start();
    actor.send({ type: 'SUBMIT', fields: fields({ iban: 'IT60X0542811101000000123456' }) });
    actor.send({ type: 'CHECKED', errors: { iban: { key: 'form.bankAccount' } } });
    expect(value()).toBe('editing');
    expect(context().errors).toEqual({ iban: { key: 'form.bankAccount' } });
    expect(emitted.at(-1)).toEqual({ type: 'focusError', field: 'iban' });
  });

  it('validating -> failed when the server check cannot be made', () => {
    const { actor, value, context } = start();
    actor.send({ type: 'SUBMIT', fields: fields({ iban: 'IT60X0542811101000000123456' }) });
    actor.send({ type: 'CHECK_FAILED' });
    expect(value()).toBe('failed');
    expect(context().failure).toBe('forms.checkFailed');
  });

  it('submitting -> submitted, then RESET -> editing', () => {
    const { actor, value, context } = start();
    actor.send({ type: 'SUBMIT', fields: fields() });
    actor.send({ type: 'SUBMITTED' });
    expect(value()).toBe('submitted');
    expect(context().sent).toBe(1);
    actor.send({ type: 'SUBMIT', fields: fields() });
    expect(value()).toBe('submitted');
    actor.send({ type: 'RESET' });
    expect(value()).toBe('editing');
    expect(context().errors).toEqual({});
  });

  it('submitting -> failed when the send fails; failed -> submitting on a new submit', () => {
    const { actor, value, context, emitted } = start();
    actor.send({ type: 'SUBMIT', fields: fields() });
    actor.send({ type: 'SUBMIT_FAILED', failure: 'forms.submitFailed' });
    expect(value()).toBe('failed');
    expect(context().failure).toBe('forms.submitFailed');
    actor.send({ type: 'SUBMIT', fields: fields() });
    expect(value()).toBe('submitting');
    expect(context().failure).toBeNull();
    expect(emitted.filter((e) => e.type === 'send')).toHaveLength(2);
  });

  it('submitting -> editing when the server refuses a field, which is focused', () => {
    const { actor, value, context, emitted } = start();
    actor.send({ type: 'SUBMIT', fields: fields() });
    actor.send({ type: 'SUBMIT_FAILED', errors: { message: { key: 'forms.invalid' } }, failure: 'forms.submitRefused' });
    expect(value()).toBe('editing');
    expect(context().errors).toEqual({ message: { key: 'forms.invalid' } });
    expect(emitted.at(-1)).toEqual({ type: 'focusError', field: 'message' });
  });

  it('failed -> editing with errors on a submit with local errors, and -> validating on one needing the server', () => {
    const { actor, value } = start();
    actor.send({ type: 'SUBMIT', fields: fields() });
    actor.send({ type: 'SUBMIT_FAILED' });
    actor.send({ type: 'SUBMIT', fields: fields({ message: 'corto' }) });
    expect(value()).toBe('editing');
    actor.send({ type: 'SUBMIT', fields: fields() });
    actor.send({ type: 'SUBMIT_FAILED' });
    actor.send({ type: 'SUBMIT', fields: fields({ iban: 'IT60X0542811101000000123456' }) });
    expect(value()).toBe('validating');
  });

  it('failed -> editing on RESET', () => {
    const { actor, value, context } = start();
    actor.send({ type: 'SUBMIT', fields: fields() });
    actor.send({ type: 'SUBMIT_FAILED' });
    actor.send({ type: 'RESET' });
    expect(value()).toBe('editing');
    expect(context().failure).toBeNull();
  });

  it('an edited field loses its error; others keep theirs', () => {
    const { actor, context } = start();
    actor.send({ type: 'SUBMIT', fields: fields({ name: '', message: '' }) });
    actor.send({ type: 'CHANGE', field: 'name' });
    expect(context().errors).toEqual({ message: { key: 'form.required' } });
    actor.send({ type: 'CHANGE', field: 'unknown' });
    expect(context().errors).toEqual({ message: { key: 'form.required' } });
  });

  it('ignores answers that arrive in the wrong state', () => {
    const { actor, value } = start();
    actor.send({ type: 'CHECKED', errors: {} });
    actor.send({ type: 'SUBMITTED' });
    actor.send({ type: 'SUBMIT_FAILED' });
    expect(value()).toBe('editing');
  });
});
