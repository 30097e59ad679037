import { availableParallelism, userInfo } from 'node:os';
import pg from 'pg';
import type { PoolClient } from 'pg';
import { CATALOGUE_COLUMNS, generateCatalogueRows, type CatalogueTable } from '../catalogue/generate';
import { migratePostgres, withSchemaLock } from './schema';
import { PG_TYPES, PostgresShopRepository } from './pgRepository';

export interface PostgresOpenOptions {
  /** postgres://user@host:port/database */
  url: string;
  /** Products to generate when the database has none. */
  catalogueSize?: number;
  seed?: number;
  today?: Date;
  /** Connections per process (default: PG_POOL_SIZE, else poolSizeFor(WORKERS)). */
  poolSize?: number;
  /** A statement running (or waiting for a lock) longer is cut (default 10 s, or PG_STATEMENT_TIMEOUT_MS). */
  statementTimeoutMs?: number;
  /** Waiting for a pooled or new connection longer is an error (default 5 s, or PG_CONNECT_TIMEOUT_MS). */
  connectTimeoutMs?: number;
}

/**
 * Opens the shop on PostgreSQL: a small pool, the migrations, and the demo catalogue when the
 * database has no products yet. Several servers may start at once: one migrates and seeds
 * under the schema lock while the others wait, then find the work done.
 */
export async function openPostgresShop(options: PostgresOpenOptions) {
  const timeouts = postgresTimeouts(options);
  const connectionString = withDefaultUser(options.url);
  // Migrating and seeding run on a pool of their own, without the serving timeouts (a large
  // catalogue's INSERTs and ANALYZE take longer than any shopper's statement may).
  const setup = new pg.Pool({ connectionString, max: 1, types: PG_TYPES, application_name: 'brake-shop-setup' });
  setup.on('error', () => undefined);
  let seeded: boolean;
  try {
    seeded = await withSchemaLock(setup, async (client) => {
      await migratePostgres(client);
      const { rows } = await client.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM products');
      if (rows[0].n > 0) return false;
      await seedPostgres(client, { size: options.catalogueSize ?? 10_000, seed: options.seed, today: options.today });
      return true;
    });
  } finally {
    await setup.end().catch(() => undefined);
  }

  const pool = new pg.Pool({
    connectionString,
    max: options.poolSize ?? poolSizeFromEnv(),
    types: PG_TYPES,
    application_name: 'brake-shop',
    // Waiting for a free connection, or for a new one to open, ends with an error (answered 503).
    connectionTimeoutMillis: timeouts.connectMs,
    // The server cuts a statement that runs (or waits for a lock) longer; the client gives up a
    // little later on its own, should the server never answer at all (a network gone quiet).
    statement_timeout: timeouts.statementMs,
    // Waiting for a lock (a read behind a table lock, a write behind another's) ends sooner: 503.
    lock_timeout: timeouts.lockMs,
    query_timeout: timeouts.statementMs + 2_000,
    idle_in_transaction_session_timeout: timeouts.statementMs * 2,
    keepAlive: true,
  });
  // A connection that breaks (a database restart, a terminated backend, a failover) emits
  // `error`: on the pool while idle, on the client while checked out. Neither may end the process;
  // the query in flight fails (answered 503) and the pool opens fresh connections when asked.
  let closing = false;
  const report = (error: Error) => {
    if (!closing) console.error('PostgreSQL connection error:', error.message);
  };
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', report));
  const close = async () => {
    closing = true;
    await pool.end();
  };
  try {
    const repository = await PostgresShopRepository.open(pool);
    return { repository, pool, seeded, close };
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
}

/**
 * Connections per server process when PG_POOL_SIZE is not set: 8, fewer when a server runs many
 * processes (WORKERS, default one per core), so that one server holds at most about 48 of
 * PostgreSQL's 100 default connections and two servers fit beside each other. On a 2-core
 * machine, 8 per process and 4 per process ran the load bench alike (within the noise).
 */
export function poolSizeFor(workers: number): number {
  return Math.max(2, Math.min(8, Math.floor(48 / Math.max(1, workers))));
}

function poolSizeFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  if (env.PG_POOL_SIZE) {
    const size = Number(env.PG_POOL_SIZE);
    if (!Number.isInteger(size) || size < 1) throw new Error(`PG_POOL_SIZE must be a positive integer, got ${env.PG_POOL_SIZE}`);
    return size;
  }
  return poolSizeFor(env.WORKERS ? Number(env.WORKERS) : availableParallelism());
}

