/**
 * `npm run bench:load`: a realistic mix against the shop server on loopback, then a check of
 * every basket against what was sent; on SQLite and, when a PostgreSQL server is named, on
 * PostgreSQL right after it, printed side by side with the ratio of their paces.
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
 * Besides requests per second and latency, each run reports the CPU time spent per request by
 * the server processes and (PostgreSQL) by the database's backends serving them, read from
 * /proc: on a shared machine the pace moves with whatever else runs, the CPU cost per request
 * much less.
 *
 * Env: LOAD_SECONDS (20), LOAD_CONNECTIONS (128), LOAD_PORT (8302), LOAD_CATALOGUE (10000),
 * LOAD_SERVERS (1): server processes sharing the port (the server's WORKERS).
 * DATABASE_URL (postgres://...): PostgreSQL runs too, after SQLite, each run on a database of its
 * own created on that server and dropped after (LOAD_PG_FRESH=0: on DATABASE_URL's database as
 * it is). LOAD_BACKENDS: `sqlite`, `postgresql` or both (default: both when DATABASE_URL is set,
 * else SQLite). LOAD_ROUNDS (1): SQLite and PostgreSQL back to back this many times; the
 * comparison quotes each round and the medians. After PostgreSQL's first run, the plans of the
 * mix's statements on its database are printed (and kept in the report). LOAD_MIX (`kind=weight,...`): another mix, to
 * measure one kind of request alone (kinds: browse, search, product, add, remove, doubleAdd).
 */
import Database from 'better-sqlite3';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startShop } from './shopServer';
import { postgresHotPlans } from './queryPlans';
import type { BasketResponse, BasketChangeResponse } from '../../src/api/wire';

const SECONDS = Number(process.env.LOAD_SECONDS || 20);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS || 128);
const PORT = Number(process.env.LOAD_PORT || 8302);
const CATALOGUE = Number(process.env.LOAD_CATALOGUE || 10_000);
const SERVERS = Number(process.env.LOAD_SERVERS || 1);
const ROUNDS = Number(process.env.LOAD_ROUNDS || 1);
type Backend = 'sqlite' | 'postgresql';
/** The targets of issue 22 (point 6): PostgreSQL at least this share of SQLite's pace, p99 at most this on both. */
const TARGET = { paceRatio: 0.6, p99Ms: 300 };
const REQUEST_TIMEOUT_MS = 10_000;

type Kind = 'browse' | 'search' | 'product' | 'add' | 'remove' | 'doubleAdd';
/** Weights of the mix: mostly looking, some buying. */
const DEFAULT_MIX: Record<Kind, number> = { browse: 30, search: 25, product: 22, add: 14, remove: 6, doubleAdd: 3 };
/** LOAD_MIX (e.g. `browse=1` or `add=2,remove=1`): other weights, to see what one kind of request costs; the default mix otherwise. */
const MIX: Record<Kind, number> = process.env.LOAD_MIX
  ? Object.fromEntries(
      (Object.keys(DEFAULT_MIX) as Kind[]).map((kind) => {
        const given = process.env.LOAD_MIX!.split(',').map((part) => part.split('=')).find(([name]) => name.trim() === kind);
        return [kind, given ? Number(given[1]) : 0];
      }),
    ) as Record<Kind, number>
  : DEFAULT_MIX;
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
async function catalogueRows(dataDir: string, databaseUrl: string | undefined, sql: string): Promise<unknown[]> {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
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

/** Clock ticks a second of /proc's CPU times (USER_HZ: 100 on Linux). */
const TICKS_PER_S = 100;

/** user + system CPU time of a process, ms (/proc/<pid>/stat; null when it cannot be read). */
function processCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_S;
  } catch {
    return null;
  }
}

/** The process and every process below it (the server's cluster workers). */
function processTree(root: number): number[] {
  const parents = new Map<number, number[]>();
  let entries: string[] = [];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [root];
  }
  for (const name of entries) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(parent, [...(parents.get(parent) ?? []), Number(name)]);
    } catch {
      /* gone meanwhile */
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(parents.get(tree[i]) ?? []));
  return tree;
}

