import type { FastifyInstance } from 'fastify';
import type { ShopRepository } from './db/repository';
import type { PageCache } from './pageCache';

/**
 * Prices never stale for long (issue 22, point 3). A catalogue write (`updateProduct`, a
 * re-seed, a catalogue import: server/db/catalogue/store.ts) is recorded in the database in its own transaction; every server process learns of
 * it (PostgreSQL: LISTEN/NOTIFY, at once; SQLite: the change log read every CATALOGUE_POLL_MS)
 * and drops what it drew from the old values: the pages showing the product (tag
 * `product:<id>`) in its page cache, the kept search answers, and, when caches in front are
 * named (CACHE_PURGE_URLS), the same tags there (an HTTP `BAN` carrying `X-Shop-Ban`, see
 * deploy/varnish/shop.vcl). The writing process drops its own at once.
 */
export interface CatalogueChanges {
  /** Drops what this process (and the caches in front) hold for these products. */
  drop(products: number[] | 'all'): Promise<void>;
}

/** CACHE_PURGE_URLS: the caches in front (e.g. `http://127.0.0.1:6081`), comma separated. */
export function purgeUrlsFromEnv(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean)
    .map((url) => {
      if (!/^https?:\/\/[^/]+\/?$/.test(url)) throw new Error(`CACHE_PURGE_URLS must list http(s)://host:port addresses, got ${url}`);
      return url.replace(/\/$/, '');
    });
}

/** The regular expression a cache bans by: any answer whose X-Shop-Tags holds one of these tags. */
export function banExpression(products: number[] | 'all'): string {
  if (products === 'all') return '.';
  // No spaces: Varnish's ban expression takes it unquoted (deploy/varnish/shop.vcl).
  return `\\b(${products.map((id) => `product:${Math.trunc(id)}`).join('|')})\\b`;
}

export function watchCatalogueChanges(
  app: FastifyInstance,
  repo: ShopRepository,
  caches: { pageCache: PageCache; clearAnswers?: () => void; purgeUrls?: readonly string[]; purgeSecret?: string },
): CatalogueChanges {
  const purgeUrls = caches.purgeUrls ?? [];
  // The shared secret the cache in front asks of a BAN (CACHE_PURGE_SECRET; deploy/varnish/shop.vcl).
  const secret = caches.purgeSecret ?? process.env.CACHE_PURGE_SECRET ?? '';
  const drop = async (products: number[] | 'all') => {
    const dropped = products === 'all' ? (caches.pageCache.clear(), -1) : caches.pageCache.dropTags(products.map((id) => `product:${id}`));
    caches.clearAnswers?.();
    app.log.info({ products, dropped }, 'catalogue changed: cached pages dropped');
    await Promise.all(
      purgeUrls.map(async (url) => {
        try {
          const answer = await fetch(`${url}/`, { method: 'BAN', headers: { 'X-Shop-Ban': banExpression(products), ...(secret ? { 'X-Shop-Purge-Secret': secret } : {}) }, signal: AbortSignal.timeout(2000) });
          if (!answer.ok) app.log.warn({ url, status: answer.status }, 'the cache in front refused the ban');
        } catch (error) {
          app.log.warn({ url, error: String(error) }, 'the cache in front could not be told of a catalogue change');
        }
      }),
    );
  };
  // A repository without a change feed (a test double) has nothing to watch.
  const stop = typeof repo.watchCatalogue === 'function' ? repo.watchCatalogue((products) => void drop(products)) : null;
  app.addHook('onClose', async () => {
    await stop?.();
  });
  return { drop };
}
