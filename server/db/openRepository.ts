import type Database from 'better-sqlite3';
import type { Pool } from 'pg';
import { openShopDatabase } from './open';
import { openPostgresShop } from './postgres/open';
import type { ShopRepository } from './repository';
import { SqliteShopRepository } from './sqliteRepository';

export interface RepositoryOptions {
  /** postgres://... selects PostgreSQL; unset (or empty) keeps the SQLite file at `sqlitePath`. */
  databaseUrl?: string;
  sqlitePath: string;
  /** Products to generate when the database is new. */
  catalogueSize?: number;
  seed?: number;
  today?: Date;
}

export interface OpenedRepository {
  repository: ShopRepository;
  /** True when this start created the demo catalogue. */
  seeded: boolean;
  /** Where the data lives, for the start-up message (no password). */
  description: string;
  /** The SQLite handle when SQLite serves (tests and tools read it directly). */
  sqlite?: Database.Database;
  /** Connections in use (PostgreSQL's pool; SQLite: none given, one connection). */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** The pool when PostgreSQL serves (the shared rate counters use it). */
  pgPool?: Pool;
  close(): Promise<void>;
}

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//.test(url);
}

/** The shop's storage as configured: PostgreSQL for a postgres:// DATABASE_URL, otherwise SQLite. */
export async function openRepository(options: RepositoryOptions): Promise<OpenedRepository> {
  if (options.databaseUrl && !isPostgresUrl(options.databaseUrl)) {
    throw new Error('DATABASE_URL must start with postgres:// or postgresql:// (leave it unset for SQLite)');
  }
  if (isPostgresUrl(options.databaseUrl)) {
    const opened = await openPostgresShop({ url: options.databaseUrl, catalogueSize: options.catalogueSize, seed: options.seed, today: options.today });
    // A (re-)seed replaced the catalogue: servers already running drop everything they drew.
    if (opened.seeded) await opened.repository.catalogueReplaced();
    const url = new URL(options.databaseUrl);
    url.password = '';
    const pool = opened.pool;
    return {
      repository: opened.repository,
      seeded: opened.seeded,
      description: `PostgreSQL ${url.host}${url.pathname}`,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      pgPool: pool,
      close: opened.close,
    };
  }
  const { db, seeded } = openShopDatabase({ path: options.sqlitePath, catalogueSize: options.catalogueSize, seed: options.seed, today: options.today });
  const repository = new SqliteShopRepository(db);
  if (seeded) await repository.catalogueReplaced();
  return {
    repository,
    seeded,
    description: options.sqlitePath,
    sqlite: db,
    close: async () => {
      db.close();
    },
  };
}
