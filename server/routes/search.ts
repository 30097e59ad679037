import type { FastifyInstance } from 'fastify';
import type { ListingResponse, SearchValuesResponse } from '../../src/api/wire';
import { TRAIT } from '../../src/api/wire';
import type { ListingFilter, ShopRepository } from '../db/repository';
import { BadRequest, oneOf, optionalId, optionalText } from '../http';

type Params = Record<string, unknown>;

/** The listing filters the spec names, read from the query (traits_alt[...], menu_alt[...], text). */
export function listingFilter(query: Params): ListingFilter {
  return {
    // The category menu's levels (menu_alt[1_2], menu_alt[1_3]) name the same category and sub-category.
    category: optionalId(query, `traits_alt[${TRAIT.category}]`) ?? optionalId(query, 'menu_alt[1_2]'),
    subCategory: optionalId(query, `traits_alt[${TRAIT.subCategory}]`) ?? optionalId(query, 'menu_alt[1_3]'),
    engine: optionalId(query, `traits_alt[${TRAIT.engine}]`),
    replacementCode: optionalId(query, `traits_alt[${TRAIT.replacementCode}]`),
    axis: optionalId(query, `traits_alt[${TRAIT.axis}]`),
    brand: optionalId(query, 'menu_alt[2_1]'),
    model: optionalId(query, 'menu_alt[2_2]'),
    generation: optionalId(query, 'menu_alt[2_3]'),
    producer: optionalId(query, 'producer'),
    vehicle: optionalId(query, 'vehicle'),
    text: optionalText(query, 'text', 120)?.trim() || undefined,
    sort: oneOf(query, 'sort', ['popular', 'price_asc', 'price_desc', 'name'] as const),
    // Ours: promo=1 keeps the products sold below their recommended price (the promo categories).
    discounted: oneOf(query, 'promo', ['1'] as const) === '1' || undefined,
  };
}

export function searchRoutes(app: FastifyInstance, repo: ShopRepository): void {
  /**
   * POST /ajax/search.php?ajax=true&getOne=<select>: the options of one configurator select
   * ([id, label] rows), or category rows [id, name, count] for getOne=traits_alt[24].
   */
  app.post('/ajax/search.php', async (request, reply) => {
    const params: Params = { ...(request.query as Params), ...(typeof request.body === 'object' && request.body ? (request.body as Params) : {}) };
    const getOne = oneOf(params, 'getOne', ['menu_alt[2_1]', 'menu_alt[2_2]', 'menu_alt[2_3]', `traits_alt[${TRAIT.engine}]`, `traits_alt[${TRAIT.category}]`] as const);
    if (!getOne) throw new BadRequest('missing_parameter', 'Parameter getOne is required');
    let values: SearchValuesResponse['values'];
    switch (getOne) {
      case 'menu_alt[2_1]':
        values = await repo.brands();
        break;
      case 'menu_alt[2_2]': {
        const brand = optionalId(params, 'menu_alt[2_1]');
        if (brand === undefined) throw new BadRequest('missing_parameter', 'Choose a brand (menu_alt[2_1]) first');
        values = await repo.models(brand);
        break;
      }
      case 'menu_alt[2_3]': {
        const model = optionalId(params, 'menu_alt[2_2]');
        if (model === undefined) throw new BadRequest('missing_parameter', 'Choose a model (menu_alt[2_2]) first');
        values = await repo.generations(model);
        break;
      }
      case `traits_alt[${TRAIT.engine}]`: {
        const generation = optionalId(params, 'menu_alt[2_3]');
        if (generation === undefined) throw new BadRequest('missing_parameter', 'Choose a year (menu_alt[2_3]) first');
        values = await repo.engines(generation);
        break;
      }
      default:
        values = await repo.categoryCounts(listingFilter(params));
    }
    reply.header('Cache-Control', 'no-store');
    const answer: SearchValuesResponse = { values };
    return answer;
  });
}

/** GET /search.php?json=true&...: the listing's data, or the finder's axis / category rows. */
export async function listingData(repo: ShopRepository, query: Params): Promise<ListingResponse | { values: Array<[number, string, number]> }> {
  const filter = listingFilter(query);
  const finder = oneOf(query, 'finder', ['axes', 'categories'] as const);
  if (finder === 'axes') return { values: await repo.axisCounts(filter) };
  if (finder === 'categories') return { values: await repo.categoryCounts(filter) };
  const page = optionalId(query, 'page') ?? 1;
  const pageSize = optionalId(query, 'limit') ?? 24;
  if (pageSize > 96) throw new BadRequest('invalid_parameter', 'Parameter limit must be at most 96');
  if (page > 10_000) throw new BadRequest('invalid_parameter', 'Parameter page is out of range');
  const listing = await repo.listing(filter, page, pageSize);
  listing.query = Object.fromEntries(Object.entries(query).filter(([key, value]) => key !== 'json' && typeof value === 'string')) as Record<string, string>;
  return listing;
}
