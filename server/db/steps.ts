import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
} from 'kysely';
import type { ShopTables } from './sharedReads';

export type SqlDialect = 'sqlite' | 'postgres';

/**
 * A Kysely that only writes SQL (a DummyDriver: it never connects): each repository runs what it
 * writes on its own connection, with its own prepared statements, retries and transactions.
 */
export function queryWriter<Tables = ShopTables>(dialect: SqlDialect): Kysely<Tables> {
  return new Kysely<Tables>({
    dialect:
      dialect === 'postgres'
        ? {
            createAdapter: () => new PostgresAdapter(),
            createDriver: () => new DummyDriver(),
            createIntrospector: (db) => new PostgresIntrospector(db),
            createQueryCompiler: () => new PostgresQueryCompiler(),
          }
        : {
            createAdapter: () => new SqliteAdapter(),
            createDriver: () => new DummyDriver(),
            createIntrospector: (db) => new SqliteIntrospector(db),
            createQueryCompiler: () => new SqliteQueryCompiler(),
          },
  });
}

/**
 * A transaction's logic written once for both dialects (issue 32): a generator that yields each
 * statement Kysely wrote and is handed back its rows, so the same steps run synchronously inside
 * SQLite's immediate transaction (its single writer is the lock) and awaited on one PostgreSQL
 * connection between BEGIN and COMMIT. A step that throws rolls the whole transaction back.
 */
export type Steps<T> = Generator<CompiledQuery<unknown>, T, unknown[]>;

/** One statement of a transaction's steps: `const rows = yield* step(query)`. */
export function* step<R>(query: CompiledQuery<R>): Generator<CompiledQuery<unknown>, R[], unknown[]> {
  return (yield query as CompiledQuery<unknown>) as R[];
}

/** Runs steps with a synchronous statement runner (SQLite). */
export function runStepsSync<T>(steps: Steps<T>, run: (query: CompiledQuery<unknown>) => unknown[]): T {
  let next = steps.next();
  while (!next.done) next = steps.next(run(next.value));
  return next.value;
}

/** Runs steps with an asynchronous statement runner (PostgreSQL, one connection). */
export async function runStepsAsync<T>(steps: Steps<T>, run: (query: CompiledQuery<unknown>) => Promise<unknown[]>): Promise<T> {
  let next = steps.next();
  while (!next.done) next = steps.next(await run(next.value));
  return next.value;
}

