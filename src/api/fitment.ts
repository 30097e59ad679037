import { http } from './http';
import type { FitmentAnswer, VehiclePageData } from './wire';
import type { VehiclePageKind } from '../domain/vehiclePages';

/** GET /ajax/fitment.php (ours): which of these products fit which of these engines, with each fit's qualifiers. */
export async function fetchFitments(engines: readonly number[], products: readonly number[], signal?: AbortSignal): Promise<FitmentAnswer['fits']> {
  const params = { engines: engines.join(','), products: products.join(',') };
  return (await http.get<FitmentAnswer>('/ajax/fitment.php', { params, signal })).data.fits;
}

/** GET /ajax/vehicle.php (ours): a vehicle page's data (a brand's, a model's or an engine's). */
export async function fetchVehiclePage(kind: VehiclePageKind, id: number, signal?: AbortSignal): Promise<VehiclePageData> {
  return (await http.get<VehiclePageData>('/ajax/vehicle.php', { params: { kind, id }, signal })).data;
}
