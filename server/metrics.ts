/**
 * The shop's metrics in Prometheus' text format (prom-client), on `GET /metrics`:
 *
 * - `shop_http_requests_total{method,route,status}` and `shop_http_request_duration_seconds{method,route}`
 *   (the route's pattern, `unmatched` for addresses no route has);
 * - `shop_page_render_seconds{page}`: React's server rendering of a page, per page type;
 * - `shop_page_cache_total{result="hit"|"miss"}`: the page cache's answers (`pageCacheHit()` /
 *   `pageCacheMiss()` for the cache to call);
 * - `shop_db_pool_connections{state}` (PostgreSQL: total, idle, waiting; SQLite: one connection);
 * - `shop_rate_limit_refusals_total{route}`: requests refused with 429;
 * - `shop_orders_total{result,reason}`: checkouts placed, repeated (the same key again), changed
 *   (amounts moved since the review) or refused, by reason (never who ordered);
 * - Node's own (`process_*`, `nodejs_*`: memory, event-loop lag, GC).
 *
 * Never public unless configured: on the shop's port `/metrics` answers only the addresses of
 * METRICS_ALLOW (the connection's own address; X-Forwarded-For is not read) and is a 404 for
 * everyone else; METRICS_PORT serves it on a port of its own (METRICS_HOST, default 127.0.0.1),
 * where a cluster's primary answers for all its workers.
 */
import cluster from 'node:cluster';
import { createServer, type Server } from 'node:http';
import { BlockList, isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import client from 'prom-client';

const register = client.register;
let defaultsCollected = false;

function metric<T>(name: string, make: () => T): T {
  return (register.getSingleMetric(name) as T | undefined) ?? make();
}

const requests = metric('shop_http_requests_total', () => new client.Counter({ name: 'shop_http_requests_total', help: 'HTTP requests answered, by method, route pattern and status', labelNames: ['method', 'route', 'status'] as const }));
const latency = metric(
  'shop_http_request_duration_seconds',
  () => new client.Histogram({ name: 'shop_http_request_duration_seconds', help: 'Time to answer a request, by method and route pattern', labelNames: ['method', 'route'] as const, buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5] }),
);
const pageRender = metric(
  'shop_page_render_seconds',
  () => new client.Histogram({ name: 'shop_page_render_seconds', help: "React's server rendering of a page, by page type", labelNames: ['page'] as const, buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1] }),
);
const pageCache = metric('shop_page_cache_total', () => new client.Counter({ name: 'shop_page_cache_total', help: "The page cache's answers: hit or miss", labelNames: ['result'] as const }));
const refusals = metric('shop_rate_limit_refusals_total', () => new client.Counter({ name: 'shop_rate_limit_refusals_total', help: 'Requests refused by a rate limit (429), by route pattern', labelNames: ['route'] as const }));

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}
let poolStats: (() => PoolStats) | undefined;
metric(
  'shop_db_pool_connections',
  () =>
    new client.Gauge({
      name: 'shop_db_pool_connections',
      help: 'Database connections of this process: total, idle, waiting (requests waiting for one)',
      labelNames: ['state'] as const,
      collect() {
        const stats = poolStats?.() ?? { total: 1, idle: 1, waiting: 0 };
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    }),
);

const orders = metric('shop_orders_total', () => new client.Counter({ name: 'shop_orders_total', help: 'Checkouts: placed, repeated, changed or refused (by reason)', labelNames: ['result', 'reason'] as const }));

/** A checkout's outcome: placed, repeated (its key again), changed, invalid or refused with its code. */
export function countOrder(result: string, reason = ''): void {
  orders.inc({ result, reason });
}

/** The page cache found the page. */
export function pageCacheHit(): void {
  pageCache.inc({ result: 'hit' });
}
/** The page cache had to draw the page. */
export function pageCacheMiss(): void {
  pageCache.inc({ result: 'miss' });
}

/** Times a page's rendering. */
export async function measureRender<T>(page: string, render: () => Promise<T>): Promise<T> {
  const end = pageRender.startTimer({ page });
  try {
    return await render();
  } finally {
    end();
  }
}

/** Who may read /metrics on the shop's port: addresses and CIDRs, comma separated (METRICS_ALLOW). */
export function metricsAllowList(value: string | undefined): BlockList | null {
  const entries = (value ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
  if (!entries.length) return null;
  const list = new BlockList();
  for (const entry of entries) {
    const [address, prefix] = entry.split('/');
    const family = isIP(address);
    if (!family) throw new Error(`METRICS_ALLOW: ${entry} is not an address or CIDR`);
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else {
      const bits = Number(prefix);
      if (!Number.isInteger(bits) || bits < 0 || bits > (family === 6 ? 128 : 32)) throw new Error(`METRICS_ALLOW: ${entry} has a bad prefix`);
      list.addSubnet(address, bits, type);
    }
  }
  return list;
}

function allowed(list: BlockList, address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
  return list.check(plain, isIP(plain) === 6 ? 'ipv6' : 'ipv4');
}

export interface MetricsOptions {
  /** Addresses allowed to read /metrics on the shop's port (default: METRICS_ALLOW); null: nobody. */
  allow?: BlockList | null;
  /** The database pool's use, read at each scrape. */
  poolStats?: () => PoolStats;
}

/** Counts every request and serves /metrics to the allowed addresses. */
export function registerMetrics(app: FastifyInstance, options: MetricsOptions = {}): void {
  if (!defaultsCollected) {
    defaultsCollected = true;
    client.collectDefaultMetrics({ register });
    // A cluster's worker answers its primary's requests for its metrics (METRICS_PORT).
    if (cluster.isWorker) new client.AggregatorRegistry();
  }
  if (options.poolStats) poolStats = options.poolStats;
  const allow = options.allow === undefined ? metricsAllowList(process.env.METRICS_ALLOW) : options.allow;
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    const status = String(reply.statusCode);
    requests.inc({ method: request.method, route, status });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    if (reply.statusCode === 429) refusals.inc({ route });
  });
  app.get('/metrics', async (request, reply) => {
    // The connection's own address: a forwarded header must not open the door.
    if (!allow || !allowed(allow, request.socket.remoteAddress)) {
      return reply.code(404).header('Cache-Control', 'no-store').send({ error: { code: 'not_found', message: 'Not found' } });
    }
    reply.header('Cache-Control', 'no-store').type(register.contentType);
    return register.metrics();
  });
}

/**
 * /metrics on a port of its own. `aggregate`: a cluster's primary, answering with the sum of its
 * workers' metrics (prom-client's AggregatorRegistry asks each worker).
 */
export async function startMetricsServer(options: { port: number; host?: string; aggregate?: boolean }): Promise<Server> {
  const aggregator = options.aggregate ? new client.AggregatorRegistry() : null;
  if (!aggregator && !defaultsCollected) {
    defaultsCollected = true;
    client.collectDefaultMetrics({ register });
  }
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || (request.url ?? '').split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    (aggregator ? aggregator.clusterMetrics() : register.metrics()).then(
      (text) => response.writeHead(200, { 'content-type': register.contentType, 'cache-control': 'no-store' }).end(text),
      (error: Error) => response.writeHead(500, { 'content-type': 'text/plain' }).end(`${error.message}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  return server;
}
