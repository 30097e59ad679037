import { inLanguage, requestLanguage } from '../catalogueLanguage';
import type { FastifyInstance } from 'fastify';
import type { FinderRowsResponse, ListingResponse, SearchValuesResponse } from '../../src/api/wire';
import { TRAIT } from '../../src/api/wire';
import { parseEngineField } from '../../src/domain/brakeFinder';
import { foldText } from '../../src/domain/searchText';
import type { ListingFilter, ShopRepository } from '../db/repository';
import { BadRequest, oneOf, optionalId, optionalText } from '../http';

type Params = Record<string, unknown>;

/** The traits the listing reads by name; any other traits_alt[{id}] is a plain trait filter. */
const NAMED_TRAITS: ReadonlySet<number> = new Set([TRAIT.category, TRAIT.subCategory, TRAIT.engine, TRAIT.replacementCode, TRAIT.axis]);
/** The most plain trait filters one listing takes. */
export const MAX_TRAIT_FILTERS = 10;

/**
 * traits_alt[{id}]={value id} for any trait of the catalogue (brake-shop spec section 2: "list"):
 * products carrying that value of that trait. Every trait named counts (all must hold).
 */
export function traitFilters(query: Params): Array<{ trait: number; value: number }> {
  const traits: Array<{ trait: number; value: number }> = [];
  for (const key of Object.keys(query)) {
    const match = /^traits_alt\[(\d{1,12})\]$/.exec(key);
    if (!match || NAMED_TRAITS.has(Number(match[1])) || query[key] === undefined) continue;
    const value = optionalId(query, key);
    if (value === undefined) continue;
    traits.push({ trait: Number(match[1]), value });
  }
  if (traits.length > MAX_TRAIT_FILTERS) throw new BadRequest('invalid_parameter', `At most ${MAX_TRAIT_FILTERS} traits_alt[{id}] filters`);
  return traits.sort((a, b) => a.trait - b.trait || a.value - b.value);
}

/** The listing filters the spec names, read from the query (traits_alt[...], menu_alt[...], text). */
export function listingFilter(query: Params): ListingFilter {
  const traits = traitFilters(query);
  return {
    ...(traits.length ? { traits } : {}),
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
        values = await inLanguage(repo, requestLanguage(request)).categoryCounts(await resolvedListingFilter(repo, params));
    }
    reply.header('Cache-Control', 'no-store');
    const answer: SearchValuesResponse = { values };
    return answer;
  });
}

/* ------------------------------------------------------------------ the finder's engine field */

/** A vehicle named level by level, as ids: what a built engine field resolves to. */
export type VehicleIds = Pick<ListingFilter, 'brand' | 'model' | 'generation' | 'engine'>;

/** No vehicle of that name: an engine id no fitment carries, so the filter matches nothing. */
const NO_VEHICLE: VehicleIds = { engine: 0 };

/**
 * A built engine field ("Brand|Model|Generation|Engine", 2 to 4 names, compared folded) as
 * the ids of its levels, through the configurator's own lookups; NO_VEHICLE when a name is
 * unknown.
 */
export async function resolveBuiltVehicle(repo: ShopRepository, names: readonly string[]): Promise<VehicleIds> {
  const find = (rows: Array<[number, string]>, name: string) => rows.find(([, label]) => foldText(label) === foldText(name))?.[0];
  const brand = find(await repo.brands(), names[0]);
  if (brand === undefined) return NO_VEHICLE;
  const model = find(await repo.models(brand), names[1]);
  if (model === undefined) return NO_VEHICLE;
  if (names.length < 3) return { brand, model };
  const generation = find(await repo.generations(model), names[2]);
  if (generation === undefined) return NO_VEHICLE;
  if (names.length < 4) return { brand, model, generation };
  const engine = find(await repo.engines(generation), names[3]);
  return engine === undefined ? NO_VEHICLE : { brand, model, generation, engine };
}

/** Every engine id of a resolved vehicle (the brake product query's engines). */
export async function vehicleEngines(repo: ShopRepository, vehicle: VehicleIds): Promise<number[]> {
  if (vehicle.engine !== undefined) return [vehicle.engine];
  const generations = vehicle.generation !== undefined ? [vehicle.generation] : vehicle.model !== undefined ? (await repo.generations(vehicle.model)).map(([id]) => id) : [];
  const engines: number[] = [];
  for (const generation of generations) engines.push(...(await repo.engines(generation)).map(([id]) => id));
  return engines;
}

