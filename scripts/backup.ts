/**
 * A backup of the shop's database while the shop runs (docs/operating.md, "Backups"):
 *
 *   npm run -s backup -- FILE
 *
 * SQLite (DB_PATH / DATA_DIR, as the server reads them): `VACUUM INTO` writes a snapshot of the
 * database while the shop goes on serving and writing; the copy is then checked
 * (integrity, its products and orders counted) and is a complete shop database: put it in place
 * of `shop.sqlite` (with the shop stopped) to restore. Contact attachments are in the database.
 *
 * PostgreSQL (DATABASE_URL): `pg_dump --format=custom`, restored with `pg_restore`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import Database from 'better-sqlite3';

const USAGE = 'usage: npm run -s backup -- FILE   (SQLite: DB_PATH / DATA_DIR; PostgreSQL: DATABASE_URL)';

function counts(db: Database.Database): string {
  const count = (table: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
  const orders = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'orders'").get() ? count('orders') : 0;
  return `${count('products')} products, ${orders} orders`;
}

async function main(argv: string[]): Promise<number> {
  const [target] = argv;
  if (!target || argv.length !== 1) {
    console.error(USAGE);
    return 2;
  }
  const file = resolve(target);
  if (existsSync(file)) {
    console.error(`${file} exists: give a new file (a backup never overwrites)`);
    return 2;
  }
  mkdirSync(dirname(file), { recursive: true });
  const url = process.env.DATABASE_URL;
  if (url) {
    const dump = spawnSync('pg_dump', ['--format=custom', `--file=${file}`, url], { stdio: ['ignore', 'inherit', 'inherit'] });
    if (dump.error) {
      console.error(`pg_dump could not run (${dump.error.message}): install PostgreSQL's client tools (Debian: postgresql-client)`);
      return 1;
    }
    if (dump.status !== 0) return 1;
    console.error(`Backed up the PostgreSQL database to ${file} (restore: pg_restore --clean --if-exists -d DATABASE_URL ${target})`);
    return 0;
  }
  const source = resolve(process.env.DB_PATH || join(resolve(process.env.DATA_DIR || 'data'), 'shop.sqlite'));
  if (!existsSync(source)) {
    console.error(`No shop database at ${source} (set DB_PATH or DATA_DIR)`);
    return 1;
  }
  // One read transaction (a snapshot; in WAL mode the shop keeps writing meanwhile) written out
  // whole. SQLite's page-by-page backup API starts over whenever another connection writes, so
  // on a busy shop it might never end.
  const live = new Database(source, { fileMustExist: true, readonly: true });
  try {
    live.prepare('VACUUM INTO ?').run(file);
  } finally {
    live.close();
  }
  const copy = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const check = copy.pragma('integrity_check', { simple: true });
    if (check !== 'ok') {
      console.error(`The copy at ${file} does not pass SQLite's integrity check: ${String(check)}`);
      return 1;
    }
    console.error(`Backed up ${source} to ${file} (${counts(copy)}; integrity ok)`);
  } finally {
    copy.close();
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
