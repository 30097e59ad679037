import { createWriteStream, mkdtempSync, readFileSync, rmSync, type WriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import Busboy from '@fastify/busboy';
import { BadRequest } from './http';

/** One file of a multipart body: the field it came in, its name and declared type (its essence, parameters stripped), its bytes. */
export interface UploadedFile {
  field: string;
  fileName: string;
  mimeType: string;
  bytes: Buffer;
  /** Past the per-file limit: the bytes are only its first `maxFileBytes`, the rest was dropped unread. */
  truncated: boolean;
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
  /** Bytes of one file kept; a longer one is marked truncated (the rest is read and dropped). */
  maxFileBytes: number;
  /** Bytes of the whole body: past it, 413 and the reading stops. */
  maxBodyBytes: number;
  /** Where files are written while they arrive (a directory of their own per request, removed at the end); default: the system's temporary directory. */
  uploadDir?: string;
}

/** Control characters (C0, DEL, C1): never in a file name, a type or a field name. */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

const tooLarge = () => new BadRequest('fst_err_ctp_body_too_large', 'Request body is too large', 413);
const malformed = (why: string) => new BadRequest('invalid_multipart', `The multipart body is malformed: ${why}`);

/**
 * Reads a multipart/form-data body (RFC 7578) as it arrives (@fastify/busboy): text fields in
 * memory (each at most `maxFieldLength` characters), each file streamed to a file of its own
 * on disk and read back only once the whole body is in. A body held open, however large its
 * declared length, costs a few kilobytes of memory. Anything malformed is a 400
 * `invalid_multipart`; a field given twice a 400 `invalid_parameter`, as in a form-encoded
 * body; a file name or type with control characters a 400 `invalid_attachment_name`.
 */
export function readMultipart(headers: Record<string, string | string[] | undefined>, payload: NodeJS.ReadableStream, limits: MultipartLimits): Promise<MultipartBody> {
  const contentType = String(headers['content-type'] ?? '');
  if (!/;\s*boundary=(?:"[^"]{1,70}"|[^\s;]{1,70})/i.test(contentType)) return Promise.reject(new BadRequest('invalid_multipart', 'A multipart body needs its boundary (1 to 70 characters)'));
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    const files: Array<{ field: string; fileName: string; mimeType: string; path: string; size: number; truncated: boolean; written: Promise<unknown> }> = [];
    const seen = new Set<string>();
    let dir: string | null = null;
    let settled = false;
    let received = 0;
    const streams: WriteStream[] = [];
    const cleanUp = () => {
      for (const stream of streams) stream.destroy();
      if (dir) rmSync(dir, { recursive: true, force: true });
      dir = null;
    };
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      payload.removeListener('data', count);
      payload.unpipe?.(busboy);
      // The rest of the body is not read: the answer goes out now (server/limits.ts closes the connection after it).
      (payload as NodeJS.ReadableStream & { pause(): void }).pause();
      cleanUp();
      reject(error);
    };
    let busboy: ReturnType<typeof Busboy>;
    try {
      busboy = Busboy({
        headers: { ...headers, 'content-type': contentType },
        isPartAFile: (_field, _type, fileName) => fileName !== undefined,
        limits: { parts: limits.maxParts, fieldSize: limits.maxFieldLength * 4, fileSize: limits.maxFileBytes, fieldNameSize: 64, headerPairs: 20, headerSize: 2048 },
      });
    } catch {
      reject(new BadRequest('invalid_multipart', 'A multipart body needs its boundary (1 to 70 characters)'));
      return;
    }
    const once = (name: string) => {
      if (seen.has(name) || Object.hasOwn(Object.prototype, name)) throw new BadRequest('invalid_parameter', `Parameter ${name} must be given once`);
      seen.add(name);
    };
    busboy.on('field', (name: string, value: string, nameTruncated: boolean, valueTruncated: boolean) => {
      if (settled) return;
      try {
        if (!name || nameTruncated || CONTROL_CHARACTERS.test(name)) throw malformed('a part has no name');
        once(name);
        if (valueTruncated || value.length > limits.maxFieldLength) throw new BadRequest('invalid_parameter', `Parameter ${name} is longer than ${limits.maxFieldLength} characters`);
        fields[name] = value;
      } catch (error) {
        fail(error as Error);
      }
    });
    busboy.on('file', (name: string, stream: NodeJS.ReadableStream & { truncated?: boolean; resume(): void }, fileName: string, _encoding: string, mimeType: string) => {
      if (settled) return void stream.resume();
      try {
        if (!name || CONTROL_CHARACTERS.test(name)) throw malformed('a part has no name');
        once(name);
        if (CONTROL_CHARACTERS.test(fileName) || CONTROL_CHARACTERS.test(mimeType)) throw new BadRequest('invalid_attachment_name', `The file name or type of ${name} carries control characters`);
      } catch (error) {
        stream.resume();
        return fail(error as Error);
      }
      dir ??= mkdtempSync(join(limits.uploadDir ?? tmpdir(), 'shop-upload-'));
      const path = join(dir, String(files.length));
      const out = createWriteStream(path);
      streams.push(out);
      out.on('error', (error: Error) => fail(error));
      const entry = { field: name, fileName: fileName.slice(0, 255), mimeType: mimeType.slice(0, 100), path, size: 0, truncated: false, written: finished(out).catch(() => undefined) };
      files.push(entry);
      stream.on('data', (chunk: Buffer) => (entry.size += chunk.length));
      stream.on('limit', () => (entry.truncated = true));
      stream.pipe(out);
    });
    busboy.on('partsLimit', () => fail(new BadRequest('too_many_parts', `A form takes at most ${limits.maxParts} fields and files`)));
    busboy.on('error', (error: Error) => fail(malformed(error.message.replace(/\.$/, ''))));
    busboy.on('finish', () => {
      if (settled) return;
      Promise.all(files.map((file) => file.written))
        .then(() => {
          if (settled) return;
          const declared = Number(headers['content-length']);
          if (!Number.isNaN(declared) && declared !== received) return fail(new BadRequest('fst_err_ctp_invalid_content_length', 'Request body size did not match Content-Length'));
          if (!seen.size && received > 0 && !files.length) return fail(malformed('no parts'));
          settled = true;
          // An empty file input sends a part with an empty name and no bytes: nothing was chosen.
          const chosen = files.filter((file) => file.fileName !== '' || file.size > 0);
          const read = chosen.map((file) => ({ field: file.field, fileName: file.fileName, mimeType: file.mimeType, bytes: readFileSync(file.path), truncated: file.truncated }));
          cleanUp();
          resolve({ fields, files: read });
        })
        .catch((error: Error) => fail(error));
    });
    const count = (chunk: Buffer | string) => {
      received += chunk.length;
      if (received > limits.maxBodyBytes) fail(tooLarge());
    };
    payload.on('data', count);
    payload.on('error', (error: Error) => fail(error));
    payload.on('close', () => {
      if (!settled && !(payload as NodeJS.ReadableStream & { readableEnded?: boolean }).readableEnded) fail(malformed('the body ended early'));
    });
    payload.pipe(busboy);
  });
}
