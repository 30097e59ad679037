import { form, http } from './http';
import type { SearchValuesResponse, VehicleKeyAnswer } from './wire';
import { MENU_CACHE_PREFIX, sessionCached } from './sessionCache';
import { optionsFromRows, VEHICLE_LEVELS, VEHICLE_PARAMS, type VehicleLevel, type VehicleOption } from '../domain/vehicle';

/** The ids chosen before a level: what its options depend on. */
export type VehicleParents = Partial<Record<Exclude<VehicleLevel, 'engine'>, number>>;

/**
 * POST /ajax/search.php?ajax=true&getOne=<level's parameter>: the options of one configurator
 * select, for the brand, model and year chosen so far (WIRE.md: answer `{ values: [[id, label]] }`).
 */
export async function fetchVehicleOptions(level: VehicleLevel, parents: VehicleParents, signal?: AbortSignal): Promise<VehicleOption[]> {
  const fields: Record<string, string | number> = { onlyVisibleElements: 'true' };
  for (const parent of VEHICLE_LEVELS) {
    if (parent === level) break;
    const id = parents[parent as keyof VehicleParents];
    if (id !== undefined) fields[VEHICLE_PARAMS[parent]] = id;
  }
  // Menu data: kept in session storage for the session (brake-shop spec, section 7).
  return sessionCached(`${MENU_CACHE_PREFIX}${level}:${new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString()}`, async () => {
    const answer = await http.post<SearchValuesResponse>(`/ajax/search.php?ajax=true&getOne=${VEHICLE_PARAMS[level]}`, form(fields), { signal });
    return optionsFromRows(answer.data.values);
  });
}

/**
 * GET /ajax/vehicle-key.php?key= (ours, issue 37): the engine a KBA or KType number names.
 * Throws the HttpError of a 400 (malformed key) or 404 (no engine has it) like any failed call.
 */
export async function fetchVehicleByKey(key: string, signal?: AbortSignal): Promise<VehicleKeyAnswer> {
  return (await http.get<VehicleKeyAnswer>('/ajax/vehicle-key.php', { params: { key }, signal })).data;
}
