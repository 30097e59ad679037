import type { FastifyInstance } from 'fastify';
import type { ListingResponse, ProductPageData } from '../src/api/wire';
import type { ProductChange, ShopRepository } from './db/repository';
import type { CatalogueChanges } from './catalogueChanges';
import { shopClock } from './clock';
import { sendError } from './http';
import type { PriceSetting } from './priceType';

/** Text a test puts into a product as the repository answers it (pages drawn on the server included). */
interface ProductOverride {
  name?: string;
  descriptionBefore?: string;
  descriptionAfter?: string;
}

/** The shop's settings as a test sets them for a while (`POST /__test/settings`): the order-by lead time. */
const settingOverrides: { orderByLeadHours?: number } = {};

/**
 * The repository as test hooks see it: a product's name and description can be changed for a
 * test (hostile text, say), whichever way the product is read: the server's page or the API,
 * the product page or a listing (the name).
 */
export function withTestOverrides(repo: ShopRepository, overrides: Map<number, ProductOverride>): ShopRepository {
  const apply = (found: ProductPageData | null): ProductPageData | null => {
    const page = found && settingOverrides.orderByLeadHours !== undefined ? { ...found, order_by_lead_hours: settingOverrides.orderByLeadHours } : found;
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
export function registerTestHooks(
  app: FastifyInstance,
  overrides: Map<number, ProductOverride> = new Map(),
  catalogue?: { repo: ShopRepository; catalogue: CatalogueChanges },
  priceSetting?: PriceSetting,
): void {
  const faults = new Map<string, Fault>();
  // The shop's price type for a test (net or gross); DELETE puts back the one the server started with.
  const startPriceType = priceSetting?.priceType ?? 'gross';
  app.post('/__test/price-type', async (request, reply) => {
    const body = request.body as { priceType?: unknown } | undefined;
    if (!priceSetting || (body?.priceType !== 'gross' && body?.priceType !== 'net')) return sendError(reply, 400, 'invalid_price_type', 'Give { priceType: "gross" | "net" }');
    priceSetting.priceType = body.priceType;
    // Every page drawn with the other price type goes.
    await catalogue?.catalogue.drop('all');
    return { status: 'ok' };
  });
  app.delete('/__test/price-type', async () => {
    if (priceSetting) priceSetting.priceType = startPriceType;
    await catalogue?.catalogue.drop('all');
    return { status: 'ok' };
  });
  app.post('/__test/product', async (request, reply) => {
    const body = request.body as ({ id?: unknown } & ProductOverride) | undefined;
    if (typeof body?.id !== 'number') return sendError(reply, 400, 'invalid_override', 'Give { id, name?, descriptionBefore?, descriptionAfter? }');
    overrides.set(body.id, { name: body.name, descriptionBefore: body.descriptionBefore, descriptionAfter: body.descriptionAfter });
    // Pages already drawn from the product go (this process only: overrides live here).
    await catalogue?.catalogue.drop([body.id]);
    return { status: 'ok' };
  });
  app.delete('/__test/product', async () => {
    const ids = [...overrides.keys()];
    overrides.clear();
    await catalogue?.catalogue.drop(ids);
    return { status: 'ok' };
  });
  // A catalogue write through the shop's own write path (repository.updateProduct): every server learns of it.
  app.post('/__test/catalogue', async (request, reply) => {
    const body = request.body as ({ id?: unknown } & ProductChange) | undefined;
    const valid =
      typeof body?.id === 'number' &&
      (body.price === undefined || (typeof body.price === 'number' && body.price > 0)) &&
      (body.stock === undefined || typeof body.stock === 'number') &&
      (body.name === undefined || (typeof body.name === 'string' && body.name.length > 0 && body.name.length <= 200));
    if (!catalogue || !valid) return sendError(reply, 400, 'invalid_change', 'Give { id, price?, stock?, name? }');
    const found = await catalogue.repo.updateProduct(body!.id as number, { price: body!.price, stock: body!.stock, name: body!.name });
    if (!found) return sendError(reply, 404, 'not_found', 'No such product');
    await catalogue.catalogue.drop([body!.id as number]);
    return { status: 'ok' };
  });
  // The catalogue changed in the database by another way than the shop's write path (a test's
  // own SQL, as a catalogue import would write it): what was drawn or kept from it goes, as after an import.
  app.delete('/__test/caches', async () => {
    await catalogue?.catalogue.drop('all');
    return { status: 'ok' };
  });
  // The shop's settings for a test (the order-by lead time), and the shop's clock (the hour "ships today" is judged at).
  app.post('/__test/settings', async (request, reply) => {
    const body = request.body as { orderByLeadHours?: unknown } | undefined;
    if (typeof body?.orderByLeadHours !== 'number') return sendError(reply, 400, 'invalid_settings', 'Give { orderByLeadHours }');
    settingOverrides.orderByLeadHours = body.orderByLeadHours;
    // Pages kept by the page cache were drawn with the settings / clock of before.
    await catalogue?.catalogue.drop('all');
    return { status: 'ok' };
  });
  app.delete('/__test/settings', async () => {
    delete settingOverrides.orderByLeadHours;
    // Pages kept by the page cache were drawn with the settings / clock of before.
    await catalogue?.catalogue.drop('all');
    return { status: 'ok' };
  });
  app.post('/__test/clock', async (request, reply) => {
    const body = request.body as { now?: unknown } | undefined;
    const at = typeof body?.now === 'string' ? new Date(body.now) : null;
    if (!at || Number.isNaN(at.getTime())) return sendError(reply, 400, 'invalid_clock', 'Give { now: an ISO date and time }');
    const offset = at.getTime() - Date.now();
    shopClock.now = () => new Date(Date.now() + offset);
    // Pages kept by the page cache were drawn with the settings / clock of before.
    await catalogue?.catalogue.drop('all');
    return { status: 'ok' };
  });
  app.delete('/__test/clock', async () => {
    shopClock.now = () => new Date();
    // Pages kept by the page cache were drawn with the settings / clock of before.
    await catalogue?.catalogue.drop('all');
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
