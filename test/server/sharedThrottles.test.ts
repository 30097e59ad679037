/**
 * Issue 21, point 3: throttles that hold as written across the worker processes of a server
 * and across servers. Each budget is driven past its limit with two worker processes (SQLite
 * file; Redis), and with two servers on one PostgreSQL database, and counted exactly: every
 * request opens a new connection, so the cluster spreads them over both processes.
 */
import { request as httpRequest } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { BACKEND, createTestDatabase } from './helpers';
import { startServerProcess, type ServerProcess } from './serverProcess';
import { describeWhen } from '../support/skips';

// A budget, not a deadline to beat: starting servers on a busy 2-core machine can take minutes.
jest.setTimeout(300_000);

const LIMITS = { writesPerVisitor: 12, writesPerAddress: 30, messagesPerVisitor: 3, messagesPerAddress: 5 };
const LIMIT_ENV = {
  RATE_LIMIT_WRITES_PER_VISITOR: String(LIMITS.writesPerVisitor),
  RATE_LIMIT_WRITES_PER_ADDRESS: String(LIMITS.writesPerAddress),
  RATE_LIMIT_MESSAGES_PER_VISITOR: String(LIMITS.messagesPerVisitor),
  RATE_LIMIT_MESSAGES_PER_ADDRESS: String(LIMITS.messagesPerAddress),
  // Each phase plays another client address (X-Forwarded-For, read from a proxy on this machine).
  TRUST_PROXY: '1',
};

/** The processes that answered requests, by the access log's pid. */
const answeringPids = (server: ServerProcess) => new Set(server.logs.filter((line) => line.msg === 'request' && line.pid).map((line) => line.pid as number));

function startServer(env: Record<string, string>, dir: string): Promise<ServerProcess> {
  return startServerProcess({ DATA_DIR: dir, CATALOGUE_SIZE: '60', STATIC_DIR: join(dir, 'dist'), LOG_LEVEL: 'info', ...LIMIT_ENV, ...env }, { waitForAllWorkers: true });
}

