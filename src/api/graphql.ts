import { http } from './http';
import type { GraphQLResponse, LowestPriceProduct, ShippingOption, TextSearchResult } from './wire';

export const GRAPHQL_PATH = '/graphql/v1/';

async function graphql<T>(query: string, label: string, signal?: AbortSignal): Promise<GraphQLResponse<T>> {
  const answer = await http.post<GraphQLResponse<T>>(`${GRAPHQL_PATH}?${label}`, { query }, { headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, signal });
  return answer.data;
}

export async function fetchTrackingEvents(signal?: AbortSignal): Promise<string[]> {
  const answer = await graphql<{ trackingEvents: string[] }>('{ trackingEvents }', 'trackingEvents', signal);
  return answer.data?.trackingEvents ?? [];
}

/** The lowest price of the last 30 days, read under the configured price type (gross by default). */
export async function fetchLowestPrices(products: Array<{ productId: number; sizeId?: string }>, priceType: 'gross' | 'net' = 'gross', signal?: AbortSignal) {
  const input = products.map((p) => `{ productId: ${Math.trunc(p.productId)}${p.sizeId ? `, sizeId: ${JSON.stringify(p.sizeId)}` : ''} }`).join(', ');
  const query = `{ getLastLowestProductPrices(lastLowestPricesInput: [${input}]) { id sizes { id price { ${priceType} { value currency formatted } } } } }`;
  return graphql<{ getLastLowestProductPrices: LowestPriceProduct[] }>(query, 'getLastLowestProductPrices', signal);
}

/**
 * Couriers for one product line (the delivery info box): prepaid flag, cost and delivery time.
 * `forcedRegion` (brake-shop spec, section 7): the delivery region the shopper gave, when known.
 */
export async function fetchShippingOptions(line: { id: number; size: string; quantity: number }, signal?: AbortSignal, forcedRegion?: string | null): Promise<ShippingOption[]> {
  const product = `{ id: ${Math.trunc(line.id)}, size: ${JSON.stringify(line.size)}, quantity: ${Number(line.quantity)} }`;
  const forced = forcedRegion ? `, forcedRegion: ${JSON.stringify(forcedRegion)}` : '';
  const query = `{ shipping(ShippingInput: { mode: "product", products: [${product}]${forced} }) { shipping { courier { name icon } prepaid cost { value currency formatted } deliveryTime { time { days } workingDays } } } }`;
  const answer = await graphql<{ shipping: { shipping: ShippingOption[] } }>(query, 'shipping', signal);
  if (!answer.data) throw new Error(answer.errors?.[0]?.message ?? 'shipping query failed');
  return answer.data.shipping.shipping;
}

/** Removes basket lines (GraphQL mutation); the answer's status is "success" when they went. */
export async function removeFromBasket(lines: Array<{ id: number; size: string; additional: string }>, signal?: AbortSignal): Promise<string> {
  const input = lines.map((line) => `{ id: ${Math.trunc(line.id)}, size: ${JSON.stringify(line.size)}, additional: ${JSON.stringify(line.additional)} }`).join(', ');
  const answer = await graphql<{ removeProductsFromBasket: { status: string } }>(`mutation { removeProductsFromBasket(ProductInput: [${input}]) { status } }`, 'removeProductsFromBasket', signal);
  return answer.data?.removeProductsFromBasket.status ?? 'error';
}

/** Couriers for the whole basket (mode "basket", ours), for a delivery region when given. */
export async function fetchBasketShipping(region?: string, signal?: AbortSignal): Promise<ShippingOption[]> {
  const forced = region ? `, forcedRegion: ${JSON.stringify(region)}` : '';
  const query = `{ shipping(ShippingInput: { mode: "basket", products: []${forced} }) { shipping { courier { name icon } prepaid cost { value currency formatted } deliveryTime { time { days } workingDays } } } }`;
  const answer = await graphql<{ shipping: { shipping: ShippingOption[] } }>(query, 'shipping', signal);
  if (!answer.data) throw new Error(answer.errors?.[0]?.message ?? 'shipping query failed');
  return answer.data.shipping.shipping;
}

const TEXT_SEARCH_FIELDS =
  'products { name link iconSmall price { price { gross { value formatted } net { value formatted } } } } series { name link } producers { name link } menuNodes { name link breadcrumbs } cms { name link } searchQueries { name link } replacementCodes { name link param_id value_id }';

/** The live search: every result group for a text (products, producers, ..., replacement codes). */
export async function fetchTextSearch(text: string, limit: number, signal?: AbortSignal): Promise<TextSearchResult> {
  // The information pages found are those of the page's language (read when asked, never at load).
  const language = typeof document === 'undefined' ? '' : document.documentElement.lang;
  const lang = ['it', 'pl', 'en'].includes(language) ? `, lang: ${JSON.stringify(language)}` : '';
  const query = `{ productsTextSearch(searchInput: { text: ${JSON.stringify(text)}, limit: ${Math.trunc(limit)}${lang} }) { ${TEXT_SEARCH_FIELDS} } }`;
  const answer = await graphql<{ productsTextSearch: TextSearchResult }>(query, 'productsTextSearch', signal);
  if (!answer.data) throw new Error(answer.errors?.[0]?.message ?? 'text search failed');
  return answer.data.productsTextSearch;
}
