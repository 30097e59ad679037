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
  // Checked on the page (an IBAN of a country the shop sells to, mod-97) and again by the server.
  { name: 'iban', kind: 'iban', validate: true, maxlength: 42, server: 'bank_account' },
  { name: 'message', kind: 'text', required: true, validate: true, minlength: CONTACT_MESSAGE_MIN, maxlength: CONTACT_MESSAGE_MAX },
  { name: 'terms', kind: 'terms', required: true },
];

export function isContactSubject(value: string): value is ContactSubject {
  return (CONTACT_SUBJECTS as readonly string[]).includes(value);
}

/**
 * The files a contact message may carry (storefront spec section 5, file input): a document or
 * picture (`attachment`) and a photo for a product review (`opinion_photo`: a .jpg of at most
 * 2048x1536 px), each at most CONTACT_ATTACHMENT_MAX_MB (the fields' data-max_filesize). The page
 * checks them when chosen and the server checks them again by the same rules (src/domain/upload.ts).
 */
export const CONTACT_FILE_FIELDS = ['attachment', 'opinion_photo'] as const;
export type ContactFileField = (typeof CONTACT_FILE_FIELDS)[number];
export const CONTACT_ATTACHMENT_MAX_MB = 5;

export function isContactFileField(name: string): name is ContactFileField {
  return (CONTACT_FILE_FIELDS as readonly string[]).includes(name);
}
