import type { FastifyInstance } from 'fastify';
import type { ListingResponse, ProductPageData } from '../src/api/wire';
import type { ShopRepository } from './db/repository';
import { sendError } from './http';

/** Text a test puts into a product as the repository answers it (pages drawn on the server included). */
interface ProductOverride {
  name?: string;
  descriptionBefore?: string;
  descriptionAfter?: string;
}

/**
 * The repository as test hooks see it: a product's name and description can be changed for a
 * test (hostile text, say), whichever way the product is read: the server's page or the API,
 * the product page or a listing (the name).
 */
export function withTestOverrides(repo: ShopRepository, overrides: Map<number, ProductOverride>): ShopRepository {
  const apply = (page: ProductPageData | null): ProductPageData | null => {
    const override = page ? overrides.get(page.product_id) : undefined;
    if (!page || !override) return page;
    return {
      ...page,
      name: override.name ?? page.name,
      longDescription: `${override.descriptionBefore ?? ''}${page.longDescription}${override.descriptionAfter ?? ''}`,
    };
  };
  const applyToListing = (listing: ListingResponse): ListingResponse => ({
    ...listing,
    products: listing.products.map((product) => ({ ...product, name: overrides.get(product.id)?.name ?? product.name })),
  });
  return new Proxy(repo, {
    get(target, property, receiver) {
      if (property === 'productPage') return async (id: number) => apply(await target.productPage(id));
      if (property === 'listing') return async (...args: Parameters<ShopRepository['listing']>) => applyToListing(await target.listing(...args));
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

interface Fault {
  mode: 'fail' | 'delay';
  ms: number;
  /** How many requests it still applies to; Infinity when not given. */
  remaining: number;
}

/**
 * Fault injection for browser tests (only with SHOP_TEST_HOOKS=1): make an endpoint fail or
 * slow down on purpose, to see the storefront's error texts and fallbacks.
 */
export function registerTestHooks(app: FastifyInstance, overrides: Map<number, ProductOverride> = new Map()): void {
  const faults = new Map<string, Fault>();
  app.post('/__test/product', async (request, reply) => {
    const body = request.body as ({ id?: unknown } & ProductOverride) | undefined;
    if (typeof body?.id !== 'number') return sendError(reply, 400, 'invalid_override', 'Give { id, name?, descriptionBefore?, descriptionAfter? }');
    overrides.set(body.id, { name: body.name, descriptionBefore: body.descriptionBefore, descriptionAfter: body.descriptionAfter });
    return { status: 'ok' };
  });
  app.delete('/__test/product', async () => {
    overrides.clear();
    return { status: 'ok' };
  });
  app.post('/__test/faults', async (request, reply) => {
    const body = request.body as { path?: unknown; mode?: unknown; ms?: unknown; times?: unknown } | undefined;
    if (typeof body?.path !== 'string' || (body.mode !== 'fail' && body.mode !== 'delay')) {
      return sendError(reply, 400, 'invalid_fault', 'Give { path, mode: "fail" | "delay", ms?, times? }');
    }
    faults.set(body.path, { mode: body.mode, ms: typeof body.ms === 'number' ? body.ms : 0, remaining: typeof body.times === 'number' ? body.times : Infinity });
    return { status: 'ok' };
  });
  app.delete('/__test/faults', async () => {
    faults.clear();
    return { status: 'ok' };
  });
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0];
    const fault = faults.get(path);
    if (!fault || path.startsWith('/__test/')) return;
    if (--fault.remaining <= 0) faults.delete(path);
    if (fault.mode === 'delay') await new Promise((resolve) => setTimeout(resolve, fault.ms));
    else return sendError(reply, 500, 'test_fault', 'Fault injected by a test');
  });
}
