import { userInfo } from 'node:os';
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
  /** Connections per process (default 8, or PG_POOL_SIZE). */
  poolSize?: number;
}

/**
 * Opens the shop on PostgreSQL: a small pool, the migrations, and the demo catalogue when the
 * database has no products yet. Several servers may start at once: one migrates and seeds
 * under the schema lock while the others wait, then find the work done.
 */
export async function openPostgresShop(options: PostgresOpenOptions) {
  const pool = new pg.Pool({
    connectionString: withDefaultUser(options.url),
    max: options.poolSize ?? Number(process.env.PG_POOL_SIZE || 8),
    types: PG_TYPES,
    application_name: 'brake-shop',
  });
  // An idle connection that breaks (database restart) must not crash the process.
  let closing = false;
  pool.on('error', (error) => {
    if (!closing) console.error('PostgreSQL connection error:', error.message);
  });
  const close = async () => {
    closing = true;
    await pool.end();
  };
  try {
    const seeded = await withSchemaLock(pool, async (client) => {
      await migratePostgres(client);
      const { rows } = await client.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM products');
      if (rows[0].n > 0) return false;
      await seedPostgres(client, { size: options.catalogueSize ?? 10_000, seed: options.seed, today: options.today });
      return true;
    });
    const repository = await PostgresShopRepository.open(pool);
    return { repository, pool, seeded, close };
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
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
  await client.query(`ANALYZE ${names.join(', ')}`);
}
