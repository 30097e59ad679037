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
import { openRepository } from './db/openRepository';
import { buildApp } from './app';
import { LOG_LEVELS, type LogLevel } from './operations';
import { extraScriptNames } from './extraScripts';

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
  return { port, host: process.env.HOST || '0.0.0.0', dbPath: resolve(process.env.DB_PATH || join(dataDir, 'shop.sqlite')), catalogueSize, workers, logLevel, extraScripts };
}

function repositoryOptions(config: Config) {
  return { databaseUrl: process.env.DATABASE_URL, sqlitePath: config.dbPath, catalogueSize: config.catalogueSize };
}

/** Creates, migrates and fills the database when needed; in a cluster only the primary does. */
async function prepareDatabase(config: Config): Promise<void> {
  const started = Date.now();
  // DATABASE_URL=postgres://... serves from PostgreSQL; unset, the SQLite file at DB_PATH.
  const storage = await openRepository(repositoryOptions(config));
  await storage.close();
  if (storage.seeded) console.log(`Created ${storage.description} with a demo catalogue of ${config.catalogueSize} products (${Date.now() - started} ms)`);
}

/** One server process. SIGTERM / SIGINT: stop taking requests, finish those in flight, close the database. */
async function serve(config: Config): Promise<void> {
  const storage = await openRepository(repositoryOptions(config));
  const app = await buildApp({
    repository: storage.repository,
    staticDir: resolve(process.env.STATIC_DIR || 'dist'),
    logLevel: config.logLevel,
    testHooks: process.env.SHOP_TEST_HOOKS === '1',
    extraScripts: config.extraScripts,
  });
  await app.listen({ port: config.port, host: config.host });
  if (cluster.isPrimary) console.log(`Shop ready on http://localhost:${config.port}`);

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
    clearInterval(sweep);
    await storage.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/** The cluster's primary: prepares the database, forks the workers, replaces one that dies, stops them all on a signal. */
async function runPrimary(config: Config): Promise<void> {
  await prepareDatabase(config);
  let stopping = false;
  let listening = 0;
  const everListened = new Set<number>();
  cluster.on('listening', (worker) => {
    everListened.add(worker.id);
    if (++listening === config.workers) console.log(`Shop ready on http://localhost:${config.port} (${config.workers} worker processes)`);
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
