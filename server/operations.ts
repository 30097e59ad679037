import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { ShopRepository } from './db/repository';
import { DatabaseUnavailable } from './db/faults';
import { sendError } from './http';

/**
 * What an operator needs from each server process: liveness and readiness probes, one
 * structured (JSON) log line per request carrying its request id, and that id echoed back.
 */

/** /readyz answers 503 when the database has not answered within this. */
export const READY_TIMEOUT_MS = 2_000;

export const REQUEST_ID_HEADER = 'x-request-id';
/** A request id given by a proxy or client is used only when it looks like one. */
const GIVEN_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The request's id: the x-request-id header when it is sane, a fresh UUID otherwise. */
export function requestId(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && GIVEN_REQUEST_ID.test(given) ? given : randomUUID();
}

/** Fastify's logger options: pino JSON lines on stdout at `level`, or off. */
export function loggerOptions(level: LogLevel | undefined): FastifyServerOptions['logger'] {
  return level && level !== 'silent' ? { level } : false;
}

export function registerOperations(app: FastifyInstance, repo: ShopRepository): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  // One line per answered request (Fastify's own two lines per request are turned off).
  app.addHook('onResponse', async (request, reply) => {
    request.log.info({ method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 }, 'request');
  });

  /** Liveness: the process answers. */
  app.get('/healthz', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok' };
  });
  /** Readiness: the database answers too (503 otherwise, so a balancer sends no shopper here). */
  app.get('/readyz', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    let timer: NodeJS.Timeout | undefined;
    try {
      // Answered within READY_TIMEOUT_MS whatever the database does (a pool stuck behind a lock, a network gone quiet).
      await Promise.race([
        repo.ping(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
        }),
      ]);
      return { status: 'ready' };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      reply.header('Retry-After', '5');
      // A database that answers reads but takes no writes (a read-only disk, a standby) is not ready either.
      if (error instanceof DatabaseUnavailable && error.write) return sendError(reply, 503, 'database_read_only', 'The database takes no writes');
      return sendError(reply, 503, 'database_unreachable', 'The database does not answer');
    } finally {
      clearTimeout(timer);
    }
  });
}
