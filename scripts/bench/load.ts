/**
 * `npm run bench:load`: a realistic mix against the shop server on loopback, then a check of
 * every basket against what was sent.
 *
 * The server runs as its own process (as in production) on a temporary database of
 * CATALOGUE_SIZE products. Each connection is one virtual visitor with its own
 * `shop_visitor` cookie (set by the server on its first request), doing one request at a
 * time, picked by weight: browse listing JSON, live search (GraphQL productsTextSearch),
 * product projector, add a basket line (mode 1), remove one of its lines (mode 2, number
 * 0), and now and then a double click on the buy button (two adds at once). Every POST
 * carries the shop's own Origin, as a browser would.
 *
 * Since each visitor's requests are sequential, what its basket must hold is known exactly:
 * at the end every visitor's GET /ajax/basket.php is compared with it, line by line.
 *
 * Env: LOAD_SECONDS (20), LOAD_CONNECTIONS (128), LOAD_PORT (8302), LOAD_CATALOGUE (10000),
 * LOAD_SERVERS (1): server processes sharing the port (the server's WORKERS). DATABASE_URL,
 * when set, is passed to the server (PostgreSQL); SQLite otherwise.
 */
import Database from 'better-sqlite3';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpus, loadavg } from 'node:os';
import { startShop } from './shopServer';
import type { BasketResponse, BasketChangeResponse } from '../../src/api/wire';

const SECONDS = Number(process.env.LOAD_SECONDS || 20);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS || 128);
const PORT = Number(process.env.LOAD_PORT || 8302);
const CATALOGUE = Number(process.env.LOAD_CATALOGUE || 10_000);
const SERVERS = Number(process.env.LOAD_SERVERS || 1);
const BACKEND = process.env.DATABASE_URL ? 'postgresql' : 'sqlite';
const REQUEST_TIMEOUT_MS = 10_000;

type Kind = 'browse' | 'search' | 'product' | 'add' | 'remove' | 'doubleAdd';
/** Weights of the mix: mostly looking, some buying. */
const MIX: Record<Kind, number> = { browse: 30, search: 25, product: 22, add: 14, remove: 6, doubleAdd: 3 };
const SEARCH_TEXTS = ['br', 'bre', 'brem', 'brembo', 'pastiglie', 'pastiglie anteriori', 'dischi', 'dischi forati zimmermann', 'gdb1', 'kit freni bosch', 'ferodo', 'trw'];
const SORTS = ['', '&sort=popular', '&sort=price_asc', '&sort=price_desc', '&sort=name'];

interface Sample {
  kind: Kind | 'basket check' | 'cookie';
  ms: number;
  ok: boolean;
  status: number;
}

interface Visitor {
  cookie: string;
  /** Products this visitor keeps adding (so counts grow past 1). */
  favourites: Array<{ id: number; size: string }>;
  /** What the basket must hold: `${product}|${size}` to count. */
  expected: Map<string, number>;
  /** Lines whose last change failed: their state is unknown, so they are not judged. */
  uncertain: Set<string>;
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);
const round2 = (n: number) => Math.round(n * 100) / 100;
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)];

function pickKind(): Kind {
  const total = Object.values(MIX).reduce((a, b) => a + b, 0);
  let r = Math.random() * total;
  for (const [kind, weight] of Object.entries(MIX) as Array<[Kind, number]>) {
    if ((r -= weight) < 0) return kind;
  }
  return 'browse';
}

/** Rows of the shop's catalogue, read straight from its database (SQLite file, or PostgreSQL with DATABASE_URL). */
async function catalogueRows(dataDir: string, sql: string): Promise<unknown[]> {
  if (process.env.DATABASE_URL) {
    const { Client } = (await import('pg')).default;
    const client = new Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      return (await client.query(sql)).rows;
    } finally {
      await client.end();
    }
  }
  const db = new Database(join(dataDir, 'shop.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all();
  } finally {
    db.close();
  }
}

