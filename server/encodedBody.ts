import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The encodings the shop compresses answers in, best first (as `@fastify/compress` is registered in server/app.ts). */
export const ANSWER_ENCODINGS = ['br', 'gzip'] as const;
export type AnswerEncoding = (typeof ANSWER_ENCODINGS)[number];
/** Smaller bodies go as they are (`@fastify/compress`'s threshold in server/app.ts). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

const negotiator = new Negotiator<AnswerEncoding>({ supportedValues: [...ANSWER_ENCODINGS] });

/** The encoding to answer in for this Accept-Encoding (`*` and `x-gzip` read as gzip, as `@fastify/compress` reads them); null: none. */
export function answerEncoding(acceptEncoding: string | undefined): AnswerEncoding | null {
  if (!acceptEncoding) return null;
  return negotiator.negotiate(acceptEncoding.toLowerCase().replace(/\*|x-gzip/g, 'gzip'));
}

/**
 * An answer's text with its compressed forms, each made the first time a client asks for it and
 * kept with the text: a kept page or answer (server/taggedCache.ts) is compressed once, not once
 * per request. Same settings as `@fastify/compress` (brotli quality 4, gzip's default level).
 */
export class EncodedBody {
  readonly bytes: number;
  private readonly encoded: Partial<Record<AnswerEncoding, Buffer>> = {};

  constructor(readonly text: string) {
    this.bytes = Buffer.byteLength(text);
  }

  /** The text compressed in this encoding (null when it is too small to compress). */
  in(encoding: AnswerEncoding): Buffer | null {
    if (this.bytes < COMPRESS_THRESHOLD_BYTES) return null;
    let buffer = this.encoded[encoding];
    if (!buffer) {
      buffer =
        encoding === 'br'
          ? brotliCompressSync(this.text, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: this.bytes } })
          : gzipSync(this.text);
      this.encoded[encoding] = buffer;
    }
    return buffer;
  }
}

/**
 * Sends the body in the encoding the request accepts, compressed already (the compression plugin
 * passes an answer whose Content-Encoding is set); the reply's status, type and other headers are
 * the caller's.
 */
export function sendEncoded(request: FastifyRequest, reply: FastifyReply, body: EncodedBody): FastifyReply {
  const encoding = answerEncoding(request.headers['accept-encoding']);
  const varies = reply.getHeader('Vary');
  reply.header('Vary', varies ? `${String(varies)}, Accept-Encoding` : 'Accept-Encoding');
  const compressed = encoding ? body.in(encoding) : null;
  if (!encoding || !compressed) return reply.send(body.text);
  return reply.header('Content-Encoding', encoding).header('Content-Length', compressed.length).send(compressed);
}
