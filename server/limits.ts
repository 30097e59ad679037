import { CONTACT_ATTACHMENT_MAX_MB, CONTACT_FILE_FIELDS } from '../src/domain/contactForm';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import mercurius from 'mercurius';
import { Kind, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import { sendError } from './http';
import { memoryCounters, type CounterStore } from './counters';

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
  /**
   * Writes per address per window by visitors without a cookie (a new visitor each time: a
   * client that drops its cookie dodges the visitor budget, so its address answers for it).
   */
  newVisitorWritesPerAddress: number;
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
  /** Connections one address may hold open at once (without TRUST_PROXY: behind a proxy, the proxy bounds them); more are answered 503 with Retry-After and closed. */
  connectionsPerAddress: number;
  /**
   * Connections of one address that have not sent a request's headers within HEADERLESS_GRACE_MS
   * of arriving (slow-loris: sockets trickling their headers), likewise; each is closed at the
   * headers timeout anyway.
   */
  headerlessPerAddress: number;
  /** Uploads (multipart bodies, files) one process receives at once; more are answered 503 with Retry-After before their body is read. */
  uploadsPerProcess: number;
  /** Uploads one client (its address, behind TRUST_PROXY the forwarded one) sends at once; likewise. */
  uploadsPerAddress: number;
}

export const DEFAULT_LIMITS: ShopLimits = {
  writesPerVisitor: 120,
  writesPerAddress: 600,
  newVisitorWritesPerAddress: 60,
  messagesPerVisitor: 10,
  messagesPerAddress: 60,
  windowMs: 60_000,
  messageWindowMs: 10 * 60_000,
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  connectionTimeoutMs: 60_000,
  keepAliveTimeoutMs: 5_000,
  connectionsPerAddress: 1024,
  headerlessPerAddress: 32,
  uploadsPerProcess: 16,
  uploadsPerAddress: 2,
};

/** For load benchmarks, which play many shoppers from one address at machine speed: no rate limit, the timeouts kept. */
export const UNTHROTTLED_LIMITS: ShopLimits = { ...DEFAULT_LIMITS, writesPerVisitor: 1e9, writesPerAddress: 1e9, newVisitorWritesPerAddress: 1e9, messagesPerVisitor: 1e9, messagesPerAddress: 1e9, connectionsPerAddress: 1e9, headerlessPerAddress: 1e9 };

/** The same as environment variables (for a server started as a process). */
export const UNTHROTTLED_ENV: Record<string, string> = {
  RATE_LIMIT_WRITES_PER_VISITOR: '1000000000',
  RATE_LIMIT_WRITES_PER_ADDRESS: '1000000000',
  RATE_LIMIT_NEW_VISITOR_WRITES_PER_ADDRESS: '1000000000',
  RATE_LIMIT_MESSAGES_PER_VISITOR: '1000000000',
  RATE_LIMIT_MESSAGES_PER_ADDRESS: '1000000000',
  CONNECTIONS_PER_ADDRESS: '1000000000',
};

/** Body size limits per route (bytes): a route not named here takes `default`. */
/**
 * The contact form's body: its text fields (4,000 characters each, at most 4 bytes a character in
 * UTF-8, and the multipart headers: 64 KB) and its two files of at most 5 MB each.
 */
export const CONTACT_BODY_LIMIT = CONTACT_FILE_FIELDS.length * CONTACT_ATTACHMENT_MAX_MB * 1024 * 1024 + 64 * 1024;

export const BODY_LIMITS = {
  default: 16 * 1024,
  '/basketchange.php': 4 * 1024,
  '/ajax/notify.php': 4 * 1024,
  '/ajax/get.php': 16 * 1024,
  // The checkout's form with the review's fingerprint (a line is about 80 bytes of it).
  '/ajax/checkout.php': 32 * 1024,
  '/checkout.php': 32 * 1024,
  '/pl/checkout.php': 32 * 1024,
  '/en/checkout.php': 32 * 1024,
  '/graphql/v1/': 32 * 1024,
  '/contact.php': CONTACT_BODY_LIMIT,
} as const;

