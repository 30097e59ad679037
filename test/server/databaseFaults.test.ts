import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { openPostgresShop } from '../../server/db/postgres/open';
import { UNTHROTTLED_LIMITS } from '../../server/limits';
import type { BasketResponse } from '../../src/api/wire';
import { BACKEND, startTestShop, TODAY, Visitor, type TestShop } from './helpers';
import { describeWhen } from '../support/skips';

/**
 * Issue 21, point 4: a server that rides out its database. Whatever the database does (its
 * backends terminated mid-write, connections refused, a lock held past the statement timeout,
 * a full disk, a read-only file), the process lives, every request gets an answer (a 503 with
 * Retry-After when the database could not serve it), nothing acknowledged is lost, and the shop
 * serves again as soon as the database is back, without a restart.
 */
// Pages are drawn and connections re-made on a busy machine: room beyond jest's 5 s.
jest.setTimeout(30_000);

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop(60, { limits: UNTHROTTLED_LIMITS });
});
afterAll(async () => {
  await shop.close();
});

const plainProduct = async () =>
  (
    await shop.one<{ id: number }>(
      "SELECT p.id FROM products p JOIN sizes s ON s.product_id = p.id WHERE p.id >= 20 AND s.size_id = 'uniw' AND s.status = 'enable' AND s.stock = -1 AND p.unit_sellby = 1 AND p.min_quantity IS NULL AND p.max_quantity IS NULL ORDER BY p.id LIMIT 1",
    )
  ).id;
const units = (response: LightMyRequestResponse) => (response.json() as BasketResponse).basket.products.reduce((sum, line) => sum + line.count, 0);
const expect503 = (response: LightMyRequestResponse, what: string) => {
  expect({ what, status: response.statusCode }).toEqual({ what, status: 503 });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  const body = response.json() as { error?: { code: string }; errors?: Array<{ extensions: { code: string } }> };
  expect(body.error?.code ?? body.errors?.[0]?.extensions.code).toMatch(/database_unavailable|DATABASE_UNAVAILABLE/);
};
const contact = { name: 'Mario Rossi', contact: 'mario.rossi@example.it', subject: 'order', message: 'Vorrei sapere quando arriva il mio ordine. '.repeat(20), terms: '1' };

const sqliteOnly = describeWhen(BACKEND === 'sqlite', 'SQLite only: the PostgreSQL project runs its own faults');
const postgresOnly = describeWhen(BACKEND === 'postgres', 'PostgreSQL only: runs in the server-postgres project');