/** The serving pool's timeouts: PG_STATEMENT_TIMEOUT_MS (default 10 s), PG_LOCK_TIMEOUT_MS (default 3 s, at most the statement's), PG_CONNECT_TIMEOUT_MS (default 5 s). */
export function postgresTimeouts(options: { statementTimeoutMs?: number; connectTimeoutMs?: number; lockTimeoutMs?: number } = {}, env: NodeJS.ProcessEnv = process.env) {
  const read = (value: number | undefined, name: string, fallback: number) => {
    const raw = value ?? (env[name] ? Number(env[name]) : fallback);
    if (!Number.isInteger(raw) || raw < 1) throw new Error(`${name} must be a positive integer (ms), got ${env[name]}`);
    return raw;
  };
  const statementMs = read(options.statementTimeoutMs, 'PG_STATEMENT_TIMEOUT_MS', 10_000);
  return { statementMs, lockMs: Math.min(statementMs, read(options.lockTimeoutMs, 'PG_LOCK_TIMEOUT_MS', 3_000)), connectMs: read(options.connectTimeoutMs, 'PG_CONNECT_TIMEOUT_MS', 5_000) };
}

/** As libpq does: an address naming no user (and no PGUSER) connects as the operating-system user. */
function withDefaultUser(address: string): string {
  const url = new URL(address);
  if (url.username || process.env.PGUSER) return address;
  url.username = encodeURIComponent(process.env.USER || userInfo().username);
  return url.toString();
}

/** Rows per INSERT (sent as one JSON parameter). */
const ROWS_PER_STATEMENT = 20_000;

/**
 * Fills an empty database with the demo catalogue in one transaction: per table, INSERTs of
 * many rows each, passed as one JSON array and typed by the table's own row type.
 */
export async function seedPostgres(client: PoolClient, options: { size: number; seed?: number; today?: Date }): Promise<void> {
  const tables = new Map<CatalogueTable, unknown[][]>();
  generateCatalogueRows((table, row) => {
    const rows = tables.get(table);
    if (rows) rows.push(row);
    else tables.set(table, [row]);
  }, options);
  const names = Object.keys(CATALOGUE_COLUMNS) as CatalogueTable[];
  await client.query('BEGIN');
  try {
    // CATALOGUE_COLUMNS lists tables before those that refer to them.
    for (const table of names) {
      const rows = tables.get(table) ?? [];
      const columns: readonly string[] = CATALOGUE_COLUMNS[table];
      const conflict = table === 'product_params' || table === 'fitments' ? ' ON CONFLICT DO NOTHING' : '';
      for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
        const chunk = rows.slice(start, start + ROWS_PER_STATEMENT).map((row) => Object.fromEntries(columns.map((column, i) => [column, row[i]])));
        await client.query(
          `INSERT INTO ${table} (${columns.join(', ')}) SELECT ${columns.join(', ')} FROM json_populate_recordset(NULL::${table}, $1::json)${conflict}`,
          [JSON.stringify(chunk)],
        );
      }
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
  // VACUUM too: a fresh table's visibility map is empty until vacuumed, and index-only scans
  // (counts, listing walks) would read every row's heap page until autovacuum comes by.
  await client.query(`VACUUM ANALYZE ${names.join(', ')}`);
}
