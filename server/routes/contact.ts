import { Transform } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ContactMessageResponse } from '../../src/api/wire';
import { CONTACT_ATTACHMENT_MAX_MB, CONTACT_FIELDS, CONTACT_FILE_FIELDS, isContactFileField, isContactSubject } from '../../src/domain/contactForm';
import { checkUpload, sniffFileType, type SniffedType, type UploadRejection } from '../../src/domain/upload';
import { compactIban } from '../../src/domain/iban';
import { validateFieldValue } from '../../src/domain/fieldValidation';
import { fieldInput } from '../../src/domain/formRules';
import type { ContactAttachment, ShopRepository } from '../db/repository';
import { CONTACT_BODY_LIMIT } from '../limits';
import { readMultipart, type MultipartBody, type UploadedFile } from '../multipart';
import { BadRequest, lineBreakIn, optionalText } from '../http';
import { validateField } from './content';

/** The longest text a field may carry before its own rules are even read. */
const RAW_LIMIT = 4000;
/** A form-encoded contact body (text only) stays within the text limit; only a multipart one carries files. */
export const CONTACT_TEXT_BODY_LIMIT = 32 * 1024;
const TOO_LARGE = () => new BadRequest('fst_err_ctp_body_too_large', 'Request body is too large', 413);

/** Codes of a refused file, by the page's rejection kinds (src/domain/upload.ts). */
const REJECTION_CODES: Record<UploadRejection['kind'], string> = {
  type_not_allowed: 'attachment_type_not_allowed',
  too_big: 'attachment_too_big',
  jpg_only: 'attachment_jpg_only',
  photo_too_large: 'attachment_photo_too_large',
};

function rejectionMessage(field: string, rejection: UploadRejection): string {
  switch (rejection.kind) {
    case 'type_not_allowed':
      return `The file of ${field} cannot be stored: its type is not allowed`;
    case 'too_big':
      return `The file of ${field} exceeds the maximum size of ${rejection.maxMb} MB`;
    case 'jpg_only':
      return `The file of ${field} must be a .jpg (image/jpeg)`;
    case 'photo_too_large':
      return `The photo of ${field} may measure at most ${rejection.maxWidth}x${rejection.maxHeight} px`;
  }
}

