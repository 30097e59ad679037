import { FITMENT_LIMITS } from '../src/api/wire';
import { fitKey, type FitQualifiers, type FitStatus } from '../src/domain/fitment';
import { vehicleLabel, type VehicleChoice } from '../src/domain/vehicle';
import { garageLabel } from '../src/domain/garageCore';
import type { RootState } from './index';

/** A vehicle a fit is read for: its engine and how the shopper reads it. */
export interface FitVehicle {
  engineId: number;
  label: string;
}

const asFitVehicle = (choice: VehicleChoice | null): FitVehicle | null => (choice?.engine ? { engineId: choice.engine.id, label: vehicleLabel(choice) } : null);

/** The chosen vehicle, when it names an engine (fitment is per engine); named as the garage names it. */
export function selectFitVehicle(state: RootState): FitVehicle | null {
  const vehicle = asFitVehicle(state.vehicle.saved);
  const kept = vehicle && state.vehicle.garage.vehicles.find((candidate) => candidate.choice.engine?.id === vehicle.engineId && candidate.name);
  return vehicle && kept ? { ...vehicle, label: garageLabel(kept) } : vehicle;
}

/** The garage's other vehicles a product fits (known answers only; a universal part names none). */
export function selectAlsoFits(state: RootState, productId: number): string[] {
  return selectOtherFitVehicles(state)
    .filter((vehicle) => {
      const status = state.fitment.pairs[fitKey(vehicle.engineId, productId)]?.status;
      return status === 'fits' || status === 'check';
    })
    .map((vehicle) => vehicle.label);
}

/** The garage's vehicles with an engine other than the chosen one (issue 25: "also fits"). */
export function selectOtherFitVehicles(state: RootState): FitVehicle[] {
  const chosen = state.vehicle.saved?.engine?.id;
  const others: FitVehicle[] = [];
  for (const vehicle of state.vehicle.garage.vehicles) {
    const engine = vehicle.choice.engine?.id;
    if (engine && engine !== chosen && !others.some((other) => other.engineId === engine)) others.push({ engineId: engine, label: garageLabel(vehicle) });
  }
  return others;
}

/** Every engine the shop is asked about: the chosen vehicle's, then the garage's others. */
export function selectFitEngines(state: RootState): number[] {
  const engine = state.vehicle.saved?.engine?.id;
  return [...(engine ? [engine] : []), ...selectOtherFitVehicles(state).map((vehicle) => vehicle.engineId)];
}

/** The vehicle a basket line added now remembers (none before the store exists, as in a saga's own test). */
export function selectLineVehicle(state: RootState | undefined): FitVehicle | null {
  return state?.vehicle ? selectFitVehicle(state) : null;
}

/** The products on the page: the product page's, the listing's, the finder's list and comparison, the basket page's lines. */
export function selectPageProductIds(state: RootState): number[] {
  const ids = new Set<number>();
  if (state.page.location?.type === 'basket') for (const line of state.basket.summary?.products ?? []) ids.add(line.id);
  if (state.page.product) ids.add(state.page.product.product_id);
  for (const product of state.page.listing?.products ?? []) ids.add(product.id);
  for (const product of state.finder.products) ids.add(product.id);
  for (const product of state.finder.details) ids.add(product.id);
  return [...ids];
}

/** What to ask next: the engines, and the page's products (at most one answer's worth) some of whose pairs are not known. */
export function selectMissingFits(state: RootState): { engines: number[]; products: number[] } | null {
  const engines = selectFitEngines(state).slice(0, FITMENT_LIMITS.engines);
  if (!engines.length) return null;
  const known = state.fitment.pairs;
  const products = selectPageProductIds(state).filter((product) => engines.some((engine) => !(fitKey(engine, product) in known)));
  return products.length ? { engines, products: products.slice(0, FITMENT_LIMITS.products) } : null;
}

/** A product's fit on the chosen vehicle, as the server said it: undefined while not known. */
export function selectFit(state: RootState, productId: number): { vehicle: FitVehicle; status: FitStatus; fit: FitQualifiers | null } | undefined {
  const vehicle = selectFitVehicle(state);
  if (!vehicle) return undefined;
  const key = fitKey(vehicle.engineId, productId);
  if (!(key in state.fitment.pairs)) return undefined;
  const { status, fit } = state.fitment.pairs[key];
  return { vehicle, status, fit };
}
