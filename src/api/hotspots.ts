import { http } from './http';
import type { HotspotsResponse } from './wire';

export async function fetchHotspots(request: { zones: string[]; zonesType: string; product?: number }, signal?: AbortSignal): Promise<HotspotsResponse> {
  const params: Record<string, string | number> = {
    action: 'get-hotspots-html',
    'zones-names': request.zones.join(','),
    'zones-types': request.zonesType,
    components: request.zones.join(','),
  };
  if (request.product) params.product = request.product;
  return (await http.get<HotspotsResponse>('/ajax/hotspots.php', { params, signal })).data;
}
