/**
 * Catalogue writes from the command line (issue 22): the shop's own write path
 * (`repository.updateProduct`), so every running server drops the pages and answers drawn from
 * the old values (PostgreSQL: LISTEN/NOTIFY at once; SQLite: within CATALOGUE_POLL_MS), and, when
 * they are started with CACHE_PURGE_URLS, bans them in the caches in front.
 *
 *   npm run catalogue:price -- <product id> <gross price>     (node --import tsx scripts/catalogueChange.ts price ...)
 *   npm run catalogue:stock -- <product id> <stock; -1 unlimited>
 *   npm run catalogue:name -- <product id> <name...>
 *   npm run catalogue:replaced      # after an import / re-seed: drop everything
 *
 * Reads the same settings as the server: DATABASE_URL (PostgreSQL) or DB_PATH / DATA_DIR (SQLite).
 */
import { join, resolve } from 'node:path';
import { openRepository } from '../server/db/openRepository';
import type { ProductChange } from '../server/db/repository';

const USAGE = 'usage: catalogueChange.ts price|stock|name <product id> <value> | catalogueChange.ts replaced';

async function main(argv: string[]): Promise<number> {
  const [command, idText, ...rest] = argv;
  let change: ProductChange | null = null;
  if (command === 'price' || command === 'stock') {
    const value = Number(rest[0]);
    if (!Number.isFinite(value) || (command === 'price' && value <= 0) || (command === 'stock' && value < -1)) {
      console.error(`${command} needs a number${command === 'price' ? ' above 0' : ' of -1 or more'}\n${USAGE}`);
      return 2;
    }
    change = command === 'price' ? { price: value } : { stock: value };
  } else if (command === 'name') {
    const name = rest.join(' ').trim();
    if (!name || name.length > 200) {
      console.error(`name needs 1 to 200 characters\n${USAGE}`);
      return 2;
    }
    change = { name };
  } else if (command !== 'replaced') {
    console.error(USAGE);
    return 2;
  }
  const id = Number(idText);
  if (change && !Number.isInteger(id)) {
    console.error(`the product id must be a whole number\n${USAGE}`);
    return 2;
  }
  const dataDir = resolve(process.env.DATA_DIR || 'data');
  const storage = await openRepository({ databaseUrl: process.env.DATABASE_URL, sqlitePath: resolve(process.env.DB_PATH || join(dataDir, 'shop.sqlite')) });
  try {
    if (!change) {
      await storage.repository.catalogueReplaced();
      console.log(`Catalogue marked as replaced in ${storage.description}: every server drops its pages.`);
      return 0;
    }
    if (!(await storage.repository.updateProduct(id, change))) {
      console.error(`No product ${id} in ${storage.description}`);
      return 1;
    }
    console.log(`Product ${id} changed in ${storage.description}: ${JSON.stringify(change)}`);
    return 0;
  } finally {
    await storage.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