const ENV_NAMES: Record<keyof ShopLimits, string> = {
  writesPerVisitor: 'RATE_LIMIT_WRITES_PER_VISITOR',
  writesPerAddress: 'RATE_LIMIT_WRITES_PER_ADDRESS',
  newVisitorWritesPerAddress: 'RATE_LIMIT_NEW_VISITOR_WRITES_PER_ADDRESS',
  messagesPerVisitor: 'RATE_LIMIT_MESSAGES_PER_VISITOR',
  messagesPerAddress: 'RATE_LIMIT_MESSAGES_PER_ADDRESS',
  windowMs: 'RATE_LIMIT_WINDOW_MS',
  messageWindowMs: 'RATE_LIMIT_MESSAGE_WINDOW_MS',
  requestTimeoutMs: 'REQUEST_TIMEOUT_MS',
  headersTimeoutMs: 'HEADERS_TIMEOUT_MS',
  connectionTimeoutMs: 'CONNECTION_TIMEOUT_MS',
  keepAliveTimeoutMs: 'KEEP_ALIVE_TIMEOUT_MS',
  connectionsPerAddress: 'CONNECTIONS_PER_ADDRESS',
  headerlessPerAddress: 'HEADERLESS_CONNECTIONS_PER_ADDRESS',
  uploadsPerProcess: 'UPLOADS_PER_PROCESS',
  uploadsPerAddress: 'UPLOADS_PER_ADDRESS',
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

/** The longest Node waits between two checks of the headers and request timeouts, ms. */
export const TIMEOUT_CHECK_MAX_MS = 1_000;

/**
 * Fastify's server options for the timeouts. Node checks the headers and request timeouts on
 * an interval (30 s by default, so a stalled body could hold a socket up to twice the request
 * timeout): here a tenth of the shorter one, at most a second, so a slow client is cut off
 * within a second of its limit.
 */
export function serverTimeouts(limits: ShopLimits) {
  return {
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.connectionTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(TIMEOUT_CHECK_MAX_MS, Math.max(50, Math.floor(Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) / 10))),
    },
  };
}

/** Whether the request comes with a body (a declared length or chunks). */
const hasBody = (request: FastifyRequest) => Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;

/** An answer sent before the body was read closes the connection after it: the body is never read (nor drained). */
function closeUnreadBody(request: FastifyRequest, reply: FastifyReply): void {
  if (hasBody(request)) reply.header('Connection', 'close');
}

/** Seconds a client refused for want of an upload slot is told to wait. */
export const UPLOAD_RETRY_AFTER_S = 5;

/**
 * Uploads (multipart bodies: the contact form's files) are bounded before their body is read:
 * a declared length over the route's body limit is a 413; past `uploadsPerAddress` uploads of
 * one client or `uploadsPerProcess` in all, a 503 with Retry-After. The connection closes after
 * such an answer. A slot is given back when the answer is sent or the client goes.
 */
function registerUploadGuard(app: FastifyInstance, limits: ShopLimits): void {
  let inFlight = 0;
  const byAddress = new Map<string, number>();
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'POST' || !/^multipart\//i.test(request.headers['content-type'] ?? '')) return;
    const limit = request.routeOptions.bodyLimit;
    if (limit !== undefined && Number(request.headers['content-length']) > limit) {
      closeUnreadBody(request, reply);
      return sendError(reply, 413, 'fst_err_ctp_body_too_large', 'Request body is too large');
    }
    const address = request.ip;
    const mine = byAddress.get(address) ?? 0;
    if (inFlight >= limits.uploadsPerProcess || mine >= limits.uploadsPerAddress) {
      reply.header('Retry-After', String(UPLOAD_RETRY_AFTER_S));
      closeUnreadBody(request, reply);
      const why = mine >= limits.uploadsPerAddress ? `at most ${limits.uploadsPerAddress} uploads at once from one client` : 'the server is receiving as many uploads as it takes at once';
      return sendError(reply, 503, 'too_many_uploads', `Too many uploads (${why}); try again in ${UPLOAD_RETRY_AFTER_S} s`);
    }
    inFlight++;
    byAddress.set(address, mine + 1);
    reply.raw.once('close', () => {
      inFlight--;
      const left = (byAddress.get(address) ?? 1) - 1;
      if (left > 0) byAddress.set(address, left);
      else byAddress.delete(address);
    });
  });
}

/** Routes whose every call is a write; GraphQL counts only its mutations. */
const WRITE_ROUTES = new Set(['POST /ajax/checkout.php', 'POST /checkout.php', 'POST /pl/checkout.php', 'POST /en/checkout.php', 'POST /basketchange.php', 'POST /ajax/notify.php', 'POST /contact.php', 'GET /ajax/validate.php', 'POST /ajax/validate.php']);
const MESSAGE_ROUTES = new Set(['POST /ajax/notify.php', 'POST /contact.php']);

