/**
 * The reference shop backend: opens (creating and filling on first start) the database and
 * serves the storefront and the shop API. Configuration by environment, see README.
 *
 * WORKERS=N (default: one per core) runs N server processes sharing the port (node:cluster);
 * the primary prepares the database once before forking. WORKERS=1 runs one plain process.
 */
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { Redis } from 'ioredis';
import { openRepository, type OpenedRepository } from './db/openRepository';
import { memoryCounters, postgresCounters, redisCounters, sqliteCounters, type CounterStore } from './counters';
import { buildApp } from './app';
import { LOG_LEVELS, type LogLevel } from './operations';
import { extraScriptNames } from './extraScripts';
import { metricsAllowList, startMetricsServer } from './metrics';
import { pictureOriginsFromEnv } from './security';
import { priceTypeFromEnv, type PriceType } from './priceType';
import { warmProductPhotos } from './routes/images';
import { photoCacheDirFromEnv } from './images/productPhotos';

/** How long a stopping process waits for requests in flight before it exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

interface Config {
  port: number;
  host: string;
  dbPath: string;
  catalogueSize: number;
  workers: number;
  logLevel: LogLevel;
  extraScripts: string[];
  /** A port of its own for /metrics (METRICS_PORT), on METRICS_HOST; none when unset. */
  metricsPort: number | null;
  metricsHost: string;
  priceType: PriceType;
}

function readConfig(): Config {
  const port = Number(process.env.PORT || 8080);
  const dataDir = resolve(process.env.DATA_DIR || 'data');
  const catalogueSize = Number(process.env.CATALOGUE_SIZE || 10_000);
  const workers = process.env.WORKERS ? Number(process.env.WORKERS) : availableParallelism();
  const logLevel = (process.env.LOG_LEVEL || 'info') as LogLevel;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${process.env.PORT}`);
  if (!Number.isInteger(catalogueSize) || catalogueSize < 20) throw new Error(`CATALOGUE_SIZE must be an integer of at least 20, got ${process.env.CATALOGUE_SIZE}`);
  if (!Number.isInteger(workers) || workers < 1 || workers > 256) throw new Error(`WORKERS must be an integer from 1 to 256, got ${process.env.WORKERS}`);
  if (!LOG_LEVELS.includes(logLevel)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got ${process.env.LOG_LEVEL}`);
  // Refused here, before anything starts, when a name is not 1 to 40 of a-z, 0-9 and '-'.
  const extraScripts = extraScriptNames(process.env.EXTRA_SCRIPTS);
  const metricsPort = process.env.METRICS_PORT ? Number(process.env.METRICS_PORT) : null;
  if (metricsPort !== null && (!Number.isInteger(metricsPort) || metricsPort < 1 || metricsPort > 65535 || metricsPort === port)) {
    throw new Error(`METRICS_PORT must be a port number other than PORT, got ${process.env.METRICS_PORT}`);
  }
  metricsAllowList(process.env.METRICS_ALLOW); // refused here when malformed
  pictureOriginsFromEnv(process.env.PICTURE_ORIGINS); // likewise
  const metricsHost = process.env.METRICS_HOST || '127.0.0.1';
  const priceType = priceTypeFromEnv(process.env.PRICE_TYPE);
  const dbPath = resolve(process.env.DB_PATH || join(dataDir, 'shop.sqlite'));
  return { port, host: process.env.HOST || '0.0.0.0', dbPath, catalogueSize, workers, logLevel, extraScripts, metricsPort, metricsHost, priceType };
}

function repositoryOptions(config: Config) {
  return { databaseUrl: process.env.DATABASE_URL, sqlitePath: config.dbPath, catalogueSize: config.catalogueSize };
}

/** Creates, migrates and fills the database when needed; in a cluster only the primary does. */
async function prepareDatabase(config: Config): Promise<void> {
  // The first screens' photos are drawn meanwhile (once: kept on disk), in the background.
  void warmProductPhotos(photoCacheDirFromEnv()).catch((error: unknown) => console.error('Drawing the product photos failed:', error));
  const started = Date.now();
  // DATABASE_URL=postgres://... serves from PostgreSQL; unset, the SQLite file at DB_PATH.
  const storage = await openRepository(repositoryOptions(config));
  await storage.close();
  if (storage.seeded) console.log(`Created ${storage.description} with a demo catalogue of ${config.catalogueSize} products (${Date.now() - started} ms)`);
}

