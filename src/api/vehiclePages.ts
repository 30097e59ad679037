import { http } from './http';
import type { VehiclePageData } from './wire';
import type { VehiclePageKind } from '../domain/vehiclePages';

/** GET /ajax/vehicle.php (ours): a vehicle page's data (a brand's, a model's or an engine's). */
export async function fetchVehiclePage(kind: VehiclePageKind, id: number, signal?: AbortSignal): Promise<VehiclePageData> {
  return (await http.get<VehiclePageData>('/ajax/vehicle.php', { params: { kind, id }, signal })).data;
}
