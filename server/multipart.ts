import { BadRequest } from './http';

/** One file of a multipart body: the field it came in, its name and declared type, its bytes. */
export interface UploadedFile {
  field: string;
  fileName: string;
  mimeType: string;
  bytes: Buffer;
}

export interface MultipartBody {
  /** Text fields, each given once. */
  fields: Record<string, string>;
  files: UploadedFile[];
}

export interface MultipartLimits {
  /** Parts in all (fields and files). */
  maxParts: number;
  /** Characters of one text field. */
  maxFieldLength: number;
}

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');
const MAX_HEADER_BYTES = 1024;

/** The boundary of a `multipart/form-data; boundary=...` content type (RFC 2046: 1 to 70 characters). */
export function multipartBoundary(contentType: string | undefined): string {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType ?? '');
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) throw new BadRequest('invalid_multipart', 'A multipart body needs its boundary (1 to 70 characters)');
  return boundary;
}

/** A parameter of a Content-Disposition header (name, filename), quoted or not; backslash escapes kept simple. */
function dispositionParam(header: string, name: string): string | undefined {
  const match = new RegExp(`;\\s*${name}=(?:"((?:[^"\\\\]|\\\\.)*)"|([^;\\s]*))`, 'i').exec(header);
  if (!match) return undefined;
  return match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : match[2];
}

/**
 * Reads a multipart/form-data body (RFC 7578) held in memory (its size is bounded by the route's
 * body limit): text fields and files. Anything malformed is a 400 `invalid_multipart`; a field
 * given twice is a 400 `invalid_parameter`, as in a form-encoded body.
 */
export function parseMultipart(body: Buffer, boundary: string, limits: MultipartLimits): MultipartBody {
  const malformed = (why: string) => new BadRequest('invalid_multipart', `The multipart body is malformed: ${why}`);
  const delimiter = Buffer.from(`--${boundary}`);
  const next = Buffer.from(`\r\n--${boundary}`);
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  const seen = new Set<string>();
  let position = body.indexOf(delimiter);
  if (position !== 0 && (position < 0 || !body.subarray(position - 2, position).equals(CRLF))) throw malformed('no opening boundary');
  position += delimiter.length;
  for (let parts = 0; ; parts++) {
    if (body[position] === 0x2d && body[position + 1] === 0x2d) break; // "--": the closing boundary
    if (!body.subarray(position, position + 2).equals(CRLF)) throw malformed('a boundary is not followed by a line break');
    if (parts >= limits.maxParts) throw new BadRequest('too_many_parts', `A form takes at most ${limits.maxParts} fields and files`);
    const headersStart = position + 2;
    const headersEnd = body.indexOf(HEADER_END, headersStart);
    if (headersEnd < 0 || headersEnd - headersStart > MAX_HEADER_BYTES) throw malformed('a part has no headers');
    const contentStart = headersEnd + HEADER_END.length;
    const contentEnd = body.indexOf(next, contentStart);
    if (contentEnd < 0) throw malformed('a part is not closed by a boundary');
    const headers = body.toString('utf8', headersStart, headersEnd).split('\r\n');
    const disposition = headers.find((line) => /^content-disposition:/i.test(line));
    if (!disposition || !/^content-disposition:\s*form-data\s*;/i.test(disposition)) throw malformed('a part is not form-data');
    const name = dispositionParam(disposition, 'name');
    if (!name || name.length > 64) throw malformed('a part has no name');
    if (seen.has(name) || Object.hasOwn(Object.prototype, name)) throw new BadRequest('invalid_parameter', `Parameter ${name} must be given once`);
    seen.add(name);
    const fileName = dispositionParam(disposition, 'filename');
    const content = body.subarray(contentStart, contentEnd);
    if (fileName !== undefined) {
      // An empty file input sends a part with an empty name and no bytes: nothing was chosen.
      if (fileName !== '' || content.length > 0) {
        const type = headers.find((line) => /^content-type:/i.test(line))?.replace(/^content-type:\s*/i, '').trim() ?? '';
        files.push({ field: name, fileName: fileName.replace(/^.*[\\/]/, '').slice(0, 255), mimeType: type.slice(0, 100), bytes: Buffer.from(content) });
      }
    } else {
      const text = content.toString('utf8');
      if (text.length > limits.maxFieldLength) throw new BadRequest('invalid_parameter', `Parameter ${name} is longer than ${limits.maxFieldLength} characters`);
      fields[name] = text;
    }
    position = contentEnd + next.length;
  }
  return { fields, files };
}
