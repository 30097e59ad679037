import { isValidIban } from './iban';

/**
 * Form field rules (brake-shop spec section 5): min/max length, email pattern, phone-or-email
 * (numeric: at least 9 digits), required fields, checkboxes, the terms checkbox.
 * Answers a message key of the i18n catalogues (`form.*`), with its values, or null.
 */
export const MIN_PHONE_DIGITS = 9;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export type FieldKind = 'text' | 'email' | 'phone' | 'phone_or_email' | 'checkbox' | 'terms' | 'iban';

export interface FieldInput {
  kind: FieldKind;
  value: string;
  checked?: boolean;
  required?: boolean;
  /** Only fields marked `validate` check their lengths. */
  validate?: boolean;
  minlength?: number;
  maxlength?: number;
}

export type FieldMessage =
  | { key: 'form.required' }
  | { key: 'form.minLength'; values: { n: number } }
  | { key: 'form.maxLength'; values: { n: number } }
  | { key: 'form.email' }
  | { key: 'form.phone'; values: { n: number } }
  | { key: 'form.terms' }
  | { key: 'form.bankAccount' };

export function validateFieldValue(field: FieldInput): FieldMessage | null {
  if (field.kind === 'terms') return field.checked ? null : { key: 'form.terms' };
  if (field.kind === 'checkbox') return !field.required || field.checked ? null : { key: 'form.required' };
  const value = field.value.trim();
  if (!value) return field.required ? { key: 'form.required' } : null;
  if (field.validate) {
    if (field.minlength && value.length < field.minlength) return { key: 'form.minLength', values: { n: field.minlength } };
    if (field.maxlength && value.length > field.maxlength) return { key: 'form.maxLength', values: { n: field.maxlength } };
  }
  // A bank account: an IBAN of a country the shop sells to, with its mod-97 checksum (iban.ts).
  if (field.kind === 'iban') return isValidIban(value) ? null : { key: 'form.bankAccount' };
  if (field.kind === 'email') return EMAIL_PATTERN.test(value) ? null : { key: 'form.email' };
  // A phone field (the checkout's): at least 9 digits, spaces, dashes, brackets and a leading + aside.
  if (field.kind === 'phone') return /^\+?[\d\s()-]+$/.test(value) && value.replace(/\D/g, '').length >= MIN_PHONE_DIGITS ? null : { key: 'form.phone', values: { n: MIN_PHONE_DIGITS } };
  if (field.kind === 'phone_or_email') {
    if (/^[\d\s+()-]+$/.test(value)) return value.replace(/\D/g, '').length >= MIN_PHONE_DIGITS ? null : { key: 'form.phone', values: { n: MIN_PHONE_DIGITS } };
    return EMAIL_PATTERN.test(value) ? null : { key: 'form.email' };
  }
  return null;
}