/**
 * Where the throttles count, so that a budget holds across processes and servers: Redis when
 * REDIS_URL is set (keys under RATE_LIMIT_PREFIX, default shop:rl:), else the shop's PostgreSQL
 * database, else the SQLite file (shared by every process that opens it).
 */
function counterStore(storage: OpenedRepository): CounterStore {
  if (process.env.REDIS_URL) {
    const redis = new Redis(process.env.REDIS_URL, { maxRetriesPerRequest: 1, connectTimeout: 2_000, commandTimeout: 2_000 });
    redis.on('error', (error: Error) => console.error('Redis error:', error.message));
    return redisCounters(redis, process.env.RATE_LIMIT_PREFIX || 'shop:rl:');
  }
  if (storage.pgPool) return postgresCounters(storage.pgPool);
  // In the SQLite file even for one process: another server process started on the same file counts with it.
  if (storage.sqlite) return sqliteCounters(storage.sqlite);
  return memoryCounters();
}

/** One server process. SIGTERM / SIGINT: stop taking requests, finish those in flight, close the database. */
async function serve(config: Config): Promise<void> {
  const storage = await openRepository(repositoryOptions(config));
  const counters = counterStore(storage);
  const app = await buildApp({
    repository: storage.repository,
    counters,
    staticDir: resolve(process.env.STATIC_DIR || 'dist'),
    logLevel: config.logLevel,
    testHooks: process.env.SHOP_TEST_HOOKS === '1',
    extraScripts: config.extraScripts,
    poolStats: storage.poolStats,
    priceType: config.priceType,
  });
  await app.listen({ port: config.port, host: config.host });
  // One process: it serves its own metrics; in a cluster the primary answers for every worker.
  const metricsServer = config.metricsPort !== null && config.workers === 1 ? await startMetricsServer({ port: config.metricsPort, host: config.metricsHost }) : null;
  if (cluster.isPrimary) console.log(`Shop ready on http://localhost:${config.port} (rate limits counted in ${counters.kind})`);
  if (cluster.isPrimary) warnWithoutPublicOrigin();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping: finishing the requests in flight');
    setTimeout(() => {
      app.log.error('requests still in flight after the grace period; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    // close() stops listening, drops idle keep-alive connections and waits for requests in
    // flight; a connection whose request finishes meanwhile is dropped as soon as it is idle.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    await app.close();
    metricsServer?.close();
    clearInterval(sweep);
    await storage.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/** In production with no PUBLIC_ORIGIN only localhost is answered (server/routes/seo.ts, hostRefusal): say so at start. */
function warnWithoutPublicOrigin(): void {
  if (process.env.NODE_ENV === 'production' && !process.env.PUBLIC_ORIGIN) {
    console.warn('PUBLIC_ORIGIN is not set: answering requests for localhost only (set it to the address the shop is served under, e.g. https://www.frenishop.example).');
  }
}

/** The cluster's primary: prepares the database, forks the workers, replaces one that dies, stops them all on a signal. */
async function runPrimary(config: Config): Promise<void> {
  await prepareDatabase(config);
  let stopping = false;
  let listening = 0;
  const everListened = new Set<number>();
  cluster.on('listening', (worker) => {
    everListened.add(worker.id);
    if (++listening === config.workers) {
      console.log(`Shop ready on http://localhost:${config.port} (${config.workers} worker processes)`);
      warnWithoutPublicOrigin();
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    if (everListened.has(worker.id)) listening--;
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit();
      return;
    }
    if (!everListened.has(worker.id)) {
      // It died before serving (a port in use, a bad setting): forking again would loop.
      console.error(`A worker exited with ${signal ?? code} before it was ready; stopping.`);
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
      process.exitCode = 1;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit();
      return;
    }
    console.error(`Worker ${worker.process.pid} exited with ${signal ?? code}; starting another.`);
    cluster.fork();
  });
  const stop = () => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(0);
    for (const worker of workers) worker?.process.kill('SIGTERM');
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  for (let i = 0; i < config.workers; i++) cluster.fork();
  if (config.metricsPort !== null) await startMetricsServer({ port: config.metricsPort, host: config.metricsHost, aggregate: true });
}

async function main() {
  const config = readConfig();
  if (config.workers === 1) {
    await prepareDatabase(config);
    await serve(config);
  } else if (cluster.isPrimary) {
    await runPrimary(config);
  } else {
    await serve(config);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
