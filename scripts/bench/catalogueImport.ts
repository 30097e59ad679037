/**
 * Catalogue import at scale: a demo catalogue of `size` products (200,000 by default) is made,
 * exported to a catalogue file, then that file imported over it (every product updated), on
 * SQLite, or on PostgreSQL when DATABASE_URL is set (a scratch database made and dropped there).
 */
import { mkdtempSync, rmSync, statSync, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openShopDatabase } from '../../server/db/open';
import { openPostgresShop } from '../../server/db/postgres/open';
import { importCatalogueFile, openCatalogueDb } from '../../server/db/catalogue/importer';
import { exportCatalogue } from '../../server/db/catalogue/store';

export interface CatalogueImportBench {
  backend: 'sqlite' | 'postgres';
  products: number;
  fileMB: number;
  generateMs: number;
  exportMs: number;
  checkMs: number;
  storeMs: number;
  importMs: number;
  peakRssMB: number;
  /** Milliseconds of each storing step (the steps the import command prints), in order. */
  stepsMs: Record<string, number>;
}

export async function benchCatalogueImport(size = 200_000): Promise<CatalogueImportBench> {
  const dir = mkdtempSync(join(tmpdir(), 'shop-import-'));
  const databaseUrl = process.env.DATABASE_URL;
  let scratch: string | undefined;
  let url: string | undefined;
  try {
    let started = Date.now();
    if (databaseUrl) {
      scratch = `bench_import_${process.pid}`;
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${scratch}`);
      await admin.end();
      const target = new URL(databaseUrl);
      target.pathname = `/${scratch}`;
      url = target.toString();
      await (await openPostgresShop({ url, catalogueSize: size, poolSize: 1 })).close();
    } else {
      openShopDatabase({ path: join(dir, 'shop.sqlite'), catalogueSize: size }).db.close();
    }
    const generateMs = Date.now() - started;
    const opened = await openCatalogueDb({ databaseUrl: url, sqlitePath: join(dir, 'shop.sqlite') });
    try {
      const file = join(dir, 'catalogue.jsonl');
      started = Date.now();
      const out = createWriteStream(file);
      await exportCatalogue(opened.db, async (line) => {
        if (!out.write(`${line}\n`)) await once(out, 'drain');
      });
      out.end();
      await once(out, 'finish');
      const exportMs = Date.now() - started;
      let peak = process.memoryUsage().rss;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 200);
      started = Date.now();
      const stepsMs: Record<string, number> = {};
      let step: { name: string; at: number } | null = null;
      const endStep = () => {
        if (step) stepsMs[step.name] = Date.now() - step.at;
      };
      const result = await importCatalogueFile(opened.db, file, {
        progress: {
          storing: (name) => {
            endStep();
            step = { name, at: Date.now() };
          },
        },
      });
      endStep();
      clearInterval(sampler);
      if (!result.ok) throw new Error(`the exported catalogue was refused: ${JSON.stringify(result.errors.slice(0, 3))}`);
      return {
        backend: url ? 'postgres' : 'sqlite',
        products: result.summary.products.total,
        fileMB: Math.round(statSync(file).size / 1e5) / 10,
        generateMs,
        exportMs,
        checkMs: result.checkMs,
        storeMs: result.storeMs,
        importMs: Date.now() - started,
        peakRssMB: Math.round(peak / 1e6),
        stepsMs,
      };
    } finally {
      await opened.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    if (scratch && databaseUrl) {
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
      await admin.end();
    }
  }
}

if (require.main === module) {
  benchCatalogueImport(Number(process.env.BENCH_IMPORT_SIZE || 200_000)).then((row) => console.log(JSON.stringify(row)));
}
