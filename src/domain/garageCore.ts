import { vehicleLabel, type VehicleChoice } from './vehicle';

/**
 * The garage's shapes and names (its rules: src/domain/garage.ts): what every page needs of it
 * (the header's count, a kept vehicle's label), apart so that pages carry no more.
 */
export interface GarageVehicle {
  key: string;
  choice: VehicleChoice;
  /** The shopper's own name for it ("Mum's car"), or null. */
  name: string | null;
}

export interface Garage {
  vehicles: GarageVehicle[];
  defaultKey: string | null;
}

export const GARAGE_STORAGE_KEY = 'garage';
/** A garage keeps at most this many vehicles; a new one beyond it replaces the oldest that is not the default. */
export const GARAGE_MAX = 6;
export const GARAGE_NAME_MAX = 40;

export const EMPTY_GARAGE: Garage = { vehicles: [], defaultKey: null };

/** How the shopper reads a kept vehicle: its name when given, else brand, model, year, engine. */
export function garageLabel(vehicle: Pick<GarageVehicle, 'choice' | 'name'>): string {
  return vehicle.name ?? vehicleLabel(vehicle.choice);
}

