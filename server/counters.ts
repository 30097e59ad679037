import type Database from 'better-sqlite3';
import type { Pool } from 'pg';
import type { Redis } from 'ioredis';
import { sqliteUnwritable } from './db/faults';

/**
 * The throttles' counters (issue 21): fixed windows, one counter per budget and key. A count
 * must hold across the worker processes of a server and across servers, so the store is shared:
 * Redis when REDIS_URL is set; otherwise the shop's PostgreSQL database; the SQLite file when
 * several worker processes share it; memory only for the embedded single-process default.
 */
export interface CounterStore {
  /** What it is, for the start-up message. */
  readonly kind: 'memory' | 'redis' | 'postgres' | 'sqlite';
  /** Counts one hit on each key (one window of `windowMs` each, opened by its first hit): the counts after this hit and ms until each window ends. */
  hit(keys: readonly string[], windowMs: number): Promise<Array<{ count: number; ttlMs: number }>>;
  close(): Promise<void>;
}

/** One process's counters. */
export function memoryCounters(): CounterStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let sweptAt = Date.now();
  return {
    kind: 'memory',
    async hit(keys, windowMs) {
      const now = Date.now();
      if (now - sweptAt > 60_000) {
        sweptAt = now;
        for (const [key, value] of windows) if (value.resetAt <= now) windows.delete(key);
      }
      return keys.map((key) => {
        let window = windows.get(key);
        if (!window || window.resetAt <= now) {
          window = { count: 0, resetAt: now + windowMs };
          windows.set(key, window);
        }
        window.count += 1;
        return { count: window.count, ttlMs: window.resetAt - now };
      });
    },
    async close() {
      windows.clear();
    },
  };
}

/** Counters in Redis: INCR, then PEXPIRE NX (the window opens with the first hit), then PTTL, for every key in one round trip. */
export function redisCounters(redis: Redis, prefix = 'shop:rl:'): CounterStore {
  return {
    kind: 'redis',
    async hit(keys, windowMs) {
      const pipeline = redis.multi();
      for (const key of keys) pipeline.incr(prefix + key).pexpire(prefix + key, windowMs, 'NX').pttl(prefix + key);
      const results = (await pipeline.exec()) ?? [];
      return keys.map((_, i) => {
        const [countError, count] = results[i * 3] ?? [];
        const [, ttl] = results[i * 3 + 2] ?? [];
        if (countError) throw countError;
        return { count: Number(count), ttlMs: Math.max(0, Number(ttl)) };
      });
    },
    async close() {
      redis.disconnect();
    },
  };
}

/** One counter's hit: a new window when the last one ended, one more otherwise. */
const PG_UPSERT = `INSERT INTO rate_counters (key, count, reset_at) VALUES ($1, 1, $2::bigint + $3::bigint)
  ON CONFLICT (key) DO UPDATE SET
    count = CASE WHEN rate_counters.reset_at <= $2::bigint THEN 1 ELSE rate_counters.count + 1 END,
    reset_at = CASE WHEN rate_counters.reset_at <= $2::bigint THEN $2::bigint + $3::bigint ELSE rate_counters.reset_at END
  RETURNING count, reset_at`;

/** Hits between two sweeps of ended windows. */
const SWEEP_EVERY = 500;

/** Counters in the shop's PostgreSQL database (every server on it shares them). */
export function postgresCounters(pool: Pool): CounterStore {
  let hits = 0;
  return {
    kind: 'postgres',
    async hit(keys, windowMs) {
      const now = Date.now();
      if (++hits % SWEEP_EVERY === 0) void pool.query('DELETE FROM rate_counters WHERE reset_at <= $1', [now]).catch(() => undefined);
      return Promise.all(
        keys.map(async (key) => {
          const { rows } = await pool.query<{ count: number; reset_at: number }>(PG_UPSERT, [key, now, windowMs]);
          return { count: Number(rows[0].count), ttlMs: Number(rows[0].reset_at) - now };
        }),
      );
    },
    async close() {},
  };
}

/** Counters in the SQLite file, shared by the worker processes that open it. */
export function sqliteCounters(db: Database.Database): CounterStore {
  const statement = db.prepare(
    `INSERT INTO rate_counters (key, count, reset_at) VALUES (@key, 1, @now + @window)
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN rate_counters.reset_at <= @now THEN 1 ELSE rate_counters.count + 1 END,
       reset_at = CASE WHEN rate_counters.reset_at <= @now THEN @now + @window ELSE rate_counters.reset_at END
     RETURNING count, reset_at`,
  );
  const sweep = db.prepare('DELETE FROM rate_counters WHERE reset_at <= ?');
  let hits = 0;
  const hitAll = db.transaction((keys: readonly string[], now: number, window: number) =>
    keys.map((key) => {
      const row = statement.get({ key, now, window }) as { count: number; reset_at: number };
      return { count: row.count, ttlMs: row.reset_at - now };
    }),
  );
  return {
    kind: 'sqlite',
    async hit(keys, windowMs) {
      // A read-only disk: the count fails (the request is let through) without SQLite touching its files.
      const unwritable = sqliteUnwritable(db.name, true);
      if (unwritable) throw unwritable;
      const now = Date.now();
      if (++hits % SWEEP_EVERY === 0) sweep.run(now);
      return hitAll.immediate(keys, now, windowMs);
    },
    async close() {},
  };
}