/** The type the shop gives a stored file (and the owner's mail), read from its content: never the type the sender declared. */
const STORED_TYPES: Partial<Record<SniffedType, string>> = { jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp', pdf: 'application/pdf', zip: 'application/zip' };
export const storedType = (bytes: Uint8Array) => STORED_TYPES[sniffFileType(bytes)] ?? 'application/octet-stream';

/**
 * The files of a contact message, checked again by the page's rules (src/domain/upload.ts): the
 * type blacklist by name (after trailing dots), declared type (its essence) and content (magic bytes, markup anywhere), the size (the fields'
 * data-max_filesize) and, for opinion_photo, a JPEG of at most 2048x1536 px read from its header.
 */
export function checkedAttachments(files: UploadedFile[]): ContactAttachment[] {
  return files.map((file) => {
    if (!isContactFileField(file.field)) throw new BadRequest('unknown_file_field', `Files are taken only in ${CONTACT_FILE_FIELDS.join(' and ')}`);
    const rejection = checkUpload({
      fieldName: file.field,
      fileName: file.fileName,
      mimeType: file.mimeType,
      sizeBytes: file.truncated ? CONTACT_ATTACHMENT_MAX_MB * 1024 * 1024 + 1 : file.bytes.length,
      maxFilesizeMb: CONTACT_ATTACHMENT_MAX_MB,
      bytes: file.bytes,
    });
    if (rejection) throw new BadRequest(REJECTION_CODES[rejection.kind], rejectionMessage(file.field, rejection));
    return { field: file.field, fileName: file.fileName || file.field, mimeType: storedType(file.bytes), content: file.bytes };
  });
}

/** Where files being received are written (UPLOAD_DIR; default: the system's temporary directory). */
export const uploadDirFromEnv = (env: NodeJS.ProcessEnv = process.env) => env.UPLOAD_DIR || undefined;

/**
 * Reads a multipart body of /contact.php as it arrives, its files streamed to disk (server/multipart.ts);
 * any other route refuses multipart unread (415). A declared length over the route's limit was
 * refused before the body (server/limits.ts, registerUploadGuard).
 */
function multipartParser(uploadDir: string | undefined) {
  return (request: FastifyRequest, payload: NodeJS.ReadableStream, done: (error: Error | null, body?: unknown) => void): void => {
    if (request.routeOptions.url !== '/contact.php') {
      done(new BadRequest('multipart_not_accepted', 'Only the contact form takes a multipart body (files)', 415));
      return;
    }
    const limit = request.routeOptions.bodyLimit ?? CONTACT_BODY_LIMIT;
    if (Number(request.headers['content-length']) > limit) {
      done(TOO_LARGE());
      return;
    }
    readMultipart(request.headers, payload, { maxParts: 12, maxFieldLength: RAW_LIMIT, maxFileBytes: CONTACT_ATTACHMENT_MAX_MB * 1024 * 1024, maxBodyBytes: limit, uploadDir }).then(
      (body) => done(null, body),
      (error: Error) => done(error),
    );
  };
}

/**
 * POST /contact.php (ours): the contact form, form-encoded, or multipart/form-data when it carries
 * files (attachment, opinion_photo). Every field is checked again by the rules the storefront
 * uses (src/domain/contactForm.ts), the bank account by the validation URL's rule (an IBAN of a
 * country the shop sells to, mod-97) and each file by the page's upload rules; a refusal is a 400
 * whose code names the field or the file's fault, and nothing is stored. The message and its
 * files are stored together (contact_attachments) and the answer names the files received.
 */
export function contactRoutes(app: FastifyInstance, repo: ShopRepository, options: { uploadDir?: string } = {}): void {
  app.addContentTypeParser('multipart/form-data', multipartParser(options.uploadDir ?? uploadDirFromEnv()));
  // A text-only (form-encoded) message keeps the text limit: only files need the larger body.
  const textBodyLimit = async (request: FastifyRequest, _reply: unknown, payload: NodeJS.ReadableStream) => {
    if (/^multipart\/form-data/i.test(request.headers['content-type'] ?? '')) return payload;
    if (Number(request.headers['content-length']) > CONTACT_TEXT_BODY_LIMIT) throw TOO_LARGE();
    let size = 0;
    return payload.pipe(
      new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          callback(size > CONTACT_TEXT_BODY_LIMIT ? TOO_LARGE() : null, chunk);
        },
      }),
    );
  };
  app.post('/contact.php', { preParsing: textBodyLimit }, async (request, reply) => {
    const parsed = (typeof request.body === 'object' && request.body ? request.body : {}) as Record<string, unknown> | MultipartBody;
    const multipart = 'files' in parsed && Array.isArray(parsed.files) && 'fields' in parsed ? (parsed as MultipartBody) : null;
    const body: Record<string, unknown> = multipart ? multipart.fields : (parsed as Record<string, unknown>);
    // A file comes as a file (multipart), never as text in a field of its name.
    for (const name of CONTACT_FILE_FIELDS) {
      if (Object.hasOwn(body, name)) throw new BadRequest('attachment_not_a_file', `Field ${name} takes a file (multipart/form-data), not text`);
    }
    const values: Record<string, string> = {};
    for (const name of ['name', 'contact', 'subject', 'iban', 'message', 'terms']) {
      const value = optionalText(body, name, RAW_LIMIT);
      // Only the message has lines: a line break elsewhere would forge lines in the owner's mail and in `npm run messages`.
      if (name !== 'message' && value !== undefined && lineBreakIn(value)) throw new BadRequest(`invalid_${name}`, `Field ${name} must be one line (no line breaks)`);
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
    const iban = values.iban ? compactIban(values.iban) : null;
    if (iban && validateField('bank_account', iban).errno !== 0) throw new BadRequest('invalid_iban', 'Field iban is not a valid bank account (IBAN)');
    const attachments = checkedAttachments(multipart?.files ?? []);
    const id = await repo.saveContactMessage(request.visitorId, { name: values.name, contact: values.contact, subject, iban, message: values.message }, attachments);
    reply.header('Cache-Control', 'no-store');
    const answer: ContactMessageResponse = { status: 'ok', id, attachments: attachments.map((file) => ({ field: file.field, name: file.fileName, size: file.content.length })) };
    return answer;
  });
}