sqliteOnly('SQLite: a read-only file and a full disk', () => {
  it('a read-only database answers every write 503 with Retry-After, reads and pages still answer, and writes work again once it is writable', async () => {
    const { app } = shop;
    const visitor = new Visitor(app);
    const id = String(await plainProduct());
    expect((await visitor.post('/basketchange.php?mode=1', { product: id, size: 'uniw', number: '1' })).statusCode).toBe(200);
    await shop.sql('PRAGMA query_only = ON');
    try {
      expect503(await visitor.post('/basketchange.php?mode=1', { product: id, size: 'uniw', number: '1' }), 'form add');
      expect503(await visitor.request({ method: 'POST', url: '/graphql/v1/', json: { query: `mutation { addProductsToBasket(ProductInput: [{ id: ${id}, size: "uniw" }]) { status } }` } }), 'GraphQL add');
      expect503(await visitor.post('/contact.php', contact), 'contact');
      expect(units(await visitor.get('/ajax/basket.php'))).toBe(1);
      expect((await visitor.get('/main.php')).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await shop.sql('PRAGMA query_only = OFF');
    }
    expect((await visitor.post('/basketchange.php?mode=1', { product: id, size: 'uniw', number: '1' })).statusCode).toBe(200);
    expect(units(await visitor.get('/ajax/basket.php'))).toBe(2);
  });

  // Issue 35, point 6: what a disk remounted read-only after I/O errors looks like (chattr +i: even root cannot write).
  const immutable = (names: (name: string) => boolean) => {
    const files = readdirSync(shop.dir).filter((name) => name.startsWith('shop.sqlite') && names(name)).map((name) => join(shop.dir, name));
    execFileSync('chattr', ['+i', ...files]);
    return () => execFileSync('chattr', ['-i', ...files]);
  };
  const writesAndReadinessComeBack = async (visitor: Visitor, id: string, units_: number) => {
    expect((await shop.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    expect((await visitor.post('/basketchange.php?mode=1', { product: id, size: 'uniw', number: '1' })).statusCode).toBe(200);
    expect(units(await visitor.get('/ajax/basket.php'))).toBe(units_);
  };

  it('the database and its log made immutable under the running server: reads answer, writes 503 with Retry-After, /readyz not ready; writable again, all comes back without a restart', async () => {
    const { app } = shop;
    const visitor = new Visitor(app);
    const id = String(await plainProduct());
    expect((await visitor.post('/basketchange.php?mode=1', { product: id, size: 'uniw', number: '1' })).statusCode).toBe(200);
    const restore = immutable((name) => !name.endsWith('-shm'));
    try {
      expect503(await visitor.post('/basketchange.php?mode=1', { product: id, size: 'uniw', number: '1' }), 'form add');
      expect503(await visitor.request({ method: 'POST', url: '/graphql/v1/', json: { query: `mutation { addProductsToBasket(ProductInput: [{ id: ${id}, size: "uniw" }]) { status } }` } }), 'GraphQL add');
      expect503(await visitor.post('/contact.php', contact), 'contact');
      expect(units(await visitor.get('/ajax/basket.php'))).toBe(1);
      expect((await visitor.get('/main.php')).statusCode).toBe(200);
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(Number(ready.headers['retry-after'])).toBeGreaterThan(0);
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      restore();
    }
    await writesAndReadinessComeBack(visitor, id, 2);
  });

  it('every file immutable, the shared-memory file too (SQLite would die of SIGBUS touching it): the process lives, every database answer is a 503 with Retry-After, /readyz not ready; writable again, all comes back', async () => {
    const { app } = shop;
    const visitor = new Visitor(app);
    const id = String(await plainProduct());
    expect((await visitor.post('/basketchange.php?mode=1', { product: id, size: 'uniw', number: '1' })).statusCode).toBe(200);
    const restore = immutable(() => true);
    try {
      expect503(await visitor.post('/basketchange.php?mode=1', { product: id, size: 'uniw', number: '1' }), 'form add');
      expect503(await visitor.get('/ajax/basket.php'), 'basket');
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      restore();
    }
    await writesAndReadinessComeBack(visitor, id, 2);
  });

  it('a full disk answers 503 with Retry-After; every message acknowledged is stored; writes work again once there is room', async () => {
    const { app } = shop;
    const visitor = new Visitor(app);
    const before = Number((await shop.one<{ n: number }>('SELECT COUNT(*) AS n FROM contact_messages')).n);
    const pages = Number((await shop.one<{ page_count: number }>('PRAGMA page_count')).page_count);
    await shop.sql(`PRAGMA max_page_count = ${pages + 2}`);
    let accepted = 0;
    let full: LightMyRequestResponse | null = null;
    try {
      for (let i = 0; i < 200 && !full; i++) {
        const response = await visitor.post('/contact.php', contact);
        if (response.statusCode === 200) accepted++;
        else full = response;
      }
      expect(full).not.toBeNull();
      expect503(full!, 'contact on a full disk');
      expect((await visitor.get('/ajax/basket.php')).statusCode).toBe(200);
    } finally {
      await shop.sql('PRAGMA max_page_count = 1073741823');
    }
    expect(Number((await shop.one<{ n: number }>('SELECT COUNT(*) AS n FROM contact_messages')).n)).toBe(before + accepted);
    expect((await visitor.post('/contact.php', contact)).statusCode).toBe(200);
  });
});

/** A TCP relay in front of PostgreSQL that a test stops (connections cut, new ones refused) and starts again on the same port. */
class Relay {
  private server: Server | null = null;
  private sockets = new Set<Socket>();
  port = 0;
  constructor(private readonly target: { host: string; port: number }) {}
  async start(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise((resolve) => server.close(resolve));
  }
}

postgresOnly('PostgreSQL: backends terminated, connections refused, a lock held', () => {
  let admin: pg.Client;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: shop.databaseUrl });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
  });
  const database = () => new URL(shop.databaseUrl!).pathname.slice(1);
  const terminateShopBackends = async () =>
    (await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND application_name = 'brake-shop' AND pid <> pg_backend_pid()", [database()])).rowCount ?? 0;

  it('a backend terminated while a basket write waits inside its transaction: the write is a 503, the process lives, and the retry applies once', async () => {
    const { app } = shop;
    const visitor = new Visitor(app);
    const id = String(await plainProduct());
    expect((await visitor.post('/basketchange.php?mode=1', { product: id, size: 'uniw', number: '1' })).statusCode).toBe(200);
    const visitorId = visitor.cookie.split('=')[1];
    const locker = new pg.Client({ connectionString: shop.databaseUrl });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('SELECT id FROM visitors WHERE id = $1 FOR UPDATE', [visitorId]);
      const pending = visitor.post('/basketchange.php?mode=1', { product: id, size: 'uniw', number: '1' });
      // The write is inside its transaction, waiting for the row: its connection is checked out.
      for (;;) {
        const waiting = await admin.query("SELECT 1 FROM pg_stat_activity WHERE datname = $1 AND application_name = 'brake-shop' AND wait_event_type = 'Lock'", [database()]);
        if (waiting.rowCount) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(await terminateShopBackends()).toBeGreaterThan(0);
      expect503(await pending, 'the write whose backend was terminated');
      await locker.query('ROLLBACK');
    } finally {
      await locker.end();
    }
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    // Reads get fresh connections; the retried write applies once.
    expect(units(await visitor.get('/ajax/basket.php'))).toBe(1);
    expect((await visitor.post('/basketchange.php?mode=1', { product: id, size: 'uniw', number: '1' })).statusCode).toBe(200);
    expect(units(await visitor.get('/ajax/basket.php'))).toBe(2);
  });

  // Issue 35, point 6, on PostgreSQL: a database that turns read-only under the running server
  // (what a failover to a standby, or an operator's `default_transaction_read_only`, looks like).
  it('the database set read-only under the running server: reads answer, writes 503 with Retry-After, /readyz not ready; writable again, writes resume without a restart', async () => {
    const { app } = shop;
    const visitor = new Visitor(app);
    const id = String(await plainProduct());
    expect((await visitor.post('/basketchange.php?mode=1', { product: id, size: 'uniw', number: '1' })).statusCode).toBe(200);
    await admin.query(`ALTER DATABASE "${database()}" SET default_transaction_read_only = on`);
    try {
      // The sessions the shop holds began writable: they end (as in a failover), the new ones are read-only.
      await terminateShopBackends();
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ error: { code: 'database_read_only', message: 'The database takes no writes' } });
      expect(units(await visitor.get('/ajax/basket.php'))).toBe(1);
      const moved = await visitor.get(`/product-${id}-x.html`); // to the address with the product's own slug
      expect((await visitor.get(String(moved.headers.location))).statusCode).toBe(200);
      expect503(await visitor.post('/basketchange.php?mode=1', { product: id, size: 'uniw', number: '1' }), 'form add, read-only');
      expect503(await visitor.request({ method: 'POST', url: '/graphql/v1/', json: { query: `mutation { addProductsToBasket(ProductInput: [{ id: ${id}, size: "uniw" }]) { status } }` } }), 'GraphQL add, read-only');
      expect(units(await visitor.get('/ajax/basket.php'))).toBe(1);
    } finally {
      await admin.query(`ALTER DATABASE "${database()}" RESET default_transaction_read_only`);
    }
    // Writable again: the pool still holds sessions that began read-only; nothing is restarted.
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    expect((await visitor.post('/basketchange.php?mode=1', { product: id, size: 'uniw', number: '1' })).statusCode).toBe(200);
    expect((await visitor.post('/basketchange.php?mode=1', { product: id, size: 'uniw', number: '1' })).statusCode).toBe(200);
    expect(units(await visitor.get('/ajax/basket.php'))).toBe(3);
  });

  it('backends terminated under 30 concurrent writes: every request answered (200 or 503), every acknowledged write kept', async () => {
    const { app } = shop;
    const id = String(await plainProduct());
    const visitors = Array.from({ length: 30 }, () => new Visitor(app));
    const writes = visitors.map((v) => v.post('/basketchange.php?mode=1', { product: id, size: 'uniw', number: '1' }));
    await terminateShopBackends();
    const answers = await Promise.all(writes);
    for (const answer of answers) expect([200, 503]).toContain(answer.statusCode);
    if (process.env.PRINT_FAULTS) console.log('30 writes, backends terminated:', answers.filter((a) => a.statusCode === 200).length, 'acknowledged,', answers.filter((a) => a.statusCode === 503).length, '503');
    for (const [i, answer] of answers.entries()) {
      if (answer.statusCode === 503) expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      const stored = await shop.one<{ n: number }>('SELECT COUNT(*) AS n FROM basket_lines WHERE visitor_id = ?', visitors[i].cookie.split('=')[1] ?? '');
      if (answer.statusCode === 200) expect(Number(stored.n)).toBe(1);
    }
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  describe('through a relay that is stopped and started again', () => {
    let relay: Relay;
    let served: Awaited<ReturnType<typeof openPostgresShop>>;
    let app: FastifyInstance;
    beforeAll(async () => {
      const target = new URL(shop.databaseUrl!);
      relay = new Relay({ host: target.hostname, port: Number(target.port || 5432) });
      await relay.start();
      const viaRelay = new URL(shop.databaseUrl!);
      viaRelay.hostname = '127.0.0.1';
      viaRelay.port = String(relay.port);
      served = await openPostgresShop({ url: viaRelay.toString(), catalogueSize: 60, today: TODAY, poolSize: 3, statementTimeoutMs: 800, connectTimeoutMs: 800 });
      app = await buildApp({ repository: served.repository, staticDir: shop.staticDir, limits: UNTHROTTLED_LIMITS });
    });
    afterAll(async () => {
      await app.close();
      await served.close();
      await relay.stop();
    });

    it('connections refused: /healthz answers, /readyz and every database answer are 503 with Retry-After; back within seconds of the database, without a restart', async () => {
      const visitor = new Visitor(app);
      const id = await plainProduct();
      expect((await visitor.post('/basketchange.php?mode=1', { product: String(id), size: 'uniw', number: '1' })).statusCode).toBe(200);
      await relay.stop();
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      const readyz = await app.inject({ method: 'GET', url: '/readyz' });
      expect(readyz.statusCode).toBe(503);
      expect503(await visitor.get('/ajax/basket.php'), 'basket read');
      expect503(await visitor.post('/basketchange.php?mode=1', { product: String(id), size: 'uniw', number: '1' }), 'basket write');
      expect503(await visitor.request({ method: 'POST', url: '/graphql/v1/', json: { query: `{ getLastLowestProductPrices(lastLowestPricesInput: [{ productId: ${id} }]) { id } }` } }), 'GraphQL read');
      expect503(await visitor.request({ method: 'POST', url: '/graphql/v1/', json: { query: `mutation { addProductsToBasket(ProductInput: [{ id: ${id}, size: "uniw" }]) { status } }` } }), 'GraphQL write');
      const page = await visitor.get(`/product-${id}-x.html`);
      expect(page.statusCode).toBe(503);

      await relay.start();
      let ready = 0;
      for (let i = 0; i < 100 && ready !== 200; i++) {
        ready = (await app.inject({ method: 'GET', url: '/readyz' })).statusCode;
        if (ready !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(ready).toBe(200);
      expect(units(await visitor.get('/ajax/basket.php'))).toBe(1);
      expect((await visitor.post('/basketchange.php?mode=1', { product: String(id), size: 'uniw', number: '1' })).statusCode).toBe(200);
      expect(units(await visitor.get('/ajax/basket.php'))).toBe(2);
    });

    it('a lock held past the statement timeout: every request waiting on it is answered 503, the probes answer, and all is well once it is released', async () => {
      const visitor = new Visitor(app);
      const id = String(await plainProduct());
      expect((await visitor.post('/basketchange.php?mode=1', { product: id, size: 'uniw', number: '1' })).statusCode).toBe(200);
      const locker = new pg.Client({ connectionString: shop.databaseUrl });
      await locker.connect();
      try {
        await locker.query('BEGIN');
        await locker.query('LOCK TABLE basket_lines IN ACCESS EXCLUSIVE MODE');
        // More requests than the pool has connections: some wait on the lock, the others for a connection.
        const answers = await Promise.all([
          ...Array.from({ length: 5 }, () => visitor.get('/ajax/basket.php')),
          visitor.post('/basketchange.php?mode=1', { product: id, size: 'uniw', number: '1' }),
        ]);
        for (const [i, answer] of answers.entries()) expect503(answer, `request ${i} behind the lock`);
        expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
        expect([200, 503]).toContain((await app.inject({ method: 'GET', url: '/readyz' })).statusCode);
      } finally {
        await locker.query('ROLLBACK');
        await locker.end();
      }
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      expect(units(await visitor.get('/ajax/basket.php'))).toBe(1);
    });
  });
});

// Issue 35, point 6: no internal text reaches a client, GraphQL included.
describe('an internal failure names nothing inside', () => {
  it("a resolver's driver error (naming the database) is answered without its text", async () => {
    const repository = shop.repository as unknown as Record<string, unknown>;
    const original = repository.shippingOptions;
    repository.shippingOptions = async () => {
      throw new Error('database "redteam" is not currently accepting connections');
    };
    try {
      const id = await plainProduct();
      const response = await shop.app.inject({ method: 'POST', url: '/graphql/v1/', payload: { query: `{ shipping(ShippingInput: { mode: "product", products: [{ id: ${id}, size: "uniw", quantity: 1 }], forcedRegion: "IT" }) { shipping { courier { name } } } }` } });
      expect(response.body).not.toMatch(/redteam|accepting connections|database/i);
      const body = response.json() as { errors?: Array<{ message: string; extensions?: { code?: string } }> };
      expect(body.errors?.[0]).toMatchObject({ message: 'Something went wrong on our side', extensions: { code: 'INTERNAL_ERROR' } });
    } finally {
      repository.shippingOptions = original;
    }
  });
});

postgresOnly('PostgreSQL: reads behind a lock', () => {
  it('every pooled session waits for a lock at most 3 s (lock_timeout), within the statement timeout: a read behind a held lock is answered 503 long before the statement limit', async () => {
    const rows = await shop.sql<{ lock_timeout: string; statement_timeout: string }>('SELECT current_setting(\'lock_timeout\') AS lock_timeout, current_setting(\'statement_timeout\') AS statement_timeout');
    expect(rows[0]).toEqual({ lock_timeout: '3s', statement_timeout: '10s' });
  });
});