/** The engine field of a query parameter: an engine id, or a built result resolved to ids. */
export async function engineFieldFilter(repo: ShopRepository, value: string, name: string): Promise<{ id: number } | { vehicle: VehicleIds }> {
  const parsed = parseEngineField(value);
  if (!parsed) throw new BadRequest('invalid_parameter', `Parameter ${name} must be an engine id or a built vehicle "Brand|Model[|Generation[|Engine]]"`);
  if (parsed.kind === 'id') return { id: parsed.engineId };
  return { vehicle: await resolveBuiltVehicle(repo, parsed.names) };
}

const ENGINE_PARAM = `traits_alt[${TRAIT.engine}]`;
const VEHICLE_PARAM = `traits_alt[${TRAIT.replacementCode}]`;

/**
 * The listing filter with the finder's fields read: traits_alt[49] (the engine field) and
 * traits_alt[172622] (a replacement code, or the vehicle of a finder result link) may be an
 * id or a built vehicle.
 */
export async function resolvedListingFilter(repo: ShopRepository, query: Params): Promise<ListingFilter> {
  const engine = optionalText(query, ENGINE_PARAM, 400);
  const vehicle = optionalText(query, VEHICLE_PARAM, 400);
  const filter = listingFilter({ ...query, [ENGINE_PARAM]: undefined, [VEHICLE_PARAM]: undefined });
  if (engine !== undefined) {
    const field = await engineFieldFilter(repo, engine, ENGINE_PARAM);
    Object.assign(filter, 'id' in field ? { engine: field.id } : field.vehicle);
  }
  if (vehicle !== undefined) {
    const field = await engineFieldFilter(repo, vehicle, VEHICLE_PARAM);
    // An id names a replacement code or a vehicle (the same id space; the repository matches both).
    Object.assign(filter, 'id' in field ? { replacementCode: field.id } : field.vehicle);
  }
  return filter;
}

/** The trait a finder request asks for: given empty (traits_alt[148722]= for axes, traits_alt[24]= for categories). */
export function askedFinderRows(query: Params): 'axes' | 'categories' | null {
  if (query[`traits_alt[${TRAIT.axis}]`] === '') return 'axes';
  if (query[`traits_alt[${TRAIT.category}]`] === '') return 'categories';
  return null;
}

/**
 * GET /search.php?json=true&...: the listing's data, or the finder's rows: the axes for
 * traits_alt[148722] (empty) with the engine field traits_alt[49]; the categories for
 * traits_alt[24] (empty) with traits_alt[49] and the axis traits_alt[148722].
 */
export async function listingData(repo: ShopRepository, query: Params): Promise<ListingResponse | FinderRowsResponse> {
  const asked = askedFinderRows(query);
  if (asked) {
    if (optionalText(query, ENGINE_PARAM, 400) === undefined) throw new BadRequest('missing_parameter', `The finder's rows need the engine field ${ENGINE_PARAM}`);
    if (asked === 'categories' && optionalId(query, `traits_alt[${TRAIT.axis}]`) === undefined) {
      throw new BadRequest('missing_parameter', `The finder's categories need the axis traits_alt[${TRAIT.axis}]`);
    }
  }
  const filter = await resolvedListingFilter(repo, asked ? { ...query, [`traits_alt[${asked === 'axes' ? TRAIT.axis : TRAIT.category}]`]: undefined } : query);
  if (asked === 'axes') return { values: await repo.axisCounts(filter) };
  if (asked === 'categories') return { values: await repo.categoryCounts(filter) };
  const page = optionalId(query, 'page') ?? 1;
  const pageSize = optionalId(query, 'limit') ?? 24;
  if (pageSize > 96) throw new BadRequest('invalid_parameter', 'Parameter limit must be at most 96');
  if (page > 10_000) throw new BadRequest('invalid_parameter', 'Parameter page is out of range');
  const listing = await repo.listing(filter, page, pageSize);
  // A copy: the repository's answer may be shared (server/db/searchCache.ts).
  return { ...listing, query: Object.fromEntries(Object.entries(query).filter(([key, value]) => key !== 'json' && typeof value === 'string')) as Record<string, string> };
}
