import { form, http } from './http';
import type { InstalmentParams, ListingAnswer, ListingResponse, ProductXml, ProductXmlAttribute, ProjectorResponse, SearchValuesResponse } from './wire';
import type { InstalmentRequest } from '../domain/instalments';

/** The listing page's data for the given query parameters (traits_alt[...], menu_alt[...], text, page). */
export async function fetchListing(query: Record<string, string>, signal?: AbortSignal): Promise<ListingResponse> {
  return (await http.get<ListingResponse>('/search.php', { params: { ...query, json: 'true' }, signal })).data;
}

/** The listing data at a full address (`/search.php?...&json=true`), with its regions' scripts: what a partial load fetches. */
export async function fetchListingAt(address: string, signal?: AbortSignal): Promise<ListingAnswer> {
  return (await http.get<ListingAnswer>(address, { signal, timeout: 0 })).data;
}

/** Category rows [id, name, count], for the chosen engine when given. */
export async function fetchCategoryCounts(engineId: number | null, signal?: AbortSignal): Promise<Array<[number, string, number]>> {
  const fields: Record<string, string | number> = { onlyVisibleElements: 'true' };
  if (engineId) fields['traits_alt[49]'] = engineId;
  const answer = await http.post<SearchValuesResponse>('/ajax/search.php?ajax=true&getOne=traits_alt[24]', form(fields), { signal });
  return answer.data.values as Array<[number, string, number]>;
}

export type ProjectorPart = 'sizes' | 'sizeavailability' | 'sizedelivery' | 'sizeprices' | 'bundleprice' | 'traits' | 'product';

export async function fetchProjector(
  product: number,
  parts: ProjectorPart[],
  options: { size?: string; subscription?: boolean; signal?: AbortSignal } = {},
): Promise<ProjectorResponse> {
  const params: Record<string, string | number> = { action: 'get', product, get: parts.join(',') };
  if (options.size) params.size = options.size;
  if (options.subscription) params.subscription = 1;
  return (await http.get<ProjectorResponse>('/ajax/projector.php', { params, signal: options.signal })).data;
}

/** Product ajax calls time out after 18000 ms (storefront spec, section 9). */
export const PRODUCT_AJAX_TIMEOUT_MS = 18_000;

// The product XML's shapes are the wire contract's (src/api/wire.ts); re-exported for the callers of this client.
export type { ProductXml, ProductXmlAttribute, ProductXmlSize } from './wire';

export function parseProductXml(text: string): ProductXml {
  const xml = new DOMParser().parseFromString(text, 'application/xml');
  if (xml.querySelector('parsererror')) throw new Error('product XML could not be read');
  return {
    attributes: Array.from(xml.querySelectorAll('attributes > attribute')).map((node) => ({
      id: node.getAttribute('id') ?? '',
      name: node.getAttribute('name') ?? '',
      values: Array.from(node.querySelectorAll('value')).map((value) => value.textContent ?? ''),
    })),
    versionName: xml.querySelector('product > version')?.getAttribute('name') ?? null,
    sizes: Array.from(xml.querySelectorAll('sizes > size')).map((node) => ({
      id: node.getAttribute('id') ?? '',
      name: node.getAttribute('name') ?? '',
      amount: Number(node.getAttribute('amount') ?? 0),
      status: node.getAttribute('status') ?? '',
    })),
  };
}

/** GET /projector.php?shop_xml=true&getProductXML=true: the product's XML (18 s timeout). */
export async function fetchProductXml(product: number, signal?: AbortSignal): Promise<ProductXml> {
  const answer = await http.get<string>('/projector.php', {
    params: { product, shop_xml: 'true', getProductXML: 'true' },
    responseType: 'text',
    timeout: PRODUCT_AJAX_TIMEOUT_MS,
    signal,
  });
  return parseProductXml(answer.data);
}

/** The product's attributes from its XML. */
export async function fetchProductXmlAttributes(product: number, signal?: AbortSignal): Promise<ProductXmlAttribute[]> {
  return (await fetchProductXml(product, signal)).attributes;
}

/**
 * GET /ajax/instalments.php: the instalment calculator's limits for an amount, asked with
 * currency, price, priceNet, basketCount, basketCost and basketCostNet (brake-shop spec, section 4).
 */
export async function fetchInstalmentParams(request: InstalmentRequest, signal?: AbortSignal): Promise<InstalmentParams> {
  const params = {
    currency: request.currency,
    price: request.price.toFixed(2),
    priceNet: request.priceNet.toFixed(2),
    basketCount: Math.trunc(request.basketCount),
    basketCost: request.basketCost.toFixed(2),
    basketCostNet: request.basketCostNet.toFixed(2),
  };
  return (await http.get<InstalmentParams>('/ajax/instalments.php', { params, signal })).data;
}

/** POST /ajax/notify.php (ours): e-mail me when this size is back in stock. */
export async function requestAvailabilityNotice(line: { product: number; size: string; email: string }, signal?: AbortSignal): Promise<void> {
  await http.post('/ajax/notify.php', form({ product: line.product, size: line.size, email: line.email }), { signal });
}
