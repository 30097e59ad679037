import { http } from './http';
import { JSON_CACHE_PREFIX, sessionCached } from './sessionCache';
import { GRAPHQL_PATH } from './graphql';
import type { BrakeProduct, EngineNode, FinderRowsResponse, GraphQLResponse, ProductsSearchInput, ProductTrait, ProjectorResponse } from './wire';
import { ENGINE_DATA_COUNTRIES, TRAIT } from './wire';

/**
 * The brake finder's calls (brake-shop spec section 7): engine data per brand letter, the
 * vehicle search list, axis and category rows, brake product queries (limit 50) and traits.
 */
export const ENGINE_DATA_PATH = '/data/include/cms/';
export const FINDER_PRODUCTS_LIMIT = 50;

export interface SearchVehicleEntry {
  id: number;
  value: Record<string, string>;
}


/** Engine data lives per country (shop version): /data/include/cms/{country}/engine_categories_*.json; unknown countries read the default (it). */
export function engineDataPath(country: string): string {
  const known = (ENGINE_DATA_COUNTRIES as readonly string[]).includes(country) ? country : ENGINE_DATA_COUNTRIES[0];
  return `${ENGINE_DATA_PATH}${known}/`;
}

/** engine_categories_marka.json of a country: brand initials, each with its brands. */
export async function fetchBrandInitials(country: string, signal?: AbortSignal): Promise<EngineNode[]> {
  const answer = await http.get<EngineNode[]>(`${engineDataPath(country)}engine_categories_marka.json`, { signal });
  return Array.isArray(answer.data) ? answer.data : [];
}

/** engine_categories_{letter}.json of a country: brand > model > generation > engine of brands with that initial. */
export async function fetchEngineData(letter: string, country: string, signal?: AbortSignal): Promise<EngineNode[]> {
  if (!/^[a-z]$/.test(letter)) throw new Error(`no engine data for "${letter}"`);
  const path = `${engineDataPath(country)}engine_categories_${letter}.json`;
  // The finder's JSON: kept in session storage for the session (brake-shop spec, section 7).
  return sessionCached(`${JSON_CACHE_PREFIX}${path}`, async () => {
    const answer = await http.get<EngineNode[]>(path, { signal });
    return Array.isArray(answer.data) ? answer.data : [];
  });
}

/** The finder's vehicle search list. */
export async function fetchSearchVehicles(signal?: AbortSignal): Promise<SearchVehicleEntry[]> {
  const path = `${ENGINE_DATA_PATH}brake_vehicles.json`;
  return sessionCached(`${JSON_CACHE_PREFIX}${path}`, async () => {
    const answer = await http.get<SearchVehicleEntry[]>(path, { signal });
    return Array.isArray(answer.data) ? answer.data : [];
  });
}

/** The finder's search-results path (the listing's JSON mode). */
export const FINDER_ROWS_PATH = '/search.php';

/** Axis rows [id, name, count]: traits_alt[148722] (asked, empty) with the serialised engine field (traits_alt[49]). */
export function axesParams(engine: string): Record<string, string> {
  return { json: 'true', [`traits_alt[${TRAIT.axis}]`]: '', [`traits_alt[${TRAIT.engine}]`]: engine };
}

/** Category rows [id, name, count]: traits_alt[24] (asked, empty) with the engine and axis fields. */
export function categoriesParams(engine: string, axis: number): Record<string, string> {
  return { json: 'true', [`traits_alt[${TRAIT.category}]`]: '', [`traits_alt[${TRAIT.engine}]`]: engine, [`traits_alt[${TRAIT.axis}]`]: String(axis) };
}

export async function fetchAxes(engine: string, signal?: AbortSignal): Promise<Array<[number, string, number]>> {
  return (await http.get<FinderRowsResponse>(FINDER_ROWS_PATH, { params: axesParams(engine), signal })).data.values;
}

export async function fetchCategories(engine: string, axis: number, signal?: AbortSignal): Promise<Array<[number, string, number]>> {
  return (await http.get<FinderRowsResponse>(FINDER_ROWS_PATH, { params: categoriesParams(engine, axis), signal })).data.values;
}

const BRAKE_PRODUCT_FIELDS = 'id name link icon longDescription price { price { gross { value currency formatted } net { value currency formatted } } } producer { name } sizes { id name } versionName awardedParameters { name id values { id name } }';

function searchInputText(input: ProductsSearchInput): string {
  const parts: string[] = [];
  if (input.productsId?.length) parts.push(`productsId: [${input.productsId.map((id) => Math.trunc(id)).join(', ')}]`);
  if (input.parameters?.length) {
    parts.push(`parameters: [${input.parameters.map((p) => `{ id: ${Math.trunc(p.id)}, values: [${p.values.map((v) => Math.trunc(v)).join(', ')}] }`).join(', ')}]`);
  }
  if (input.vehicle) parts.push(`vehicle: ${JSON.stringify(input.vehicle)}`);
  parts.push(`limit: ${Math.min(input.limit ?? FINDER_PRODUCTS_LIMIT, FINDER_PRODUCTS_LIMIT)}`);
  return `{ ${parts.join(', ')} }`;
}

/** products(searchInput): the brake product queries, read as data.products.products. */
export async function fetchBrakeProducts(input: ProductsSearchInput, signal?: AbortSignal): Promise<BrakeProduct[]> {
  const query = `{ products(searchInput: ${searchInputText(input)}) { products { ${BRAKE_PRODUCT_FIELDS} } } }`;
  const answer = await http.post<GraphQLResponse<{ products: { products: BrakeProduct[] } }>>(
    `${GRAPHQL_PATH}?products`,
    { query },
    { headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, signal },
  );
  if (!answer.data.data) throw new Error(answer.data.errors?.[0]?.message ?? 'products query failed');
  return answer.data.data.products.products;
}

/** Finder helper, type select: axis, category and engine (a direct engine id as parameter 49, a built one as `vehicle`). */
export function selectedProductsInput(axis: number, category: number, engine: string): ProductsSearchInput {
  const direct = /^\d+$/.test(engine);
  return {
    parameters: [{ id: TRAIT.axis, values: [axis] }, { id: TRAIT.category, values: [category] }, ...(direct ? [{ id: TRAIT.engine, values: [Number(engine)] }] : [])],
    ...(direct ? {} : { vehicle: engine }),
    limit: FINDER_PRODUCTS_LIMIT,
  };
}

export function fetchSelectedProducts(axis: number, category: number, engine: string, signal?: AbortSignal): Promise<BrakeProduct[]> {
  return fetchBrakeProducts(selectedProductsInput(axis, category, engine), signal);
}

/** Finder helper, type product: products by id (the comparison's details). */
export function fetchProductsById(ids: readonly number[], signal?: AbortSignal): Promise<BrakeProduct[]> {
  return fetchBrakeProducts({ productsId: ids.slice(0, FINDER_PRODUCTS_LIMIT), limit: FINDER_PRODUCTS_LIMIT }, signal);
}

/** GET /ajax/projector.php?action=get&get=traits&product={id}: the product's trait list. */
export async function fetchTraits(product: number, signal?: AbortSignal): Promise<ProductTrait[]> {
  const answer = await http.get<ProjectorResponse>('/ajax/projector.php', { params: { action: 'get', get: 'traits', product }, signal });
  return answer.data.traits ?? [];
}
