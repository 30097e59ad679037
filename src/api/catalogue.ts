import { form, http } from './http';
import type { ListingResponse, ProjectorResponse, SearchValuesResponse } from './wire';

/** The listing page's data for the given query parameters (traits_alt[...], menu_alt[...], text, page). */
export async function fetchListing(query: Record<string, string>, signal?: AbortSignal): Promise<ListingResponse> {
  return (await http.get<ListingResponse>('/search.php', { params: { ...query, json: 'true' }, signal })).data;
}

/** The listing data at a full address (`/search.php?...&json=true`): what a partial load fetches. */
export async function fetchListingAt(address: string, signal?: AbortSignal): Promise<ListingResponse> {
  return (await http.get<ListingResponse>(address, { signal, timeout: 0 })).data;
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
