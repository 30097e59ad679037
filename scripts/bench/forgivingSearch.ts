/**
 * Issue 37, point 6: forgiving words. At a catalogue size on SQLite, straight on the repository
 * (no cache in front): how long the vocabulary takes to build (once per catalogue change), and
 * p50 / p99 of a listing and of live search for a correct word against the same word with a typo
 * (and a Polish word with a typo), the vocabulary's expansion included.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openShopDatabase } from '../../server/db/open';
import { SqliteShopRepository } from '../../server/db/sqliteRepository';
import { forgivingSearch } from '../../server/catalogueLanguage';

export interface ForgivingBenchRow {
  catalogue: number;
  call: string;
  text: string;
  found: number;
  p50Ms: number;
  p99Ms: number;
}

const percentile = (sorted: number[], p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] * 100) / 100;

export async function runForgivingSearchBench(catalogueSize: number, samples = 60): Promise<{ vocabularyBuildMs: number; vocabularyWords: number; rows: ForgivingBenchRow[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'shop-forgiving-bench-'));
  const { db } = openShopDatabase({ path: join(dir, 'shop.sqlite'), catalogueSize });
  try {
    const repo = new SqliteShopRepository(db);
    const started = performance.now();
    const vocabulary = await repo.searchVocabulary();
    const vocabularyBuildMs = Math.round(performance.now() - started);
    const rows: ForgivingBenchRow[] = [];
    const cases: Array<[string, string, 'it' | 'pl']> = [
      ['exact', 'pastiglie', 'it'],
      ['one typo', 'pastilie', 'it'],
      ['exact', 'dischi', 'it'],
      ['one typo', 'disci', 'it'],
      ['pl, one typo', 'klocky', 'pl'],
    ];
    for (const [kind, text, language] of cases) {
      const shop = forgivingSearch(repo, language);
      for (const call of ['listing', 'live search'] as const) {
        const run = async () => (call === 'listing' ? (await shop.listing({ text }, 1, 24)).total : (await shop.textSearch(text, 10)).products.length);
        const found = await run();
        const times: number[] = [];
        for (let i = 0; i < samples; i++) {
          const t = performance.now();
          await run();
          times.push(performance.now() - t);
        }
        times.sort((a, b) => a - b);
        rows.push({ catalogue: catalogueSize, call: `${call}: ${kind}`, text, found, p50Ms: percentile(times, 50), p99Ms: percentile(times, 99) });
      }
    }
    return { vocabularyBuildMs, vocabularyWords: vocabulary.size, rows };
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
