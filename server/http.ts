import type { FastifyReply } from 'fastify';
import type { ApiError } from '../src/api/wire';

/** Thrown by input parsing; answered as a 4xx JSON error, never a 5xx. */
export class BadRequest extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

export function sendError(reply: FastifyReply, status: number, code: string, message: string, params?: Record<string, string | number>): FastifyReply {
  const body: ApiError = { error: params ? { code, message, params } : { code, message } };
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

type Source = Record<string, unknown> | undefined | null;

function raw(source: Source, name: string): string | undefined {
  // Own properties only: a parser's object may inherit (toString, constructor, __proto__).
  const value = source && Object.hasOwn(source, name) ? source[name] : undefined;
  if (value === undefined || value === null || value === '') return undefined;
  if (Array.isArray(value)) throw new BadRequest('invalid_parameter', `Parameter ${name} must be given once`);
  if (typeof value !== 'string' && typeof value !== 'number') throw new BadRequest('invalid_parameter', `Parameter ${name} must be a single value`);
  return String(value);
}

/** The largest id the shop's tables hold (a 32-bit integer column on PostgreSQL). */
export const MAX_ID = 2_147_483_647;

/** Whether a number is an id the database can hold: a whole number from 1 to MAX_ID. */
export function isStorableId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 && value <= MAX_ID;
}

/**
 * Control characters (C0 but tab, line feed and carriage return; DEL; C1) and lone surrogates:
 * text no field of the shop holds, which PostgreSQL refuses (NUL) or a log line would misread.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function controlCharacterIn(value: string): boolean {
  return CONTROL.test(value);
}

/** A positive integer id, or undefined when absent. */
export function optionalId(source: Source, name: string): number | undefined {
  const value = raw(source, name);
  if (value === undefined) return undefined;
  if (!/^\d{1,10}$/.test(value) || !isStorableId(Number(value))) throw new BadRequest('invalid_parameter', `Parameter ${name} must be a positive integer (at most ${MAX_ID})`);
  return Number(value);
}

export function requiredId(source: Source, name: string): number {
  const value = optionalId(source, name);
  if (value === undefined) throw new BadRequest('missing_parameter', `Parameter ${name} is required`);
  return value;
}

export function optionalText(source: Source, name: string, maxLength = 200): string | undefined {
  const value = raw(source, name);
  if (value === undefined) return undefined;
  if (value.length > maxLength) throw new BadRequest('invalid_parameter', `Parameter ${name} is longer than ${maxLength} characters`);
  if (controlCharacterIn(value)) throw new BadRequest('invalid_parameter', `Parameter ${name} holds a control character`);
  return value;
}

/** Line breaks (CR, LF, NEL, the Unicode line and paragraph separators): a one-line field refuses them, or it could forge lines in a mail or a listing. */
const LINE_BREAK = /[\r\n\u0085\u2028\u2029]/;

export function lineBreakIn(value: string): boolean {
  return LINE_BREAK.test(value);
}

/** A size id: 'uniw' or a short token of letters, digits, dashes and underscores. */
export function optionalSizeId(source: Source, name: string): string | undefined {
  const value = raw(source, name);
  if (value === undefined) return undefined;
  if (!/^[A-Za-z0-9_-]{1,32}$/.test(value)) throw new BadRequest('invalid_parameter', `Parameter ${name} is not a valid size`);
  return value;
}

/** A positive decimal quantity with at most 3 decimals. */
export function requiredQuantity(source: Source, name: string, allowZero = false): number {
  const value = raw(source, name);
  if (value === undefined) throw new BadRequest('missing_parameter', `Parameter ${name} is required`);
  const normalised = value.replace(',', '.');
  if (!/^\d{1,6}(\.\d{1,3})?$/.test(normalised)) throw new BadRequest('invalid_quantity', `Parameter ${name} must be a positive number`);
  const quantity = Number(normalised);
  if (quantity === 0 && !allowZero) throw new BadRequest('invalid_quantity', `Parameter ${name} must be greater than zero`);
  return quantity;
}

export function oneOf<T extends string>(source: Source, name: string, allowed: readonly T[]): T | undefined {
  const value = raw(source, name);
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) throw new BadRequest('invalid_parameter', `Parameter ${name} must be one of ${allowed.join(', ')}`);
  return value as T;
}
