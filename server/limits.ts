import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import mercurius from 'mercurius';
import { Kind, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import { sendError } from './http';

/**
 * Throttling and timeouts. Every write (basket changes, notify-me, contact, field validation,
 * GraphQL mutations) counts against two budgets per time window, one per visitor cookie and
 * one per address (the client's IP, or the proxy's X-Forwarded-For with TRUST_PROXY), with a
 * smaller budget for the messages a person sends (contact, notify-me). Past a budget the answer
 * is a 429 with `Retry-After` (seconds). The defaults are far above what a shopper does; the
 * environment (see README, Limits) or `buildApp({ limits })` changes them.
 */
export interface ShopLimits {
  /** Writes per visitor per window. */
  writesPerVisitor: number;
  /** Writes per address per window. */
  writesPerAddress: number;
  /** Contact messages and notify-me requests per visitor per message window. */
  messagesPerVisitor: number;
  /** Contact messages and notify-me requests per address per message window. */
  messagesPerAddress: number;
  /** The write window, ms. */
  windowMs: number;
  /** The message window, ms. */
  messageWindowMs: number;
  /** Whole request (headers and body) must arrive within this, ms. */
  requestTimeoutMs: number;
  /** Headers must arrive within this, ms. */
  headersTimeoutMs: number;
  /** An idle socket is closed after this, ms. */
  connectionTimeoutMs: number;
  /** A kept-alive socket waits this long for the next request, ms. */
  keepAliveTimeoutMs: number;
}

export const DEFAULT_LIMITS: ShopLimits = {
  writesPerVisitor: 120,
  writesPerAddress: 600,
  messagesPerVisitor: 10,
  messagesPerAddress: 60,
  windowMs: 60_000,
  messageWindowMs: 10 * 60_000,
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  connectionTimeoutMs: 60_000,
  keepAliveTimeoutMs: 5_000,
};

/** For load benchmarks, which play many shoppers from one address at machine speed: no rate limit, the timeouts kept. */
export const UNTHROTTLED_LIMITS: ShopLimits = { ...DEFAULT_LIMITS, writesPerVisitor: 1e9, writesPerAddress: 1e9, messagesPerVisitor: 1e9, messagesPerAddress: 1e9 };

/** The same as environment variables (for a server started as a process). */
export const UNTHROTTLED_ENV: Record<string, string> = {
  RATE_LIMIT_WRITES_PER_VISITOR: '1000000000',
  RATE_LIMIT_WRITES_PER_ADDRESS: '1000000000',
  RATE_LIMIT_MESSAGES_PER_VISITOR: '1000000000',
  RATE_LIMIT_MESSAGES_PER_ADDRESS: '1000000000',
};

/** Body size limits per route (bytes): a route not named here takes `default`. */
export const BODY_LIMITS = {
  default: 16 * 1024,
  '/basketchange.php': 4 * 1024,
  '/ajax/notify.php': 4 * 1024,
  '/ajax/get.php': 16 * 1024,
  '/graphql/v1/': 32 * 1024,
  '/contact.php': 32 * 1024,
} as const;

const ENV_NAMES: Record<keyof ShopLimits, string> = {
  writesPerVisitor: 'RATE_LIMIT_WRITES_PER_VISITOR',
  writesPerAddress: 'RATE_LIMIT_WRITES_PER_ADDRESS',
  messagesPerVisitor: 'RATE_LIMIT_MESSAGES_PER_VISITOR',
  messagesPerAddress: 'RATE_LIMIT_MESSAGES_PER_ADDRESS',
  windowMs: 'RATE_LIMIT_WINDOW_MS',
  messageWindowMs: 'RATE_LIMIT_MESSAGE_WINDOW_MS',
  requestTimeoutMs: 'REQUEST_TIMEOUT_MS',
  headersTimeoutMs: 'HEADERS_TIMEOUT_MS',
  connectionTimeoutMs: 'CONNECTION_TIMEOUT_MS',
  keepAliveTimeoutMs: 'KEEP_ALIVE_TIMEOUT_MS',
};

/** The limits from the environment (unset: the default; a bad value stops the start with a clear message). */
export function limitsFromEnv(env: NodeJS.ProcessEnv = process.env): ShopLimits {
  const limits = { ...DEFAULT_LIMITS };
  for (const key of Object.keys(ENV_NAMES) as Array<keyof ShopLimits>) {
    const raw = env[ENV_NAMES[key]];
    if (raw === undefined || raw === '') continue;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1) throw new Error(`${ENV_NAMES[key]} must be a positive integer, got ${raw}`);
    limits[key] = value;
  }
  if (limits.headersTimeoutMs > limits.requestTimeoutMs) throw new Error(`HEADERS_TIMEOUT_MS (${limits.headersTimeoutMs}) must not exceed REQUEST_TIMEOUT_MS (${limits.requestTimeoutMs})`);
  return limits;
}

