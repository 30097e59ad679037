import { consistentChoice, formatChoice, isEmptyChoice, parseChoice, VEHICLE_LEVELS, type VehicleChoice } from './vehicle';
import { EMPTY_GARAGE, GARAGE_MAX as GARAGE_MAX_KEPT, GARAGE_NAME_MAX, type Garage, type GarageVehicle } from './garageCore';

export { EMPTY_GARAGE, GARAGE_MAX, GARAGE_NAME_MAX, GARAGE_STORAGE_KEY, garageLabel, type Garage, type GarageVehicle } from './garageCore';

/**
 * The garage (issue 25): the vehicles a shopper keeps, one of them the default. The chosen
 * vehicle of a page stays where the single saved vehicle always was (the address, else box1..box4
 * in local storage); the garage is the list beside it, in local storage under `garage`:
 * `{ "vehicles": [{ "levels": ["id#name", ...], "name": "..." | null }], "default": key | null }`.
 *
 * - Choosing a vehicle in the configurator keeps it (first kept: the default).
 * - Switching chooses a kept vehicle (box1..box4); the default is the one chosen again when the
 *   chosen vehicle is removed.
 * - A vehicle is one key: its level ids ("brand-model-year-engine").
 */
export function vehicleKey(choice: VehicleChoice): string {
  const consistent = consistentChoice(choice);
  return VEHICLE_LEVELS.map((level) => consistent[level]?.id ?? '')
    .filter((id) => id !== '')
    .join('-');
}

const cleanName = (name: string | null | undefined): string | null => {
  const trimmed = (name ?? '').replace(/\s+/g, ' ').trim().slice(0, GARAGE_NAME_MAX);
  return trimmed === '' ? null : trimmed;
};

/** Keeps a vehicle (again: it keeps its place and name, the names of its levels are refreshed). */
export function addToGarage(garage: Garage, choice: VehicleChoice): Garage {
  const consistent = consistentChoice(choice);
  if (isEmptyChoice(consistent)) return garage;
  const key = vehicleKey(consistent);
  const existing = garage.vehicles.find((vehicle) => vehicle.key === key);
  let vehicles = existing
    ? garage.vehicles.map((vehicle) => (vehicle.key === key ? { ...vehicle, choice: consistent } : vehicle))
    : [...garage.vehicles, { key, choice: consistent, name: null }];
  if (vehicles.length > GARAGE_MAX_KEPT) {
    const oldest = vehicles.findIndex((vehicle) => vehicle.key !== garage.defaultKey);
    vehicles = vehicles.filter((_, index) => index !== oldest);
  }
  return { vehicles, defaultKey: garage.defaultKey ?? key };
}

/** Removes a vehicle; the default goes to the first one left when it was the default. */
export function removeFromGarage(garage: Garage, key: string): Garage {
  const vehicles = garage.vehicles.filter((vehicle) => vehicle.key !== key);
  const defaultKey = garage.defaultKey === key || !vehicles.some((vehicle) => vehicle.key === garage.defaultKey) ? (vehicles[0]?.key ?? null) : garage.defaultKey;
  return { vehicles, defaultKey };
}

export function withDefault(garage: Garage, key: string): Garage {
  return garage.vehicles.some((vehicle) => vehicle.key === key) ? { ...garage, defaultKey: key } : garage;
}

export function renameInGarage(garage: Garage, key: string, name: string | null): Garage {
  return { ...garage, vehicles: garage.vehicles.map((vehicle) => (vehicle.key === key ? { ...vehicle, name: cleanName(name) } : vehicle)) };
}

export function garageVehicle(garage: Garage, key: string | null): GarageVehicle | null {
  return garage.vehicles.find((vehicle) => vehicle.key === key) ?? null;
}

/** The storage text of a garage. */
export function formatGarage(garage: Garage): string {
  return JSON.stringify({
    vehicles: garage.vehicles.map((vehicle) => ({
      levels: VEHICLE_LEVELS.flatMap((level) => (vehicle.choice[level] ? [formatChoice(vehicle.choice[level])] : [])),
      name: vehicle.name,
    })),
    default: garage.defaultKey,
  });
}

/** Reads the storage text; anything malformed is left out (a broken entry never breaks the page). */
export function parseGarage(text: string | null | undefined): Garage {
  if (!text) return EMPTY_GARAGE;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return EMPTY_GARAGE;
  }
  if (typeof data !== 'object' || data === null) return EMPTY_GARAGE;
  const { vehicles, default: defaultKey } = data as { vehicles?: unknown; default?: unknown };
  let garage: Garage = EMPTY_GARAGE;
  for (const entry of Array.isArray(vehicles) ? vehicles.slice(0, GARAGE_MAX_KEPT) : []) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { levels, name } = entry as { levels?: unknown; name?: unknown };
    if (!Array.isArray(levels)) continue;
    const choice: Partial<VehicleChoice> = {};
    VEHICLE_LEVELS.forEach((level, index) => {
      choice[level] = parseChoice(typeof levels[index] === 'string' ? levels[index] : null);
    });
    const before = garage.vehicles.length;
    garage = addToGarage(garage, consistentChoice(choice));
    if (garage.vehicles.length > before && typeof name === 'string') garage = renameInGarage(garage, garage.vehicles[garage.vehicles.length - 1].key, name);
  }
  return typeof defaultKey === 'string' && garage.vehicles.some((vehicle) => vehicle.key === defaultKey) ? { ...garage, defaultKey } : garage;
}
