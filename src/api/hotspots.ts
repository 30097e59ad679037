import { http } from './http';
import type { HotspotsResponse } from './wire';

/**
 * GET /ajax/hotspots.php (brake-shop spec, section 7): zones-names, components, zones-types,
 * product (the page's product) and products (the products already in the basket: a zone does
 * not offer them again).
 */
export async function fetchHotspots(request: { zones: string[]; zonesType: string; product?: number; products?: number[] }, signal?: AbortSignal): Promise<HotspotsResponse> {
  const params: Record<string, string | number> = {
    action: 'get-hotspots-html',
    'zones-names': request.zones.join(','),
    'zones-types': request.zonesType,
    components: request.zones.join(','),
  };
  if (request.product) params.product = request.product;
  if (request.products?.length) params.products = request.products.join(',');
  return (await http.get<HotspotsResponse>('/ajax/hotspots.php', { params, signal })).data;
}