function routeKey(request: FastifyRequest): string {
  return `${request.method} ${request.routeOptions.url ?? ''}`;
}

interface Budget {
  /** The counter's name: w (writes) or m (messages), then v (per visitor) or a (per address). */
  name: string;
  max: number;
  windowMs: number;
  key(request: FastifyRequest): string;
  /** Counted only for these requests (default: all). */
  applies?(request: FastifyRequest): boolean;
}

/** Whether a document (of one operation: server/graphql/guard.ts) is a mutation. */
function isMutation(document: DocumentNode): boolean {
  return document.definitions.some((d) => d.kind === Kind.OPERATION_DEFINITION && (d as OperationDefinitionNode).operation !== 'query');
}

/**
 * Registers the rate limits (per visitor and per address, on writes, counted as the request
 * arrives and before its body is read; GraphQL mutations and
 * form writes count against the same budgets) and the per-route body limits; call it before any
 * route is declared (the timeouts are server options: serverTimeouts). The counts live in
 * `counters` (server/counters.ts): shared by every process and server that shares the store,
 * so a budget holds as written whatever the number of workers. Every write counts once against
 * each of its budgets, refused or not; past any of them the answer is a 429 with Retry-After.
 * A store that fails lets the request through (logged): the throttle never takes the shop down.
 * Its answer's `graphql()` adds the mutation throttle to mercurius once that is registered.
 */
export async function registerLimits(app: FastifyInstance, limits: ShopLimits, counters: CounterStore = memoryCounters()): Promise<{ graphql(): void }> {
  app.addHook('onRoute', (route) => {
    const limit = (BODY_LIMITS as Record<string, number>)[route.url];
    route.bodyLimit ??= limit ?? BODY_LIMITS.default;
  });
  app.addHook('onClose', async () => counters.close());

  const byVisitor = (request: FastifyRequest) => request.visitorId;
  const byAddress = (request: FastifyRequest) => request.ip;
  const writes: Budget[] = [
    { name: 'wv', max: limits.writesPerVisitor, windowMs: limits.windowMs, key: byVisitor },
    { name: 'wa', max: limits.writesPerAddress, windowMs: limits.windowMs, key: byAddress },
    { name: 'wn', max: limits.newVisitorWritesPerAddress, windowMs: limits.windowMs, key: byAddress, applies: (request) => request.visitorIsNew },
  ];
  const messages: Budget[] = [
    { name: 'mv', max: limits.messagesPerVisitor, windowMs: limits.messageWindowMs, key: byVisitor },
    { name: 'ma', max: limits.messagesPerAddress, windowMs: limits.messageWindowMs, key: byAddress },
  ];
  const message = (over: { retryAfter: number; max: number }) => `Too many requests (at most ${over.max} in this time window); try again in ${over.retryAfter} s`;

  /** Counts the request against each budget; the first one past its maximum, or null. */
  const exceeded = async (budgets: Budget[], request: FastifyRequest): Promise<{ retryAfter: number; max: number } | null> => {
    const byWindow = new Map<number, Budget[]>();
    // A budget lifted for benchmarks (UNTHROTTLED_LIMITS) is not counted at all.
    for (const budget of budgets.filter((b) => b.max < UNTHROTTLED_LIMITS.writesPerVisitor && (b.applies?.(request) ?? true))) byWindow.set(budget.windowMs, [...(byWindow.get(budget.windowMs) ?? []), budget]);
    let over: { retryAfter: number; max: number } | null = null;
    for (const [windowMs, group] of byWindow) {
      let counts: Array<{ count: number; ttlMs: number }>;
      try {
        counts = await counters.hit(group.map((budget) => `${budget.name}:${budget.key(request)}`), windowMs);
      } catch (error) {
        request.log.warn({ err: error }, 'rate counter store failed; request let through');
        continue;
      }
      group.forEach((budget, i) => {
        if (!over && counts[i].count > budget.max) over = { retryAfter: Math.max(1, Math.ceil(counts[i].ttlMs / 1000)), max: budget.max };
      });
    }
    return over;
  };

  // Counted as the request arrives, before its body is read: a client over its budget waits for nothing.
  app.addHook('onRequest', async (request, reply) => {
    const key = routeKey(request);
    if (!WRITE_ROUTES.has(key)) return;
    const over = await exceeded(MESSAGE_ROUTES.has(key) ? [...messages, ...writes] : writes, request);
    if (!over) return;
    reply.header('Retry-After', String(over.retryAfter));
    closeUnreadBody(request, reply);
    return sendError(reply, 429, 'too_many_requests', message(over));
  });
  registerUploadGuard(app, limits);

  return {
    // GraphQL mutations count as writes; queries do not (their cost is bounded by the budget).
    graphql() {
      app.graphql.addHook('preExecution', async (_schema, document, context) => {
        const request = context.reply.request;
        if (!isMutation(document)) return;
        const over = await exceeded(writes, request);
        if (!over) return;
        context.reply.header('Retry-After', String(over.retryAfter));
        throw new mercurius.ErrorWithProps(message(over), { code: 'TOO_MANY_REQUESTS' }, 429);
      });
    },
  };
}

