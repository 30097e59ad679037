import mercurius, { type MercuriusContext } from 'mercurius';
import { ONE_SIZE, TRACKING_EVENTS_HEADER, TRAIT } from '../../src/api/wire';
import type { BrakeProductFilter, ShopRepository } from '../db/repository';
import { engineFieldFilter, vehicleEngines } from '../routes/search';
import { CMS_LANGUAGES } from '../db/cmsPages';
import { inLanguage } from '../catalogueLanguage';
import type { Language } from '../../src/i18n/runtime';

declare module 'mercurius' {
  interface MercuriusContext {
    /** The visitor cookie's id: whose basket and tracking events. */
    visitorId: string;
    /** The language the page asking is in (`lang` in the address, issue 34): the answers' names are in it. */
    language: Language;
  }
}

type GraphQLContext = MercuriusContext;

const BRAKE_QUERY_LIMIT = 50;
/** The brake queries filter by four traits: replacement code, axis, category, engine. */
const BRAKE_PARAMETERS_MAX = 4;
const SIZE_ID = /^[A-Za-z0-9_-]{1,32}$/;

function invalid(message: string): never {
  throw new mercurius.ErrorWithProps(message, { code: 'BAD_USER_INPUT' }, 400);
}

/** Answers that have pending tracking events say so in a header (the storefront then asks for them). */
async function announceTracking(repo: ShopRepository, context: GraphQLContext) {
  const pending = await repo.pendingTrackingEvents(context.visitorId);
  if (pending > 0) context.reply.header(TRACKING_EVENTS_HEADER, String(pending));
}

