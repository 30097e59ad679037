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
}

/**
 * Opens (creating when new) the shop database: WAL mode, foreign keys, migrations, and the
 * demo catalogue on first open. A second open of the same file reuses what is there.
 */
export function openShopDatabase(options: OpenOptions): { db: Database.Database; seeded: boolean } {
  if (options.path !== ':memory:') mkdirSync(dirname(options.path), { recursive: true });
  const db = new Database(options.path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
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