/** A new connection has this long to send its first request's headers before it counts as headerless, ms. */
export const HEADERLESS_GRACE_MS = 1_000;

/** Seconds a client refused for holding too many connections is told to wait. */
export const CONNECTIONS_RETRY_AFTER_S = 5;

const REFUSAL_BODY = JSON.stringify({ error: { code: 'too_many_connections', message: 'Too many connections from your address: try again shortly' } });
/** The answer to a connection over a cap: written as it arrives (before its request), the socket then closed without a reset. */
const REFUSAL = [
  'HTTP/1.1 503 Service Unavailable',
  `Retry-After: ${CONNECTIONS_RETRY_AFTER_S}`,
  'Content-Type: application/json; charset=utf-8',
  `Content-Length: ${Buffer.byteLength(REFUSAL_BODY)}`,
  'Cache-Control: no-store',
  'Connection: close',
  '',
  REFUSAL_BODY,
].join('\r\n');

/** Answers 503 on a socket the HTTP server never sees, reads (and drops) what the client sends so closing it is no reset, and closes it. */
function refuseConnection(socket: Socket): void {
  socket.on('error', () => undefined);
  socket.end(REFUSAL);
  socket.resume();
  socket.once('end', () => socket.destroy());
  setTimeout(() => socket.destroy(), 5_000).unref();
}

/**
 * Bounds the connections one address holds open at once, per process (a link checker holds
 * hundreds; one address may be a carrier's NAT or an office): past `connectionsPerAddress`, and
 * past `headerlessPerAddress` connections that have not sent their first request's headers
 * within HEADERLESS_GRACE_MS (slow-loris), a new connection is answered 503 with Retry-After and
 * closed, never reset. Off behind a trusted proxy (every socket is the proxy's; the proxy bounds
 * its clients).
 */
export function boundConnectionsPerAddress(app: FastifyInstance, limits: ShopLimits, trustProxy: false | string[]): void {
  if (trustProxy) return;
  const open = new Map<string, number>();
  const headerless = new Map<string, number>();
  const add = (map: Map<string, number>, address: string, by: number) => {
    const value = (map.get(address) ?? 0) + by;
    if (value > 0) map.set(address, value);
    else map.delete(address);
  };
  /** Sockets still waiting for their first request's headers: the timer that makes them count, and whether it has. */
  const waiting = new WeakMap<Socket, { timer: NodeJS.Timeout; counted: boolean }>();
  const stopWaiting = (socket: Socket, address: string) => {
    const wait = waiting.get(socket);
    if (!wait) return;
    waiting.delete(socket);
    clearTimeout(wait.timer);
    if (wait.counted) add(headerless, address, -1);
  };
  const server = app.server;
  // The check runs before the HTTP server takes the socket: a refused one is answered here alone.
  const emit = server.emit.bind(server) as (event: string | symbol, ...args: unknown[]) => boolean;
  server.emit = ((event: string | symbol, ...args: unknown[]) => {
    if (event !== 'connection') return emit(event, ...args);
    const socket = args[0] as Socket;
    const address = socket.remoteAddress ?? '';
    if ((open.get(address) ?? 0) >= limits.connectionsPerAddress || (headerless.get(address) ?? 0) >= limits.headerlessPerAddress) {
      refuseConnection(socket);
      return true;
    }
    add(open, address, 1);
    const wait = {
      counted: false,
      timer: setTimeout(() => {
        wait.counted = true;
        add(headerless, address, 1);
      }, HEADERLESS_GRACE_MS).unref(),
    };
    waiting.set(socket, wait);
    socket.once('close', () => {
      stopWaiting(socket, address);
      add(open, address, -1);
    });
    return emit(event, ...args);
  }) as typeof server.emit;
  server.on('request', (request: { socket: Socket }) => stopWaiting(request.socket, request.socket.remoteAddress ?? ''));
}
