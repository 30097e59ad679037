import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { openShopDatabase } from '../../server/db/open';
import { openPostgresShop } from '../../server/db/postgres/open';
import { toPgSql } from '../../server/db/postgres/pgRepository';
import { SqliteShopRepository } from '../../server/db/sqliteRepository';
import type { ShopRepository } from '../../server/db/repository';
import { buildApp, type AppOptions } from '../../server/app';
import { postgresCounters, sqliteCounters, type CounterStore } from '../../server/counters';
import Database from 'better-sqlite3';

export const TODAY = new Date('2026-11-22T10:00:00Z');

/**
 * The backend this jest project runs the contract suite on: SQLite always; PostgreSQL in the
 * `server-postgres` project, which jest.config.js adds when TEST_DATABASE_URL is set.
 */
export const BACKEND: 'sqlite' | 'postgres' = process.env.SHOP_TEST_BACKEND === 'postgres' ? 'postgres' : 'sqlite';

export interface TestShop {
  app: FastifyInstance;
  staticDir: string;
  dir: string;
  /** The repository the server reads (this project's backend). */
  repository: ShopRepository;
  /** postgres://... of this suite's own database (PostgreSQL only). */
  databaseUrl?: string;
  /** Runs SQL on the shop's database (`?` placeholders, portable SQL): the rows (none for a write). */
  sql<T = Record<string, unknown>>(text: string, ...params: unknown[]): Promise<T[]>;
  /** The first row of `sql`. */
  one<T = Record<string, unknown>>(text: string, ...params: unknown[]): Promise<T>;
  /** Whether the table is still there. */
  tableExists(name: string): Promise<boolean>;
  /** A second server on the same database, as after a restart. */
  reopen(extra?: TestShopOptions): Promise<{ app: FastifyInstance; seeded: boolean; close(): Promise<void> }>;
  /** Throttle counters in this shop's database on a connection of their own, as another server process would count (closed with the app given them). */
  counters(): CounterStore;
  /** Closes the shop's database under the running server (a database gone away); close() still cleans up. */
  closeDatabase(): Promise<void>;
  close(): Promise<void>;
}

function standInBuild() {
  const dir = mkdtempSync(join(tmpdir(), 'shop-test-'));
  const staticDir = join(dir, 'dist');
  mkdirSync(join(staticDir, 'assets'), { recursive: true });
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><html><head><script defer src="/assets/main.js"></script></head><body><div id="root"></div></body></html>');
  writeFileSync(join(staticDir, 'assets', 'main.js'), 'console.log("shop")');
  return { dir, staticDir };
}

/** What a test may set of the server (rate limits and timeouts, trusted proxies). */
/**
 * The server's page cache and answer cache are off unless a test turns them on (`pageCacheBytes`,
 * `answerCacheBytes`): most tests change the catalogue by SQL, not by the catalogue's write path,
 * and read the page or call again.
 */
export type TestShopOptions = Pick<AppOptions, 'limits' | 'counters' | 'trustProxy' | 'pageCacheBytes' | 'answerCacheBytes' | 'purgeUrls' | 'mailer' | 'metricsAllow' | 'pictureOrigins'>;

/** A server on a fresh database (small catalogue) of this project's backend and a stand-in storefront build. */
export async function startTestShop(catalogueSize = 300, options: TestShopOptions = {}): Promise<TestShop> {
  return BACKEND === 'postgres' ? startPostgresShop(catalogueSize, options) : startSqliteShop(catalogueSize, options);
}

async function startSqliteShop(catalogueSize: number, options: TestShopOptions): Promise<TestShop> {
  const { dir, staticDir } = standInBuild();
  const dbPath = join(dir, 'shop.sqlite');
  const { db } = openShopDatabase({ path: dbPath, catalogueSize, today: TODAY });
  const repository = new SqliteShopRepository(db);
  const app = await buildApp({ repository, staticDir, testHooks: true, mailer: null, metricsAllow: null, pageCacheBytes: 0, answerCacheBytes: 0, photoCacheDir: join(dir, 'photos'), ...options });
  const sql = async <T,>(text: string, ...params: unknown[]) => {
    const statement = db.prepare(text);
    // A write (UPDATE, DELETE, ...) answers no rows.
    if (!statement.reader) return (statement.run(...params), []) as T[];
    return statement.all(...params) as T[];
  };
  return {
    app,
    staticDir,
    dir,
    repository,
    sql,
    one: async <T,>(text: string, ...params: unknown[]) => (await sql<T>(text, ...params))[0],
    tableExists: async (name) => db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined,
    counters() {
      const own = new Database(dbPath);
      return { ...sqliteCounters(own), close: async () => void own.close() };
    },
    async reopen(extra = {}) {
      const reopened = openShopDatabase({ path: dbPath, catalogueSize, today: TODAY });
      const second = await buildApp({ repository: new SqliteShopRepository(reopened.db), staticDir, pageCacheBytes: 0, answerCacheBytes: 0, ...options, ...extra });
      return {
        app: second,
        seeded: reopened.seeded,
        close: async () => {
          await second.close();
          reopened.db.close();
        },
      };
    },
    async closeDatabase() {
      if (db.open) db.close();
    },
    async close() {
      await app.close();
      if (db.open) db.close();
    },
  };
}

