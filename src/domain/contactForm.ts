import type { FormFieldSpec } from './formRules';

/**
 * The contact form: the storefront checks it with these rules and the server checks the
 * same rules again (POST /contact.php), so they are declared once, here.
 */
export const CONTACT_SUBJECTS = ['product', 'order', 'return', 'other'] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 2000;

export const CONTACT_FIELDS: readonly FormFieldSpec[] = [
  { name: 'name', kind: 'text', required: true, validate: true, minlength: 2, maxlength: 80 },
  { name: 'contact', kind: 'phone_or_email', required: true, validate: true, maxlength: 120 },
  // One of CONTACT_SUBJECTS, from the drop-down; the server checks it is one of them.
  { name: 'subject', kind: 'text' },
  { name: 'iban', kind: 'text', validate: true, maxlength: 42, server: 'bank_account' },
  { name: 'message', kind: 'text', required: true, validate: true, minlength: CONTACT_MESSAGE_MIN, maxlength: CONTACT_MESSAGE_MAX },
  { name: 'terms', kind: 'terms', required: true },
];

export function isContactSubject(value: string): value is ContactSubject {
  return (CONTACT_SUBJECTS as readonly string[]).includes(value);
}