async function main() {
  if (!Number.isInteger(SERVERS) || SERVERS < 1) throw new Error(`LOAD_SERVERS must be a positive integer, got ${process.env.LOAD_SERVERS}`);
  console.log(`Shop server on 127.0.0.1:${PORT} (${SERVERS} process${SERVERS > 1 ? 'es' : ''}, ${BACKEND}), temporary database of ${CATALOGUE} products...`);
  const shop = await startShop({ port: PORT, catalogueSize: CATALOGUE, workers: SERVERS });
  const base = shop.baseUrl;
  const origin = new URL(base).origin;
  const samples: Sample[] = [];
  const errorsByReason = new Map<string, number>();
  const noteError = (reason: string) => errorsByReason.set(reason, (errorsByReason.get(reason) ?? 0) + 1);

  try {
    // Products any visitor may add without a rule getting in the way: unlimited stock, sold
    // by 1, no minimum above 1, no maximum, not phone-priced or free.
    const buyable = (await catalogueRows(
      shop.dataDir,
      `SELECT p.id AS id, s.size_id AS size FROM products p JOIN sizes s ON s.product_id = p.id
       WHERE p.id >= 100 AND s.stock = -1 AND s.status = 'enable' AND s.basket_enable = 1 AND s.points = 0
         AND p.gratis = 0 AND p.phone_price = 0 AND p.unit_sellby = 1
         AND p.max_quantity IS NULL AND p.max_size_quantity IS NULL
         AND COALESCE(p.min_quantity, 1) <= 1 AND COALESCE(p.min_size_quantity, 1) <= 1
       ORDER BY p.popularity DESC, p.id LIMIT 400`,
    )) as Array<{ id: number; size: string }>;
    const productIds = ((await catalogueRows(shop.dataDir, 'SELECT id FROM products')) as Array<{ id: number }>).map((row) => Number(row.id));
    for (const row of buyable) row.id = Number(row.id);
    if (buyable.length < 10) throw new Error(`only ${buyable.length} products to buy in the demo catalogue`);

    /**
     * One request, timed to the end of its body. Only basket answers are parsed (their
     * status counts); the others are judged by status and, for GraphQL, an errors array, so
     * the client spends as little CPU as it can on the machine it shares with the server.
     */
    async function call(kind: Sample['kind'], visitor: Visitor | null, path: string, init: { method?: 'GET' | 'POST'; body?: string; type?: string; parse?: boolean } = {}) {
      const headers: Record<string, string> = { accept: 'application/json', 'accept-encoding': 'gzip, br' };
      if (visitor?.cookie) headers.cookie = visitor.cookie;
      if (init.method === 'POST') {
        headers.origin = origin;
        headers['content-type'] = init.type ?? 'application/x-www-form-urlencoded';
      }
      const started = performance.now();
      try {
        const response = await fetch(base + path, { method: init.method ?? 'GET', headers, body: init.body, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
        const text = await response.text();
        const ms = performance.now() - started;
        let json: unknown = undefined;
        let ok = response.ok && (response.headers.get('content-type') ?? '').includes('json') && !(path.startsWith('/graphql') && text.includes('"errors":['));
        if (ok && init.parse) {
          try {
            json = JSON.parse(text);
          } catch {
            ok = false;
          }
        }
        samples.push({ kind, ms, ok, status: response.status });
        if (!ok) noteError(`${kind}: HTTP ${response.status} ${text.slice(0, 120)}`);
        return { ok, response, json };
      } catch (error) {
        samples.push({ kind, ms: performance.now() - started, ok: false, status: 0 });
        noteError(`${kind}: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
        return { ok: false, response: undefined, json: undefined };
      }
    }

    const lineKey = (id: number, size: string) => `${id}|${size}`;
    const addLine = async (visitor: Visitor, product: { id: number; size: string }, kind: Kind) => {
      const key = lineKey(product.id, product.size);
      const { ok, json } = await call(kind, visitor, '/basketchange.php?mode=1', {
        method: 'POST',
        body: `product=${product.id}&size=${encodeURIComponent(product.size)}&number=1&getAjax=true`,
        parse: true,
      });
      if (ok && (json as BasketChangeResponse).status === 'ok') visitor.expected.set(key, (visitor.expected.get(key) ?? 0) + 1);
      else visitor.uncertain.add(key);
    };

    const steps: Record<Kind, (visitor: Visitor) => Promise<void>> = {
      browse: async () => {
        await call('browse', null, `/search.php?json=true&traits_alt[24]=148728&page=${1 + Math.floor(Math.random() * 8)}${pick(SORTS)}`);
      },
      search: async (visitor) => {
        const text = pick(SEARCH_TEXTS);
        const query = `{ productsTextSearch(searchInput: { text: ${JSON.stringify(text)}, limit: 3 }) { products { name link iconSmall price { price { gross { formatted } } } } producers { name } series { name } menuNodes { name } cms { name } searchQueries { name } replacementCodes { name } } }`;
        await call('search', visitor, '/graphql/v1/', { method: 'POST', type: 'application/json', body: JSON.stringify({ query }) });
      },
      product: async (visitor) => {
        await call('product', visitor, `/ajax/projector.php?action=get&product=${pick(productIds)}&get=sizes,sizeavailability,sizedelivery,sizeprices`);
      },
      add: (visitor) => addLine(visitor, pick(visitor.favourites), 'add'),
      doubleAdd: async (visitor) => {
        // A double click: two adds of the same line in flight at once; both must count.
        const product = pick(visitor.favourites);
        await Promise.all([addLine(visitor, product, 'doubleAdd'), addLine(visitor, product, 'doubleAdd')]);
      },
      remove: async (visitor) => {
        const keys = [...visitor.expected.keys()];
        if (keys.length === 0) return addLine(visitor, pick(visitor.favourites), 'add');
        const key = pick(keys);
        const [id, size] = key.split('|');
        const { ok, json } = await call('remove', visitor, '/basketchange.php?mode=2', { method: 'POST', body: `product=${id}&size=${encodeURIComponent(size)}&number=0&getAjax=true`, parse: true });
        if (ok && (json as BasketChangeResponse).status === 'ok') visitor.expected.delete(key);
        else visitor.uncertain.add(key);
      },
    };

    // Each visitor arrives: its first request gets it the visitor cookie.
    const visitors: Visitor[] = [];
    for (let i = 0; i < CONNECTIONS; i++) {
      const favourites = Array.from({ length: 6 }, () => pick(buyable));
      const visitor: Visitor = { cookie: '', favourites, expected: new Map(), uncertain: new Set() };
      const { response } = await call('cookie', visitor, '/ajax/basket.php?getAjax=true');
      const cookie = response?.headers.get('set-cookie')?.split(';')[0] ?? '';
      if (!cookie.startsWith('shop_visitor=')) throw new Error('the server set no shop_visitor cookie');
      visitor.cookie = cookie;
      visitors.push(visitor);
    }
    samples.length = 0;

    const loadAtStart = loadavg();
    console.log(`Driving ${CONNECTIONS} visitors (1 connection each) for ${SECONDS} s: mix ${Object.entries(MIX).map(([k, w]) => `${k} ${w}`).join(', ')}`);
    const started = performance.now();
    const deadline = started + SECONDS * 1000;
    await Promise.all(
      visitors.map(async (visitor) => {
        while (performance.now() < deadline) await steps[pickKind()](visitor);
      }),
    );
    const elapsedS = (performance.now() - started) / 1000;
    const loadSamples = samples.filter((s) => s.kind !== 'basket check' && s.kind !== 'cookie');

    // Every basket against what its visitor sent.
    let linesExpected = 0;
    let linesFound = 0;
    let lostLines = 0;
    let lostUnits = 0;
    let unexpectedLines = 0;
    let uncertainLines = 0;
    let unitsExpected = 0;
    const mismatches: string[] = [];
    for (const visitor of visitors) {
      const { ok, json } = await call('basket check', visitor, '/ajax/basket.php?getAjax=true', { parse: true });
      if (!ok) {
        lostLines += visitor.expected.size;
        mismatches.push(`basket of ${visitor.cookie} unreadable`);
        continue;
      }
      const found = new Map<string, number>();
      for (const line of (json as BasketResponse).basket.products) {
        if (line.md5_additional) continue; // only plain lines are sent here
        found.set(lineKey(line.id, line.size), line.count);
      }
      linesFound += found.size;
      for (const [key, count] of visitor.expected) {
        if (visitor.uncertain.has(key)) continue;
        linesExpected++;
        unitsExpected += count;
        const got = found.get(key) ?? 0;
        if (got < count) {
          if (got === 0) lostLines++;
          lostUnits += count - got;
          mismatches.push(`${key}: sent ${count}, basket holds ${got}`);
        } else if (got > count) {
          unexpectedLines++;
          mismatches.push(`${key}: sent ${count}, basket holds ${got}`);
        }
      }
      for (const [key, got] of found) {
        if (visitor.uncertain.has(key)) {
          uncertainLines++;
          continue;
        }
        if (!visitor.expected.has(key)) {
          unexpectedLines++;
          mismatches.push(`${key}: removed or never sent, basket holds ${got}`);
        }
      }
    }

    const summarise = (rows: Sample[]) => {
      const sorted = rows.map((s) => s.ms).sort((a, b) => a - b);
      return {
        requests: rows.length,
        rps: Math.round(rows.length / elapsedS),
        p50Ms: round2(percentile(sorted, 50)),
        p99Ms: round2(percentile(sorted, 99)),
        maxMs: round2(sorted[sorted.length - 1] ?? NaN),
        errors: rows.filter((s) => !s.ok).length,
      };
    };
    const total = summarise(loadSamples);
    const timeouts = loadSamples.filter((s) => !s.ok && s.status === 0).length;
    const errorKinds = { httpErrors: loadSamples.filter((s) => !s.ok && s.status !== 0).length, clientTimeoutsOrResets: timeouts, clientTimeoutMs: REQUEST_TIMEOUT_MS };
    const byKind = (Object.keys(MIX) as Kind[]).map((kind) => ({ kind, ...summarise(loadSamples.filter((s) => s.kind === kind)) }));
    const baskets = { visitors: visitors.length, linesExpected, unitsExpected, linesFound, lostLines, lostUnits, unexpectedLines, uncertainLines };
    const section = {
      date: new Date().toISOString(),
      tool: 'fetch workers (one sequential visitor per connection), server in its own process on loopback',
      machine: { cores: cpus().length, loadAverageAtStart: loadAtStart.map(round2) },
      backend: BACKEND,
      serverProcesses: SERVERS,
      catalogue: CATALOGUE,
      connections: CONNECTIONS,
      seconds: round2(elapsedS),
      mix: MIX,
      target: { errors: 0, lostLines: 0 },
      met: total.errors === 0 && lostLines === 0 && lostUnits === 0 && unexpectedLines === 0,
      total,
      errorKinds,
      byKind,
      baskets,
      ...(errorsByReason.size ? { errorReasons: Object.fromEntries([...errorsByReason].slice(0, 20)) } : {}),
      ...(mismatches.length ? { mismatches: mismatches.slice(0, 20) } : {}),
    };

    console.log(`\nLoad: ${CONNECTIONS} connections for ${section.seconds} s on a catalogue of ${CATALOGUE}`);
    console.table([{ kind: 'all', ...total }, ...byKind]);
    console.log('Baskets checked against what was sent');
    console.table([baskets]);
    console.table([
      { target: 'zero errors', value: total.errors, status: total.errors === 0 ? 'met' : 'NOT met' },
      { target: 'zero lost lines', value: lostLines + (lostUnits ? ` (${lostUnits} units short)` : ''), status: lostLines === 0 && lostUnits === 0 ? 'met' : 'NOT met' },
      { target: 'no line the visitor did not send', value: unexpectedLines, status: unexpectedLines === 0 ? 'met' : 'NOT met' },
    ]);
    console.log(`Server: ${SERVERS} process${SERVERS > 1 ? 'es' : ''} on ${BACKEND}`);
    console.log(`Machine: ${cpus().length} cores, load average ${loadAtStart.map(round2).join(' / ')} at the start (other processes share it)`);
    if (errorsByReason.size) console.log('Errors:', Object.fromEntries(errorsByReason));
    if (mismatches.length) console.log('Mismatches (first 20):', mismatches.slice(0, 20));

    const outDir = join(__dirname, '..', '..', 'bench');
    mkdirSync(outDir, { recursive: true });
    const file = join(outDir, 'report.json');
    const previous = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
    // `load` is the last run; `loadRuns` keeps the last run of each backend and process count side by side.
    const runKey = `${BACKEND}, ${SERVERS} process${SERVERS > 1 ? 'es' : ''}`;
    writeFileSync(file, JSON.stringify({ ...previous, load: section, loadRuns: { ...(previous.loadRuns ?? {}), [runKey]: section } }, null, 2) + '\n');
    console.log(`\nWrote ${join('bench', 'report.json')} (sections load and loadRuns["${runKey}"])`);
  } finally {
    await shop.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
