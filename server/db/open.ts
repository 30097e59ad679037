import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { migrate } from './schema';
import { generateCatalogue } from './catalogue/generate';

export interface OpenOptions {
  /** File path, or ':memory:'. */
  path: string;
  /** Products to generate when the database is new. */
  catalogueSize?: number;
  seed?: number;
  today?: Date;
  /** What a crash may lose (default: SQLITE_SYNCHRONOUS, else 'normal'); see README, Configuration. */
  synchronous?: SqliteSynchronous;
}

/**
 * SQLite's `synchronous` in WAL mode. `normal`: a crash of the process loses nothing; a power
 * loss or OS crash may lose the last transactions committed before it (never corrupts).
 * `full`: nothing committed is lost even then, at the cost of a sync of the log per commit.
 */
export type SqliteSynchronous = 'normal' | 'full';

export function synchronousFromEnv(value: string | undefined): SqliteSynchronous {
  if (value === undefined || value === '') return 'normal';
  const lower = value.toLowerCase();
  if (lower !== 'normal' && lower !== 'full') throw new Error(`SQLITE_SYNCHRONOUS must be normal or full, got ${value}`);
  return lower;
}

/**
 * Opens (creating when new) the shop database: WAL mode, the chosen durability, foreign keys,
 * migrations, and the demo catalogue on first open. Writes run in immediate transactions (the
 * write lock is taken before reading), so a check and its write see the same data. A second open of the same file reuses what is there.
 */
export function openShopDatabase(options: OpenOptions): { db: Database.Database; seeded: boolean } {
  if (options.path !== ':memory:') mkdirSync(dirname(options.path), { recursive: true });
  const db = new Database(options.path);
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${(options.synchronous ?? synchronousFromEnv(process.env.SQLITE_SYNCHRONOUS)).toUpperCase()}`);
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  const hasCatalogue = (db.prepare('SELECT COUNT(*) AS n FROM products').get() as { n: number }).n > 0;
  if (!hasCatalogue) {
    generateCatalogue(db, { size: options.catalogueSize ?? 10_000, seed: options.seed, today: options.today });
    db.exec("INSERT INTO product_search(product_search) VALUES ('optimize')");
    db.exec('ANALYZE');
  }
  return { db, seeded: !hasCatalogue };
}
