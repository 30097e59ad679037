/**
 * The reference shop backend: opens (creating and filling on first start) the database and
 * serves the storefront and the shop API. Configuration by environment, see README.
 */
import { join, resolve } from 'node:path';
import { openRepository } from './db/openRepository';
import { buildApp } from './app';

async function main() {
  const port = Number(process.env.PORT || 8080);
  const host = process.env.HOST || '0.0.0.0';
  const dataDir = resolve(process.env.DATA_DIR || 'data');
  const dbPath = resolve(process.env.DB_PATH || join(dataDir, 'shop.sqlite'));
  const catalogueSize = Number(process.env.CATALOGUE_SIZE || 10_000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${process.env.PORT}`);
  if (!Number.isInteger(catalogueSize) || catalogueSize < 20) throw new Error(`CATALOGUE_SIZE must be an integer of at least 20, got ${process.env.CATALOGUE_SIZE}`);

  const started = Date.now();
  // DATABASE_URL=postgres://... serves from PostgreSQL; unset, the SQLite file at DB_PATH.
  const storage = await openRepository({ databaseUrl: process.env.DATABASE_URL, sqlitePath: dbPath, catalogueSize });
  if (storage.seeded) console.log(`Created ${storage.description} with a demo catalogue of ${catalogueSize} products (${Date.now() - started} ms)`);
  const app = await buildApp({
    repository: storage.repository,
    staticDir: resolve(process.env.STATIC_DIR || 'dist'),
    logger: process.env.LOG === '1',
    testHooks: process.env.SHOP_TEST_HOOKS === '1',
  });
  await app.listen({ port, host });
  console.log(`Shop ready on http://localhost:${port}`);

  const stop = async () => {
    await app.close();
    await storage.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
