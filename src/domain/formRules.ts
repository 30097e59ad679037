import { MIN_PHONE_DIGITS, validateFieldValue, type FieldInput, type FieldKind } from './fieldValidation';

/**
 * How a form is checked as a whole (brake-shop spec sections 5 and 9): each field by the
 * rules of `fieldValidation`, some fields again by the per-field validation URL, and the page
 * scrolls to the first error in 300 ms.
 */
export const ERROR_SCROLL_MS = 300;

/** Fields the shop's validation URL checks (GET /ajax/validate.php?field=&value=). */
export type ServerCheck = 'email' | 'phone' | 'bank_account' | 'zipcode';

/** One field of a form as the form declares it: its rules, not its value. */
export interface FormFieldSpec {
  name: string;
  kind: FieldKind;
  required?: boolean;
  /** Fields marked validate check their minlength and maxlength. */
  validate?: boolean;
  minlength?: number;
  maxlength?: number;
  /** Checked again by the server when the local rules pass and the field is filled. */
  server?: ServerCheck;
}

/** A field with what the shopper entered. */
export interface FormFieldValue extends FormFieldSpec {
  value: string;
  checked?: boolean;
}

/** A message key of the catalogues with its values: plain data, kept in flow context. */
export interface FormError {
  key: string;
  values?: Record<string, number>;
}

export type FormErrors = Record<string, FormError>;

export function fieldInput(field: FormFieldValue): FieldInput {
  const { kind, value, checked, required, validate, minlength, maxlength } = field;
  return { kind, value, checked, required, validate, minlength, maxlength };
}

/** The local errors of a form, in its field order (the first is where focus goes). */
export function validateForm(fields: readonly FormFieldValue[]): FormErrors {
  const errors: FormErrors = {};
  for (const field of fields) {
    const message = validateFieldValue(fieldInput(field));
    if (message) errors[field.name] = 'values' in message ? { key: message.key, values: message.values } : { key: message.key };
  }
  return errors;
}

/** What still needs the server: filled fields that passed the local rules. */
export function serverChecks(fields: readonly FormFieldValue[], errors: FormErrors): Array<{ name: string; field: ServerCheck; value: string }> {
  return fields
    .filter((f) => f.server && !errors[f.name] && f.value.trim() !== '')
    .map((f) => ({ name: f.name, field: f.server!, value: f.value.trim() }));
}

/** The message of a server check that answered with an errno other than 0. Bank account has its own. */
export function serverCheckError(field: ServerCheck): FormError {
  switch (field) {
    case 'bank_account':
      return { key: 'form.bankAccount' };
    case 'email':
      return { key: 'form.email' };
    case 'phone':
      return { key: 'form.phone', values: { n: MIN_PHONE_DIGITS } };
    case 'zipcode':
      return { key: 'forms.zipcode' };
  }
}

/** The first field, in form order, that has an error. */
export function firstErrorField(order: readonly string[], errors: FormErrors): string | null {
  return order.find((name) => name in errors) ?? null;
}

/** The fields' values as the submit sends them: checkboxes as "1" when checked, else "". */
export function formValues(fields: readonly FormFieldValue[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const f of fields) values[f.name] = f.kind === 'checkbox' || f.kind === 'terms' ? (f.checked ? '1' : '') : f.value.trim();
  return values;
}

/**
 * A refusal of the send, by its error code (missing_<field>, invalid_<field>,
 * terms_not_accepted), as the field's message; null when the code names no field.
 */
export function sendRefusalErrors(code: string | undefined): FormErrors | null {
  if (!code) return null;
  if (code === 'terms_not_accepted') return { terms: { key: 'form.terms' } };
  const match = /^(missing|invalid)_([a-z_]+)$/.exec(code);
  if (!match || match[2] === 'parameter') return null;
  const field = match[2];
  if (match[1] === 'missing') return { [field]: { key: 'form.required' } };
  if (field === 'iban') return { iban: { key: 'form.bankAccount' } };
  return { [field]: { key: 'forms.invalid' } };
}