/** CPU ms per process id, for the processes that could be read. */
function cpuSnapshot(pids: number[]): Map<number, number> {
  const snapshot = new Map<number, number>();
  for (const pid of pids) {
    const ms = processCpuMs(pid);
    if (ms !== null) snapshot.set(pid, ms);
  }
  return snapshot;
}

/** CPU ms spent between two snapshots (a process that started meanwhile counts whole). */
function cpuSpent(before: Map<number, number>, after: Map<number, number>): number {
  let spent = 0;
  for (const [pid, ms] of after) spent += ms - (before.get(pid) ?? 0);
  return spent;
}

/** The PostgreSQL backends serving a database (their process ids, on this machine's server). */
async function databaseBackends(databaseUrl: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

/** A database of its own for one PostgreSQL run, on the server DATABASE_URL names; dropped by `drop`. */
async function freshDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `shop_load_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

type LoadSection = Awaited<ReturnType<typeof runLoad>>;

/** One run of the mix on one backend: the server started on a temporary database, driven, checked, stopped. */
async function runLoad(backend: Backend, databaseUrl: string | undefined) {
  console.log(`\nShop server on 127.0.0.1:${PORT} (${SERVERS} process${SERVERS > 1 ? 'es' : ''}, ${backend}), temporary database of ${CATALOGUE} products...`);
  // The server reads DATABASE_URL: PostgreSQL's run gets its database, SQLite's none at all.
  const shop = await startShop({ port: PORT, catalogueSize: CATALOGUE, workers: SERVERS, env: { DATABASE_URL: databaseUrl ?? '' } });
  const base = shop.baseUrl;
  const baseHost = new URL(base);
  const origin = baseHost.origin;
  // One kept-alive connection per request in flight (a visitor's double click takes two).
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  const samples: Sample[] = [];
  const errorsByReason = new Map<string, number>();
  const noteError = (reason: string) => errorsByReason.set(reason, (errorsByReason.get(reason) ?? 0) + 1);

  try {
    // Products any visitor may add without a rule getting in the way: unlimited stock, sold
    // by 1, no minimum above 1, no maximum, not phone-priced or free.
    const buyable = (await catalogueRows(
      shop.dataDir,
      databaseUrl,
      `SELECT p.id AS id, s.size_id AS size FROM products p JOIN sizes s ON s.product_id = p.id
       WHERE p.id >= 100 AND s.stock = -1 AND s.status = 'enable' AND s.basket_enable = 1 AND s.points = 0
         AND p.gratis = 0 AND p.phone_price = 0 AND p.unit_sellby = 1
         AND p.max_quantity IS NULL AND p.max_size_quantity IS NULL
         AND COALESCE(p.min_quantity, 1) <= 1 AND COALESCE(p.min_size_quantity, 1) <= 1
       ORDER BY p.popularity DESC, p.id LIMIT 400`,
    )) as Array<{ id: number; size: string }>;
    const productIds = ((await catalogueRows(shop.dataDir, databaseUrl, 'SELECT id FROM products')) as Array<{ id: number }>).map((row) => Number(row.id));
    for (const row of buyable) row.id = Number(row.id);
    if (buyable.length < 10) throw new Error(`only ${buyable.length} products to buy in the demo catalogue`);

    /**
     * One request, timed to the end of its body. Only basket answers are parsed (their
     * status counts); the others are judged by status and, for GraphQL, an errors array, so
     * the client spends as little CPU as it can on the machine it shares with the server: plain
     * node:http on kept-alive connections (fetch cost the client as much CPU per request as the
     * server spent), the compressed answers inflated here.
     */
    async function call(kind: Sample['kind'], visitor: Visitor | null, path: string, init: { method?: 'GET' | 'POST'; body?: string; type?: string; parse?: boolean } = {}) {
      const headers: Record<string, string> = { accept: 'application/json', 'accept-encoding': 'gzip, br' };
      if (visitor?.cookie) headers.cookie = visitor.cookie;
      if (init.method === 'POST') {
        headers.origin = origin;
        headers['content-type'] = init.type ?? 'application/x-www-form-urlencoded';
        headers['content-length'] = String(Buffer.byteLength(init.body ?? ''));
      }
      const started = performance.now();
      try {
        const response = await send(path, init.method ?? 'GET', headers, init.body);
        const ms = performance.now() - started;
        const text = response.text;
        let json: unknown = undefined;
        let ok = response.status >= 200 && response.status < 300 && (response.headers['content-type'] ?? '').includes('json') && !(path.startsWith('/graphql') && text.includes('"errors":['));
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

    /** One HTTP exchange on the agent's kept-alive connections: status, headers and the body's text (inflated). */
    function send(path: string, method: string, headers: Record<string, string>, body: string | undefined): Promise<{ status: number; headers: IncomingHttpHeaders; text: string }> {
      return new Promise((resolve, reject) => {
        const request = httpRequest({ host: baseHost.hostname, port: baseHost.port, path, method, headers, agent, timeout: REQUEST_TIMEOUT_MS }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            try {
              const raw = Buffer.concat(chunks);
              const encoding = response.headers['content-encoding'];
              const inflated = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
              resolve({ status: response.statusCode ?? 0, headers: response.headers, text: inflated.toString('utf8') });
            } catch (error) {
              reject(error);
            }
          });
        });
        request.on('timeout', () => request.destroy(Object.assign(new Error(`no answer in ${REQUEST_TIMEOUT_MS} ms`), { name: 'TimeoutError' })));
        request.on('error', reject);
        request.end(body);
      });
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
      const cookie = response?.headers['set-cookie']?.[0]?.split(';')[0] ?? '';
      if (!cookie.startsWith('shop_visitor=')) throw new Error('the server set no shop_visitor cookie');
      visitor.cookie = cookie;
      visitors.push(visitor);
    }
    samples.length = 0;

    const loadAtStart = loadavg();
    // CPU spent while driving: the server's processes, and the database's backends (PostgreSQL).
    const serverPids = processTree(shop.pid);
    const backendPids = databaseUrl ? await databaseBackends(databaseUrl).catch(() => []) : [];
    const cpuBefore = { server: cpuSnapshot(serverPids), database: cpuSnapshot(backendPids), client: process.cpuUsage() };
    console.log(`Driving ${CONNECTIONS} visitors (1 connection each) for ${SECONDS} s: mix ${Object.entries(MIX).map(([k, w]) => `${k} ${w}`).join(', ')}`);
    const started = performance.now();
    const deadline = started + SECONDS * 1000;
    await Promise.all(
      visitors.map(async (visitor) => {
        while (performance.now() < deadline) await steps[pickKind()](visitor);
      }),
    );
    const elapsedS = (performance.now() - started) / 1000;
    const backendPidsAfter = databaseUrl ? await databaseBackends(databaseUrl).catch(() => backendPids) : [];
    const clientCpu = process.cpuUsage(cpuBefore.client);
    const cpuMs = {
      server: cpuSpent(cpuBefore.server, cpuSnapshot(serverPids)),
      database: cpuSpent(cpuBefore.database, cpuSnapshot([...new Set([...backendPids, ...backendPidsAfter])])),
      client: (clientCpu.user + clientCpu.system) / 1000,
    };
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
    const perRequest = (ms: number) => (total.requests ? round2(ms / total.requests) : NaN);
    const cpuPerRequestMs = {
      server: perRequest(cpuMs.server),
      database: perRequest(cpuMs.database),
      total: perRequest(cpuMs.server + cpuMs.database),
      loadClient: perRequest(cpuMs.client),
    };
    const section = {
      date: new Date().toISOString(),
      tool: 'node:http client, kept-alive connections (one sequential visitor per connection), server in its own process on loopback',
      machine: { cores: cpus().length, loadAverageAtStart: loadAtStart.map(round2) },
      backend,
      serverProcesses: SERVERS,
      catalogue: CATALOGUE,
      connections: CONNECTIONS,
      seconds: round2(elapsedS),
      mix: MIX,
      target: { errors: 0, lostLines: 0 },
      met: total.errors === 0 && lostLines === 0 && lostUnits === 0 && unexpectedLines === 0,
      total,
      errorKinds,
      cpuPerRequestMs,
      cpuMeasured: backend === 'sqlite' ? 'server processes (SQLite runs inside them)' : 'server processes, and the PostgreSQL backends connected to the run\u2019s database (not the database server\u2019s background writers)',
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
    console.log(`Server: ${SERVERS} process${SERVERS > 1 ? 'es' : ''} on ${backend}; CPU per request: server ${cpuPerRequestMs.server} ms, database ${cpuPerRequestMs.database} ms (load client ${cpuPerRequestMs.loadClient} ms)`);
    console.log(`Machine: ${cpus().length} cores, load average ${loadAtStart.map(round2).join(' / ')} at the start (other processes share it)`);
    if (errorsByReason.size) console.log('Errors:', Object.fromEntries(errorsByReason));
    if (mismatches.length) console.log('Mismatches (first 20):', mismatches.slice(0, 20));

    return section;
  } finally {
    agent.destroy();
    await shop.stop();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : round2((sorted[middle - 1] + sorted[middle]) / 2);
};

async function main() {
  if (!Number.isInteger(SERVERS) || SERVERS < 1) throw new Error(`LOAD_SERVERS must be a positive integer, got ${process.env.LOAD_SERVERS}`);
  if (!Number.isInteger(ROUNDS) || ROUNDS < 1) throw new Error(`LOAD_ROUNDS must be a positive integer, got ${process.env.LOAD_ROUNDS}`);
  const serverUrl = process.env.DATABASE_URL || undefined;
  const backends = (process.env.LOAD_BACKENDS ? process.env.LOAD_BACKENDS.split(',').map((b) => b.trim()) : serverUrl ? ['sqlite', 'postgresql'] : ['sqlite']) as Backend[];
  for (const backend of backends) if (backend !== 'sqlite' && backend !== 'postgresql') throw new Error(`LOAD_BACKENDS lists sqlite and/or postgresql, got ${backend}`);
  if (backends.includes('postgresql') && !serverUrl) throw new Error('PostgreSQL needs DATABASE_URL (postgres://user@host:port/database)');
  const fresh = process.env.LOAD_PG_FRESH !== '0';

  const runs: Record<Backend, LoadSection[]> = { sqlite: [], postgresql: [] };
  let plans: Awaited<ReturnType<typeof postgresHotPlans>> | undefined;
  for (let round = 1; round <= ROUNDS; round++) {
    for (const backend of backends) {
      if (ROUNDS > 1) console.log(`\n=== Round ${round} of ${ROUNDS}: ${backend}`);
      if (backend === 'sqlite') {
        runs.sqlite.push(await runLoad('sqlite', undefined));
        continue;
      }
      const database = fresh ? await freshDatabase(serverUrl!) : null;
      try {
        runs.postgresql.push(await runLoad('postgresql', database?.url ?? serverUrl));
        // The plans of the mix's statements, on the database the run used (once).
        if (!plans) plans = await postgresHotPlans(database?.url ?? serverUrl!);
      } finally {
        await database?.drop();
      }
    }
  }

  const outDir = join(__dirname, '..', '..', 'bench');
  mkdirSync(outDir, { recursive: true });
  const file = join(outDir, 'report.json');
  const previous = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const runKey = (backend: Backend) => `${backend}, ${SERVERS} process${SERVERS > 1 ? 'es' : ''}`;
  const last = (backend: Backend) => runs[backend][runs[backend].length - 1];
  // `load` is the last run; `loadRuns` keeps the last run of each backend and process count side by side.
  const loadRuns = { ...(previous.loadRuns ?? {}) };
  for (const backend of backends) loadRuns[runKey(backend)] = last(backend);
  let comparison: Record<string, unknown> | undefined;
  if (runs.sqlite.length && runs.postgresql.length) {
    const summary = (backend: Backend) => {
      const list = runs[backend];
      return {
        backend,
        rps: median(list.map((r) => r.total.rps)),
        p50Ms: median(list.map((r) => r.total.p50Ms)),
        p99Ms: median(list.map((r) => r.total.p99Ms)),
        errors: list.reduce((n, r) => n + r.total.errors, 0),
        lostLines: list.reduce((n, r) => n + r.baskets.lostLines + r.baskets.unexpectedLines, 0),
        cpuMsPerRequest: median(list.map((r) => r.cpuPerRequestMs.total)),
      };
    };
    const sqlite = summary('sqlite');
    const postgresql = summary('postgresql');
    // Each round's ratio is of two runs a minute apart; the median of those is what is judged.
    const rounds = runs.postgresql.map((pgRun, i) => ({
      round: i + 1,
      sqliteRps: runs.sqlite[i]?.total.rps,
      postgresqlRps: pgRun.total.rps,
      ratio: runs.sqlite[i] ? round2(pgRun.total.rps / runs.sqlite[i].total.rps) : NaN,
      sqliteP99Ms: runs.sqlite[i]?.total.p99Ms,
      postgresqlP99Ms: pgRun.total.p99Ms,
      sqliteCpuMsPerRequest: runs.sqlite[i]?.cpuPerRequestMs.total,
      postgresqlCpuMsPerRequest: pgRun.cpuPerRequestMs.total,
      loadAverageAtStart: [runs.sqlite[i]?.machine.loadAverageAtStart[0], pgRun.machine.loadAverageAtStart[0]],
    }));
    const paceRatio = median(rounds.map((r) => r.ratio));
    const cpuRatio = round2(sqlite.cpuMsPerRequest / postgresql.cpuMsPerRequest);
    const met = {
      paceRatio: paceRatio >= TARGET.paceRatio,
      p99: sqlite.p99Ms <= TARGET.p99Ms && postgresql.p99Ms <= TARGET.p99Ms,
      errors: sqlite.errors === 0 && postgresql.errors === 0,
      lostLines: sqlite.lostLines === 0 && postgresql.lostLines === 0,
    };
    comparison = { date: new Date().toISOString(), serverProcesses: SERVERS, rounds, sqlite, postgresql, paceRatio, cpuPerRequestRatio: cpuRatio, target: TARGET, met };
    console.log(`\nSQLite and PostgreSQL, ${SERVERS} server process${SERVERS > 1 ? 'es' : ''} each, ${CONNECTIONS} visitors, ${ROUNDS} round${ROUNDS > 1 ? 's' : ''} back to back${ROUNDS > 1 ? ' (medians)' : ''}`);
    console.table([sqlite, postgresql, { backend: 'PostgreSQL / SQLite', rps: paceRatio, p50Ms: round2(postgresql.p50Ms / sqlite.p50Ms), p99Ms: round2(postgresql.p99Ms / sqlite.p99Ms), cpuMsPerRequest: round2(postgresql.cpuMsPerRequest / sqlite.cpuMsPerRequest) }]);
    if (ROUNDS > 1) console.table(rounds);
    console.table([
      { target: `PostgreSQL >= ${TARGET.paceRatio} of SQLite's requests/s`, value: paceRatio, status: met.paceRatio ? 'met' : 'NOT met' },
      { target: `p99 <= ${TARGET.p99Ms} ms on both`, value: `${sqlite.p99Ms} / ${postgresql.p99Ms}`, status: met.p99 ? 'met' : 'NOT met' },
      { target: 'zero errors on both', value: `${sqlite.errors} / ${postgresql.errors}`, status: met.errors ? 'met' : 'NOT met' },
      { target: 'zero lost or unexpected lines on both', value: `${sqlite.lostLines} / ${postgresql.lostLines}`, status: met.lostLines ? 'met' : 'NOT met' },
    ]);
    console.log(`CPU per request (server + database): PostgreSQL costs ${round2(1 / cpuRatio)}x SQLite's, the pace a CPU-bound machine allows it`);
  }
  if (plans) {
    console.log('\nPostgreSQL plans of the mix\u2019s statements (prepared, as a serving connection runs them; EXPLAIN ANALYZE)');
    for (const plan of plans) {
      console.log(`\n${plan.call}${plan.tableScans.length ? `  [reads a table whole: ${plan.tableScans.join('; ')}]` : ''}\n  ${plan.sql.length > 200 ? `${plan.sql.slice(0, 200)}...` : plan.sql}`);
      for (const line of plan.plan) console.log(`    ${line}`);
    }
  }
  const lastRun = last(backends[backends.length - 1]);
  writeFileSync(file, JSON.stringify({ ...previous, load: lastRun, loadRuns, ...(comparison ? { loadComparison: comparison } : {}), ...(plans ? { loadPostgresPlans: plans.map(({ call, sql, plan, scans, tableScans }) => ({ call, sql, plan, scans, tableScans })) } : {}) }, null, 2) + '\n');
  console.log(`\nWrote ${join('bench', 'report.json')} (sections load, loadRuns${comparison ? ', loadComparison' : ''})`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