export function resolvers(repo: ShopRepository) {
  return {
    Query: {
      getLastLowestProductPrices: async (_: unknown, args: { lastLowestPricesInput: Array<{ productId: number; sizeId?: string | null }> }) => {
        if (args.lastLowestPricesInput.length > 100) invalid('At most 100 products per request');
        for (const input of args.lastLowestPricesInput) if (input.sizeId && !SIZE_ID.test(input.sizeId)) invalid('sizeId is not a valid size');
        return await repo.lowestPrices(args.lastLowestPricesInput);
      },
      trackingEvents: async (_: unknown, __: unknown, context: GraphQLContext) => {
        // Reading the events takes them: a GET (a link, a prefetch) never changes state.
        if (context.reply.request.method !== 'POST') throw new mercurius.ErrorWithProps('trackingEvents takes the events: send it by POST', { code: 'METHOD_NOT_ALLOWED' }, 405);
        return await repo.takeTrackingEvents(context.visitorId);
      },
      productsTextSearch: async (_: unknown, args: { searchInput: { text: string; limit?: number | null; lang?: string | null } }, context: GraphQLContext) => {
        const text = args.searchInput.text.trim();
        if (text.length > 120) invalid('text is longer than 120 characters');
        const limit = args.searchInput.limit ?? 10;
        if (limit < 1 || limit > 50) invalid('limit must be between 1 and 50');
        const lang = args.searchInput.lang ?? undefined;
        if (lang !== undefined && !CMS_LANGUAGES.includes(lang)) invalid(`lang must be one of ${CMS_LANGUAGES.join(', ')}`);
        // The products named in the page's language (issue 34).
        return await inLanguage(repo, context.language).textSearch(text, limit, lang);
      },
      products: async (
        _: unknown,
        args: { searchInput: { productsId?: number[] | null; parameters?: Array<{ id: number; values: number[] }> | null; vehicle?: string | null; limit?: number | null } },
        context: GraphQLContext,
      ) => {
        const input = args.searchInput;
        const limit = Math.min(input.limit ?? BRAKE_QUERY_LIMIT, BRAKE_QUERY_LIMIT);
        if (limit < 1) invalid('limit must be at least 1');
        const filter: BrakeProductFilter = { limit };
        if (input.productsId?.length) {
          if (input.productsId.length > BRAKE_QUERY_LIMIT) invalid(`At most ${BRAKE_QUERY_LIMIT} product ids`);
          filter.productIds = input.productsId;
        }
        if ((input.parameters?.length ?? 0) > BRAKE_PARAMETERS_MAX) invalid(`At most ${BRAKE_PARAMETERS_MAX} parameters (one per trait)`);
        for (const parameter of input.parameters ?? []) {
          if (!parameter.values.length || parameter.values.length > BRAKE_QUERY_LIMIT) invalid(`Parameter ${parameter.id} needs 1 to ${BRAKE_QUERY_LIMIT} values`);
          if (parameter.id === TRAIT.replacementCode) filter.replacementCodes = parameter.values;
          else if (parameter.id === TRAIT.axis) filter.axis = parameter.values[0];
          else if (parameter.id === TRAIT.category) filter.category = parameter.values[0];
          else if (parameter.id === TRAIT.engine) filter.engine = parameter.values[0];
          else invalid(`Parameter ${parameter.id} cannot filter brake products (use 172622, 148722, 24 or 49)`);
        }
        if (input.vehicle) {
          if (input.vehicle.length > 400) invalid('vehicle is longer than 400 characters');
          if (filter.engine !== undefined) invalid('Give an engine id (49) or a vehicle, not both');
          const field = await engineFieldFilter(repo, input.vehicle, 'vehicle').catch((error: Error) => invalid(error.message));
          filter.engines = 'id' in field ? [field.id] : await vehicleEngines(repo, field.vehicle);
        }
        if (!filter.productIds && !filter.replacementCodes && filter.axis === undefined && filter.category === undefined && filter.engine === undefined && !filter.engines) {
          invalid('Give productsId or parameters');
        }
        return { products: await inLanguage(repo, context.language).brakeProducts(filter) };
      },
      shipping: async (
        _: unknown,
        args: { ShippingInput: { mode: string; products: Array<{ id: number; size: string; quantity: number }>; forcedRegion?: string | null } },
        context: GraphQLContext,
      ) => {
        const input = args.ShippingInput;
        const region = input.forcedRegion ?? undefined;
        if (region !== undefined && !/^[A-Za-z0-9_-]{1,20}$/.test(region)) invalid('forcedRegion is not a region id');
        // Ours: mode "basket" prices the visitor's whole basket.
        if (input.mode === 'basket') return { shipping: await repo.basketShippingOptions(context.visitorId, region) };
        if (input.mode !== 'product') invalid('mode must be product or basket');
        if (input.products.length !== 1) invalid('Give exactly one product');
        const [product] = input.products;
        if (!SIZE_ID.test(product.size)) invalid('size is not a valid size');
        if (!(product.quantity > 0 && product.quantity <= 100_000)) invalid('quantity must be positive');
        const options = await repo.shippingOptions(product.id, product.size, product.quantity, region);
        if (!options) throw new mercurius.ErrorWithProps('Product or size not found', { code: 'NOT_FOUND' }, 404);
        return { shipping: options };
      },
    },
    Mutation: {
      addProductsToBasket: async (_: unknown, args: { ProductInput: Array<{ id: number; size: string; additional?: string | null; quantity?: number | null }> }, context: GraphQLContext) => {
        if (!args.ProductInput.length || args.ProductInput.length > 50) invalid('Give 1 to 50 products');
        // One line after the other: each add sees the basket the previous one left.
        const results: Array<{ status: string; error: { code: string; message: string } | null }> = [];
        for (const line of args.ProductInput) {
          if (!SIZE_ID.test(line.size || ONE_SIZE)) {
            results.push({ status: 'error', error: { code: 'invalid_parameter', message: 'size is not a valid size' } });
            continue;
          }
          const outcome = await repo.changeBasket(context.visitorId, {
            mode: 'add',
            productId: line.id,
            sizeId: line.size || ONE_SIZE,
            quantity: line.quantity ?? 1,
            // Only the variant keys the server issued pass the basket's check (server/db/basketLimits.ts).
            additional: line.additional ?? '',
          });
          results.push(outcome.ok ? { status: 'success', error: null } : { status: 'error', error: { code: outcome.code, message: outcome.message } });
        }
        await announceTracking(repo, context);
        return { status: results.every((r) => r.status === 'success') ? 'success' : 'error', results };
      },
      removeProductsFromBasket: async (_: unknown, args: { ProductInput: Array<{ id: number; size: string; additional?: string | null }> }, context: GraphQLContext) => {
        if (!args.ProductInput.length || args.ProductInput.length > 100) invalid('Give 1 to 100 products');
        const lines = args.ProductInput.map((line) => ({ id: line.id, size: line.size, additional: line.additional ?? '' }));
        const removed = await repo.removeFromBasket(context.visitorId, lines);
        return { status: removed > 0 ? 'success' : 'error', results: lines.map(() => ({ status: removed > 0 ? 'success' : 'error', error: null })) };
      },
    },
  };
}
