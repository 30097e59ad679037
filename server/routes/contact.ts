import type { FastifyInstance } from 'fastify';
import type { ContactMessageResponse } from '../../src/api/wire';
import { CONTACT_FIELDS, isContactSubject } from '../../src/domain/contactForm';
import { validateFieldValue } from '../../src/domain/fieldValidation';
import { fieldInput } from '../../src/domain/formRules';
import type { ShopRepository } from '../db/repository';
import { BadRequest, optionalText } from '../http';
import { validateField } from './content';

/** Fields a file would come in (the contact page's upload fields): the server accepts no attachments. */
const ATTACHMENT_FIELDS = ['attachment', 'opinion_photo', 'file', 'files'];
const ATTACHMENTS_REFUSED = 'Attachments are not accepted: the contact form sends text only';

/** The longest text a field may carry before its own rules are even read. */
const RAW_LIMIT = 4000;

/**
 * POST /contact.php (ours): the contact form. Every field is checked again by the rules the
 * storefront uses (src/domain/contactForm.ts) and the bank account by the validation URL's
 * rule; a refusal is a 400 whose code names the field, and nothing is stored. Attachments are
 * not accepted at all (a multipart body is a 415, a file field a 400: `attachments_not_accepted`).
 */
export function contactRoutes(app: FastifyInstance, repo: ShopRepository): void {
  // The shop takes no files: a multipart body (an upload) is refused before it is read.
  app.addContentTypeParser('multipart/form-data', (_request, _payload, done) => {
    done(new BadRequest('attachments_not_accepted', ATTACHMENTS_REFUSED, 415), undefined);
  });
  app.post('/contact.php', async (request, reply) => {
    const body = (typeof request.body === 'object' && request.body ? request.body : {}) as Record<string, unknown>;
    for (const name of ATTACHMENT_FIELDS) {
      if (Object.hasOwn(body, name)) throw new BadRequest('attachments_not_accepted', ATTACHMENTS_REFUSED);
    }
    const values: Record<string, string> = {};
    for (const name of ['name', 'contact', 'subject', 'iban', 'message', 'terms']) {
      const value = optionalText(body, name, RAW_LIMIT);
      values[name] = (value ?? '').trim();
    }
    for (const spec of CONTACT_FIELDS) {
      const value = values[spec.name];
      const message = validateFieldValue(fieldInput({ ...spec, value, checked: value === '1' || value === 'on' }));
      if (!message) continue;
      if (message.key === 'form.terms') throw new BadRequest('terms_not_accepted', 'The terms must be accepted (terms=1)');
      if (message.key === 'form.required') throw new BadRequest(`missing_${spec.name}`, `Field ${spec.name} is required`);
      throw new BadRequest(`invalid_${spec.name}`, `Field ${spec.name} is not valid (${message.key.replace('form.', '')})`);
    }
    const subject = values.subject || 'other';
    if (!isContactSubject(subject)) throw new BadRequest('invalid_subject', 'Field subject must be product, order, return or other');
    const iban = values.iban ? values.iban.replace(/\s+/g, '').toUpperCase() : null;
    if (iban && validateField('bank_account', iban).errno !== 0) throw new BadRequest('invalid_iban', 'Field iban is not a valid bank account (IBAN)');
    const id = await repo.saveContactMessage(request.visitorId, { name: values.name, contact: values.contact, subject, iban, message: values.message });
    reply.header('Cache-Control', 'no-store');
    const answer: ContactMessageResponse = { status: 'ok', id };
    return answer;
  });
}