/** The PostgreSQL server of TEST_DATABASE_URL, as an address of one of its databases. */
export function postgresUrl(database: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * Creates a database named uniquely for this test file (empty, or a copy of `template`);
 * answers its address and a dropper.
 */
export async function createTestDatabase(template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  // Named for the run (jest's global setup sets SHOP_TEST_RUN): its teardown drops what a failed file left.
  const name = `shoptest_${process.env.SHOP_TEST_RUN ?? 'norun'}_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
        break;
      } catch (error) {
        // 55006: the template's last connection is still closing.
        if ((error as { code?: string }).code !== '55006' || attempt >= 40) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  } finally {
    await admin.end();
  }
  return {
    url: postgresUrl(name),
    async drop() {
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * A migrated and seeded database of `catalogueSize` products for this jest run, made once
 * (under an advisory lock) and copied by every test file that needs that size: a copy takes
 * a fraction of a second, a seed a few. Null outside a jest run of the PostgreSQL project.
 */
async function seededTemplate(catalogueSize: number): Promise<string | undefined> {
  const run = process.env.SHOP_TEST_RUN;
  if (!run) return undefined;
  const name = `shoptpl_${run}_${catalogueSize}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock($1)', [0x5e0b_7000 + catalogueSize]);
    if (!(await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount) {
      await admin.query(`CREATE DATABASE ${name}`);
      const seeded = await openPostgresShop({ url: postgresUrl(name), catalogueSize, today: TODAY, poolSize: 1 });
      await seeded.close();
    }
  } finally {
    await admin.end();
  }
  return name;
}

async function startPostgresShop(catalogueSize: number, options: TestShopOptions): Promise<TestShop> {
  const { dir, staticDir } = standInBuild();
  const database = await createTestDatabase(await seededTemplate(catalogueSize));
  const opened = await openPostgresShop({ url: database.url, catalogueSize, today: TODAY, poolSize: 6 });
  const app = await buildApp({ repository: opened.repository, staticDir, testHooks: true, mailer: null, metricsAllow: null, pageCacheBytes: 0, answerCacheBytes: 0, photoCacheDir: join(dir, 'photos'), ...options });
  const sql = async <T,>(text: string, ...params: unknown[]) => (await opened.pool.query(toPgSql(text), params)).rows as T[];
  let poolOpen = true;
  const closePool = async () => {
    if (!poolOpen) return;
    poolOpen = false;
    await opened.close();
  };
  return {
    app,
    staticDir,
    dir,
    repository: opened.repository,
    databaseUrl: database.url,
    sql,
    one: async <T,>(text: string, ...params: unknown[]) => (await sql<T>(text, ...params))[0],
    tableExists: async (name) => (await sql('SELECT 1 FROM information_schema.tables WHERE table_name = ?', name)).length > 0,
    counters() {
      const own = new pg.Pool({ connectionString: database.url, max: 2 });
      return { ...postgresCounters(own), close: () => own.end() };
    },
    async reopen(extra = {}) {
      const reopened = await openPostgresShop({ url: database.url, catalogueSize, today: TODAY, poolSize: 2 });
      const second = await buildApp({ repository: reopened.repository, staticDir, pageCacheBytes: 0, answerCacheBytes: 0, ...options, ...extra });
      return {
        app: second,
        seeded: reopened.seeded,
        close: async () => {
          await second.close();
          await reopened.close();
        },
      };
    },
    closeDatabase: closePool,
    async close() {
      await app.close();
      await closePool();
      await database.drop();
    },
  };
}

/** A visitor: keeps the cookie the shop gives, like a browser does. */
export class Visitor {
  cookie = '';
  constructor(private readonly app: FastifyInstance) {}
  async request(options: { method: 'GET' | 'POST' | 'DELETE'; url: string; form?: Record<string, string>; headers?: Record<string, string>; json?: unknown }): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (this.cookie) headers.cookie = this.cookie;
    let payload: string | undefined;
    if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(options.form).toString();
    } else if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(options.json);
    }
    const response = await this.app.inject({ method: options.method, url: options.url, headers, payload });
    const set = response.cookies.find((c) => c.name === 'shop_visitor');
    if (set) this.cookie = `shop_visitor=${set.value}`;
    return response;
  }
  get(url: string, headers?: Record<string, string>) {
    return this.request({ method: 'GET', url, headers });
  }
  post(url: string, form: Record<string, string>, headers?: Record<string, string>) {
    return this.request({ method: 'POST', url, form, headers });
  }
}

