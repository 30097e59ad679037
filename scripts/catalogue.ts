/**
 * `npm run catalogue:import -- FILE` and `npm run catalogue:export [-- FILE]` on the configured
 * database (DATABASE_URL, else DB_PATH or DATA_DIR/shop.sqlite, as the server). The format:
 * docs/catalogue-format.md. A progress bar on a terminal, plain lines otherwise.
 */
import { createWriteStream } from 'node:fs';
import { join, resolve } from 'node:path';
import { once } from 'node:events';
import cliProgress from 'cli-progress';
import { describeError, importCatalogueFile, openCatalogueDb, type OpenedCatalogueDb } from '../server/db/catalogue/importer';
import { pictureOriginsFromEnv } from '../server/security';
import { exportCatalogue } from '../server/db/catalogue/store';
import { answerRestockedNotices } from '../server/messages/notify';

const tty = process.stderr.isTTY === true;
const say = (text: string) => process.stderr.write(`${text}\n`);

function databaseOptions() {
  const dataDir = resolve(process.env.DATA_DIR || 'data');
  return { databaseUrl: process.env.DATABASE_URL, sqlitePath: resolve(process.env.DB_PATH || join(dataDir, 'shop.sqlite')) };
}

/** A bar on a terminal; a line every 10 % otherwise. */
function progressOf(title: string) {
  if (tty) {
    const bar = new cliProgress.SingleBar({ format: `${title} [{bar}] {percentage}% {value}/{total} {unit}`, stream: process.stderr, hideCursor: true }, cliProgress.Presets.shades_classic);
    let started = false;
    return {
      update(done: number, total: number, unit: string) {
        if (!started) {
          bar.start(total, 0, { unit });
          started = true;
        }
        bar.setTotal(total);
        bar.update(done, { unit });
      },
      stop() {
        if (started) bar.stop();
      },
    };
  }
  let shown = -1;
  return {
    update(done: number, total: number, unit: string) {
      const tenth = total ? Math.floor((done / total) * 10) : 10;
      if (tenth === shown) return;
      shown = tenth;
      say(`${title}: ${tenth * 10}% (${done} of ${total} ${unit})`);
    },
    stop() {},
  };
}

/** The origins of the imported pictures that the pages' CSP (PICTURE_ORIGINS) does not allow. */
async function picturesNotAllowed(opened: OpenedCatalogueDb): Promise<string[]> {
  const allowed = new Set(pictureOriginsFromEnv(process.env.PICTURE_ORIGINS));
  const origins = new Set<string>();
  for (const { url } of await opened.db.all<{ url: string }>("SELECT url FROM product_pictures WHERE url LIKE 'http%'")) {
    try {
      origins.add(new URL(url).origin);
    } catch {
      /* refused by the import's check already */
    }
  }
  return [...origins].filter((origin) => !allowed.has(origin)).sort();
}

async function runImport(file: string | undefined): Promise<number> {
  if (!file) {
    say('usage: npm run catalogue:import -- FILE   (format: docs/catalogue-format.md)');
    return 2;
  }
  const opened = await openCatalogueDb(databaseOptions());
  say(`Importing ${file} into ${opened.description}`);
  const checking = progressOf('Checking');
  try {
    const result = await importCatalogueFile(opened.db, resolve(file), {
      progress: {
        checking: (done, total, unit) => (unit === 'bytes' ? checking.update(Math.round(done / 1024), Math.round(total / 1024), 'KB') : checking.update(done, total, 'records')),
        storing: (step) => {
          checking.stop();
          say(`Storing: ${step}`);
        },
      },
    });
    checking.stop();
    if (!result.ok) {
      say(`The catalogue was NOT changed: ${result.errorCount} error(s) in ${file}${result.errorCount > result.errors.length ? ` (the first ${result.errors.length} below)` : ''}:`);
      for (const error of result.errors) say(`  ${describeError(error, result.numbering)}`);
      return 1;
    }
    const { summary } = result;
    say(
      `Imported ${summary.products.total} products (${summary.products.added} new, ${summary.products.updated} updated, ${summary.products.removed} removed) ` +
        `in ${((result.checkMs + result.storeMs) / 1000).toFixed(1)} s (checking ${(result.checkMs / 1000).toFixed(1)} s, storing ${(result.storeMs / 1000).toFixed(1)} s).`,
    );
    if (summary.basketLinesWithdrawn) say(`${summary.basketLinesWithdrawn} basket line(s) name a product or size no longer sold: kept, marked withdrawn.`);
    if (summary.basketLinesRestored) say(`${summary.basketLinesRestored} withdrawn basket line(s) are back in their baskets.`);
    if (summary.noticesDropped) say(`${summary.noticesDropped} availability notice(s) of sizes no longer sold were dropped.`);
    if (summary.fitmentQualifiersIgnored) say('Fitment qualifiers (position, months, note) were checked but not stored: this database has no columns for them yet.');
    const blocked = await picturesNotAllowed(opened);
    if (blocked.length) say(`Pictures on ${blocked.join(', ')} are not in PICTURE_ORIGINS: browsers will refuse them (docs/catalogue-format.md, Pictures).`);
    if (summary.restocked.length) {
      const answered = await answerRestockedNotices(opened.db, summary.restocked);
      say(answered.sent ? `${answered.sent} "back in stock" e-mail(s) sent.` : `${summary.restocked.length} size(s) asked for are back in stock: see npm run messages (SMTP_URL is not set).`);
    }
    return 0;
  } finally {
    checking.stop();
    await opened.close();
  }
}

async function runExport(file: string | undefined): Promise<number> {
  const opened = await openCatalogueDb(databaseOptions());
  const out = file ? createWriteStream(resolve(file)) : process.stdout;
  const progress = progressOf('Exporting');
  try {
    const count = await exportCatalogue(
      opened.db,
      async (line) => {
        if (!out.write(`${line}\n`)) await once(out, 'drain');
      },
      { progress: (done, total) => progress.update(done, total, 'products') },
    );
    progress.stop();
    if (file) {
      out.end();
      await once(out, 'finish');
    }
    say(`Exported ${count} products from ${opened.description}${file ? ` to ${file}` : ''}.`);
    return 0;
  } finally {
    progress.stop();
    await opened.close();
  }
}

const [command, file] = process.argv.slice(2);
(command === 'import' ? runImport(file) : command === 'export' ? runExport(file) : Promise.resolve((say('usage: catalogue.ts import FILE | export [FILE]'), 2)))
  .then((code) => process.exit(code))
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