/** One request on a connection of its own (so the cluster hands it to the next process): its status and visitor cookie. */
function send(base: string, method: string, path: string, options: { cookie?: string; address: string; form?: Record<string, string>; json?: unknown }): Promise<{ status: number; cookie?: string }> {
  const body = options.form ? new URLSearchParams(options.form).toString() : options.json !== undefined ? JSON.stringify(options.json) : undefined;
  const headers: Record<string, string> = { 'x-forwarded-for': options.address, connection: 'close' };
  if (options.cookie) headers.cookie = options.cookie;
  if (body !== undefined) headers['content-type'] = options.form ? 'application/x-www-form-urlencoded' : 'application/json';
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${base}${path}`, { method, headers, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, cookie: response.headers['set-cookie']?.[0]?.split(';')[0] }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

const CONTACT = { name: 'Mario Rossi', contact: 'mario.rossi@example.it', subject: 'order', message: 'Vorrei sapere quando arriva il mio ordine.', terms: '1' };

/** Every budget driven past its limit, the requests spread over `bases` in turn: the counts of accepted requests. */
async function driveBudgets(bases: string[], product: number) {
  let turn = 0;
  const next = () => bases[turn++ % bases.length];
  // Let through by the throttle (answered by the route: 200, or a basket rule's 4xx), refused by it (429), failed (5xx).
  const count = (statuses: number[]) => ({ accepted: statuses.filter((s) => s < 429 || (s > 429 && s < 500)).length, refused: statuses.filter((s) => s === 429).length, failed: statuses.filter((s) => s >= 500).length });
  const add = { product: String(product), size: 'uniw', number: '1' };
  const mutation = { query: `mutation { addProductsToBasket(ProductInput: [{ id: ${product}, size: "uniw" }]) { status } }` };

  // One visitor who keeps the cookie: form adds and GraphQL mutations share the visitor budget.
  const first = await send(next(), 'GET', '/ajax/basket.php', { address: '10.0.0.1' });
  const visitor: number[] = [];
  for (let i = 0; i < LIMITS.writesPerVisitor + 8; i++) {
    const response = i % 2 ? await send(next(), 'POST', '/graphql/v1/', { cookie: first.cookie, address: '10.0.0.1', json: mutation }) : await send(next(), 'POST', '/basketchange.php?mode=1', { cookie: first.cookie, address: '10.0.0.1', form: add });
    visitor.push(response.status);
  }
  // A client that drops its cookie every time: held by the address budget.
  const address: number[] = [];
  for (let i = 0; i < LIMITS.writesPerAddress + 10; i++) {
    address.push((i % 2 ? await send(next(), 'POST', '/graphql/v1/', { address: '10.0.0.2', json: mutation }) : await send(next(), 'POST', '/basketchange.php?mode=1', { address: '10.0.0.2', form: add })).status);
  }
  // Messages: per visitor, then per address without a cookie.
  const messenger = await send(next(), 'GET', '/ajax/basket.php', { address: '10.0.0.3' });
  const messages: number[] = [];
  for (let i = 0; i < LIMITS.messagesPerVisitor + 4; i++) messages.push((await send(next(), 'POST', '/contact.php', { cookie: messenger.cookie, address: '10.0.0.3', form: CONTACT })).status);
  const messagesByAddress: number[] = [];
  for (let i = 0; i < LIMITS.messagesPerAddress + 4; i++) messagesByAddress.push((await send(next(), 'POST', '/contact.php', { address: '10.0.0.4', form: CONTACT })).status);
  return { visitor: count(visitor), address: count(address), messagesPerVisitor: count(messages), messagesPerAddress: count(messagesByAddress) };
}

const EXPECTED = {
  visitor: { accepted: LIMITS.writesPerVisitor, refused: 8, failed: 0 },
  address: { accepted: LIMITS.writesPerAddress, refused: 10, failed: 0 },
  messagesPerVisitor: { accepted: LIMITS.messagesPerVisitor, refused: 4, failed: 0 },
  messagesPerAddress: { accepted: LIMITS.messagesPerAddress, refused: 4, failed: 0 },
};

function standIn(): string {
  const dir = mkdtempSync(join(tmpdir(), 'shop-throttle-'));
  mkdirSync(join(dir, 'dist', 'assets'), { recursive: true });
  writeFileSync(join(dir, 'dist', 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  return dir;
}

const PRODUCT = 100;

describeWhen(BACKEND === 'sqlite', 'SQLite file and Redis: runs in the SQLite project')('two worker processes on one SQLite file', () => {
  it('every budget holds exactly (counted in the SQLite file)', async () => {
    const dir = standIn();
    const server = await startServer({ WORKERS: '2' }, dir);
    try {
      const counts = await driveBudgets([server.base], PRODUCT);
      if (process.env.PRINT_BUDGETS) console.log('SQLite, 2 workers', counts);
      expect(counts).toEqual(EXPECTED);
      expect(answeringPids(server).size).toBe(2);
    } finally {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('every budget holds exactly with REDIS_URL (counted in Redis)', async () => {
    const prefix = `shoptest:${process.pid}:${Date.now().toString(36)}:`;
    const dir = standIn();
    const server = await startServer({ WORKERS: '2', REDIS_URL: 'redis://127.0.0.1:6379', RATE_LIMIT_PREFIX: prefix }, dir);
    const redis = new Redis('redis://127.0.0.1:6379');
    try {
      const counts = await driveBudgets([server.base], PRODUCT);
      if (process.env.PRINT_BUDGETS) console.log('Redis, 2 workers', counts);
      expect(counts).toEqual(EXPECTED);
      expect(answeringPids(server).size).toBe(2);
      expect((await redis.keys(`${prefix}*`)).length).toBeGreaterThan(0);
    } finally {
      await server.stop();
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describeWhen(BACKEND === 'postgres', 'two servers on one PostgreSQL database: runs in the server-postgres project')('two servers (two workers each) on one PostgreSQL database', () => {
  it('every budget holds exactly, the requests spread over both servers (counted in PostgreSQL)', async () => {
    const database = await createTestDatabase();
    const dirs = [standIn(), standIn()];
    const servers: ServerProcess[] = [];
    try {
      // Both start at once on the empty database (one migrates and seeds, the other waits for it).
      servers.push(...(await Promise.all(dirs.map((dir) => startServer({ WORKERS: '2', DATABASE_URL: database.url }, dir)))));
      const counts = await driveBudgets(servers.map((s) => s.base), PRODUCT);
      if (process.env.PRINT_BUDGETS) console.log('PostgreSQL, 2 servers x 2 workers', counts);
      expect(counts).toEqual(EXPECTED);
      expect(answeringPids(servers[0]).size + answeringPids(servers[1]).size).toBe(4);
    } finally {
      for (const server of servers) await server.stop();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
      await database.drop();
    }
  });
});