/** Product 11's own address (its slug, from its name): any other slug moves to it (301). */
export const PRODUCT_11 = '/product-11-pastiglie-freno-anteriori-trw-gdb0652.html';

/** A product's own address as the shop names it (another slug is answered with a 301 to it). */
export async function productPath(app: { inject: (options: { method: 'GET'; url: string }) => Promise<{ statusCode: number; headers: Record<string, unknown> }> }, id: number): Promise<string> {
  const response = await app.inject({ method: 'GET', url: `/product-${id}-x.html` });
  return response.statusCode === 301 ? String(response.headers.location) : `/product-${id}-x.html`;
}

/** A multipart/form-data body of text fields and files, as a browser sends the contact form with files. */
export function multipart(fields: Record<string, string>, files: Array<{ field: string; name: string; type: string; bytes: Buffer }>) {
  const boundary = '----shopUpload7MA4YWxkTrZu0gW';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const file of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`), file.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: Buffer.concat(parts) };
}

/**
 * A shop as an owner starts one (issue 36, point 7): a fresh data directory (a new SQLite file, or
 * an empty PostgreSQL database), the catalogue file imported into it with `catalogue:import`'s
 * code, then the server opened on it (nothing seeded: the import's products are the shop).
 */
export async function startImportedShop(file: string, options: TestShopOptions = {}): Promise<Pick<TestShop, 'app' | 'dir' | 'repository' | 'sql' | 'databaseUrl' | 'close'>> {
  const { importCatalogueFile, openCatalogueDb } = await import('../../server/db/catalogue/importer');
  const { dir, staticDir } = standInBuild();
  const dbPath = join(dir, 'fresh', 'shop.sqlite');
  const database = BACKEND === 'postgres' ? await createTestDatabase() : null;
  const catalogue = await openCatalogueDb({ databaseUrl: database?.url, sqlitePath: dbPath });
  try {
    const imported = await importCatalogueFile(catalogue.db, file);
    if (!imported.ok) throw new Error(`the file did not import: ${JSON.stringify(imported.errors.slice(0, 3))}`);
  } finally {
    await catalogue.close();
  }
  const common = { staticDir, testHooks: true, mailer: null, metricsAllow: null, pageCacheBytes: 0, answerCacheBytes: 0, photoCacheDir: join(dir, 'photos'), ...options };
  if (database) {
    const opened = await openPostgresShop({ url: database.url, catalogueSize: 1, today: TODAY, poolSize: 4 });
    const app = await buildApp({ repository: opened.repository, ...common });
    return {
      app,
      dir,
      repository: opened.repository,
      databaseUrl: database.url,
      sql: async <T,>(text: string, ...params: unknown[]) => (await opened.pool.query(toPgSql(text), params)).rows as T[],
      async close() {
        await app.close();
        await opened.close();
        await database.drop();
      },
    };
  }
  const { db, seeded } = openShopDatabase({ path: dbPath, catalogueSize: 1, today: TODAY });
  if (seeded) throw new Error('the imported shop was seeded with the demo catalogue');
  const repository = new SqliteShopRepository(db);
  const app = await buildApp({ repository, ...common });
  return {
    app,
    dir,
    repository,
    sql: async <T,>(text: string, ...params: unknown[]) => {
      const statement = db.prepare(text);
      if (!statement.reader) return (statement.run(...params), []) as T[];
      return statement.all(...params) as T[];
    },
    async close() {
      await app.close();
      if (db.open) db.close();
    },
  };
}