/** The proxies TRUST_PROXY=1 trusts: one on this machine or on a private network. */
export const PRIVATE_PROXIES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY: unset, 0 or false: no proxy (X-Forwarded-* ignored); 1 or true: a TLS proxy on
 * this machine or a private network (loopback, link-local, unique-local addresses); otherwise
 * the proxies' addresses or CIDRs, comma separated. Only a trusted peer's X-Forwarded-Proto and
 * X-Forwarded-For are read (the scheme for Secure cookies, HSTS and the CSRF check; the address
 * for the rate limits).
 */
export function trustProxyFromEnv(value: string | undefined): false | string[] {
  if (value === undefined || value === '' || value === '0' || value === 'false') return false;
  if (value === '1' || value === 'true') return PRIVATE_PROXIES;
  return value.split(',').map((part) => part.trim()).filter(Boolean);
}

/**
 * Fastify's server options for the timeouts. Node checks the headers and request timeouts on
 * an interval (30 s by default): here a quarter of the shorter one, so a slow client is cut off
 * close to its limit.
 */
export function serverTimeouts(limits: ShopLimits) {
  return {
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.connectionTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      connectionsCheckingInterval: Math.max(50, Math.floor(Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) / 4)),
    },
  };
}

type Limiter = (request: FastifyRequest) => Promise<{ isExceeded: boolean; ttlInSeconds: number; max: number }>;

/** Routes whose every call is a write; GraphQL counts only its mutations. */
const WRITE_ROUTES = new Set(['POST /basketchange.php', 'POST /ajax/notify.php', 'POST /contact.php', 'GET /ajax/validate.php', 'POST /ajax/validate.php']);
const MESSAGE_ROUTES = new Set(['POST /ajax/notify.php', 'POST /contact.php']);

function routeKey(request: FastifyRequest): string {
  return `${request.method} ${request.routeOptions.url ?? ''}`;
}

/** The first limiter over its budget, or null. */
async function exceeded(limiters: Limiter[], request: FastifyRequest): Promise<{ retryAfter: number; max: number } | null> {
  for (const limiter of limiters) {
    const result = await limiter(request);
    if (result.isExceeded) return { retryAfter: Math.max(1, result.ttlInSeconds), max: result.max };
  }
  return null;
}

function isMutation(document: DocumentNode, operationName: unknown): boolean {
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const operation = typeof operationName === 'string' ? operations.find((o) => o.name?.value === operationName) : operations[0];
  return operation?.operation === 'mutation';
}

/**
 * Registers the rate limits (per visitor and per address, on writes) and the per-route body
 * limits; call it before any route is declared (the timeouts are server options: serverTimeouts). Its answer's `graphql()`
 * adds the mutation throttle to mercurius once that is registered.
 */
export async function registerLimits(app: FastifyInstance, limits: ShopLimits): Promise<{ graphql(): void }> {
  app.addHook('onRoute', (route) => {
    const limit = (BODY_LIMITS as Record<string, number>)[route.url];
    route.bodyLimit ??= limit ?? BODY_LIMITS.default;
  });

  await app.register(fastifyRateLimit, { global: false });
  const limiter = (prefix: string, max: number, timeWindow: number, key: (request: FastifyRequest) => string): Limiter =>
    app.createRateLimit({ max, timeWindow, keyGenerator: (request: FastifyRequest) => `${prefix}:${key(request)}` }) as unknown as Limiter;
  const byVisitor = (request: FastifyRequest) => request.visitorId;
  const byAddress = (request: FastifyRequest) => request.ip;
  const writes = [limiter('wv', limits.writesPerVisitor, limits.windowMs, byVisitor), limiter('wa', limits.writesPerAddress, limits.windowMs, byAddress)];
  const messages = [limiter('mv', limits.messagesPerVisitor, limits.messageWindowMs, byVisitor), limiter('ma', limits.messagesPerAddress, limits.messageWindowMs, byAddress)];
  const message = (over: { retryAfter: number; max: number }) => `Too many requests (at most ${over.max} in this time window); try again in ${over.retryAfter} s`;

  app.addHook('preHandler', async (request, reply) => {
    const key = routeKey(request);
    if (!WRITE_ROUTES.has(key)) return;
    const over = (MESSAGE_ROUTES.has(key) ? await exceeded(messages, request) : null) ?? (await exceeded(writes, request));
    if (!over) return;
    reply.header('Retry-After', String(over.retryAfter));
    return sendError(reply, 429, 'too_many_requests', message(over));
  });

  return {
    // GraphQL mutations count as writes; queries do not (their cost is bounded by the budget).
    graphql() {
      app.graphql.addHook('preExecution', async (_schema, document, context) => {
        const request = context.reply.request;
        const body = request.body as { operationName?: unknown } | undefined;
        if (!isMutation(document, body?.operationName ?? (request.query as { operationName?: unknown }).operationName)) return;
        const over = await exceeded(writes, request);
        if (!over) return;
        context.reply.header('Retry-After', String(over.retryAfter));
        throw new mercurius.ErrorWithProps(message(over), { code: 'TOO_MANY_REQUESTS' }, 429);
      });
    },
  };
}
