/**
 * Catalogue import and export as the command line runs them (scripts/catalogue.ts), on the
 * configured database: the file is checked whole first (nothing is written when any line is
 * bad), then stored in one transaction.
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import pg from 'pg';
import { migrate } from '../schema';
import { migratePostgres, withSchemaLock } from '../postgres/schema';
import { PG_TYPES } from '../postgres/pgRepository';
import { isPostgresUrl } from '../openRepository';
import { synchronousFromEnv } from '../open';
import type { CatalogueError } from './format';
import { readCatalogueFile } from './readFile';
import { postgresCatalogueDb, sqliteCatalogueDb, storeCatalogue, type CatalogueDb, type ImportSummary } from './store';

export interface OpenedCatalogueDb {
  db: CatalogueDb;
  /** Where the data lives (no password). */
  description: string;
  close(): Promise<void>;
}

/** The shop's database, migrated (never filled with the demo catalogue): PostgreSQL for a postgres:// address, else the SQLite file. */
export async function openCatalogueDb(options: { databaseUrl?: string; sqlitePath: string }): Promise<OpenedCatalogueDb> {
  if (isPostgresUrl(options.databaseUrl)) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 1, types: PG_TYPES, application_name: 'brake-shop-catalogue' });
    await withSchemaLock(pool, (client) => migratePostgres(client));
    const client = await pool.connect();
    const url = new URL(options.databaseUrl);
    url.password = '';
    return {
      db: postgresCatalogueDb(client),
      description: `PostgreSQL ${url.host}${url.pathname}`,
      async close() {
        client.release();
        await pool.end();
      },
    };
  }
  mkdirSync(dirname(options.sqlitePath), { recursive: true });
  const sqlite = new Database(options.sqlitePath);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`synchronous = ${synchronousFromEnv(process.env.SQLITE_SYNCHRONOUS).toUpperCase()}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // An import rewrites every index of the catalogue's tables in one transaction: with SQLite's
  // default page cache (2 MB) a 200,000-product import went back to the file for index pages over
  // and over (bench: catalogueImport). Up to 512 MB, for this connection only.
  sqlite.pragma('cache_size = -524288');
  migrate(sqlite);
  return {
    db: sqliteCatalogueDb(sqlite),
    description: options.sqlitePath,
    async close() {
      sqlite.close();
    },
  };
}

export type ImportResult =
  | { ok: true; summary: ImportSummary; records: number; checkMs: number; storeMs: number }
  | { ok: false; errors: CatalogueError[]; errorCount: number; records: number; numbering: 'line' | 'record' };

export interface ImportProgress {
  /** While checking: bytes of the file read so far (records of a JSON array). */
  checking?(done: number, total: number, unit: 'bytes' | 'records'): void;
  /** While storing: the step under way. */
  storing?(step: string): void;
}

/** Checks `path` whole, then (when every line is good) replaces the catalogue with it. */
export async function importCatalogueFile(db: CatalogueDb, path: string, options: { progress?: ImportProgress; now?: Date } = {}): Promise<ImportResult> {
  const started = Date.now();
  const checked = await readCatalogueFile(path, options.progress?.checking);
  if (!checked.rows) return { ok: false, errors: checked.errors, errorCount: checked.errorCount, records: checked.records, numbering: checked.numbering };
  const checkMs = Date.now() - started;
  const summary = await storeCatalogue(db, checked.rows, { now: options.now, progress: options.progress?.storing });
  return { ok: true, summary, records: checked.records, checkMs, storeMs: Date.now() - started - checkMs };
}

/** How an error reads on the command line. */
export function describeError(error: CatalogueError, numbering: 'line' | 'record' = 'line'): string {
  return `${error.line ? `${numbering} ${error.line}` : 'file'}, ${error.field}: ${error.reason}`;
}
