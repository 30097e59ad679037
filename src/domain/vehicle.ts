/**
 * Vehicle choice rules (brake-shop spec sections 2, 3 and 4): the configurator's four levels
 * (brand, model, year, engine), their listing parameters (menu_alt[2_1], menu_alt[2_2],
 * menu_alt[2_3], traits_alt[49]), and the local-storage form of a choice: box1 to box4 as
 * "id#name" plus the wasRender flag.
 */
export const VEHICLE_LEVELS = ['brand', 'model', 'year', 'engine'] as const;
export type VehicleLevel = (typeof VEHICLE_LEVELS)[number];

export interface VehicleOption {
  id: number;
  name: string;
}

/** One option (or nothing) per level; a level is only chosen when the one before it is. */
export type VehicleChoice = Record<VehicleLevel, VehicleOption | null>;

/** The listing's query parameter of each level (what /search.php and /ajax/search.php read). */
export const VEHICLE_PARAMS: Record<VehicleLevel, string> = {
  brand: 'menu_alt[2_1]',
  model: 'menu_alt[2_2]',
  year: 'menu_alt[2_3]',
  engine: 'traits_alt[49]',
};

/** Local-storage keys of the last choice, level by level, and the "last click" mark. */
export const VEHICLE_STORAGE_KEYS: Record<VehicleLevel, string> = { brand: 'box1', model: 'box2', year: 'box3', engine: 'box4' };
export const VEHICLE_RENDER_KEY = 'wasRender';

/** The no-engine hint stays 7000 ms (spec section 9). */
export const NO_ENGINE_ALERT_MS = 7000;

export const EMPTY_CHOICE: VehicleChoice = { brand: null, model: null, year: null, engine: null };

export function levelIndex(level: VehicleLevel): number {
  return VEHICLE_LEVELS.indexOf(level);
}

/** The level before this one (whose choice this level's options depend on), if any. */
export function parentLevel(level: VehicleLevel): VehicleLevel | null {
  const index = levelIndex(level);
  return index > 0 ? VEHICLE_LEVELS[index - 1] : null;
}

export function childLevel(level: VehicleLevel): VehicleLevel | null {
  return VEHICLE_LEVELS[levelIndex(level) + 1] ?? null;
}

/** "id#name": how the shop stores one chosen option. */
export function formatChoice(option: VehicleOption): string {
  return `${option.id}#${option.name}`;
}

/** Reads "id#name" (the name may itself hold #); anything else is no choice. */
export function parseChoice(text: string | null | undefined): VehicleOption | null {
  if (!text) return null;
  const match = /^([1-9]\d{0,14})#(.*)$/s.exec(text);
  return match ? { id: Number(match[1]), name: match[2] } : null;
}

/** Keeps levels only as long as each one before is chosen too (a year without a model means nothing). */
export function consistentChoice(choice: Partial<VehicleChoice>): VehicleChoice {
  const result: VehicleChoice = { ...EMPTY_CHOICE };
  for (const level of VEHICLE_LEVELS) {
    const option = choice[level];
    if (!option) break;
    result[level] = option;
  }
  return result;
}

/** How many levels are chosen, from the brand on (0 to 4). */
export function chosenDepth(choice: VehicleChoice): number {
  const firstMissing = VEHICLE_LEVELS.findIndex((level) => !choice[level]);
  return firstMissing === -1 ? VEHICLE_LEVELS.length : firstMissing;
}

export function isEmptyChoice(choice: VehicleChoice): boolean {
  return choice.brand === null;
}

/** The listing address for a choice, or null when nothing is chosen. */
export function vehicleSearchUrl(choice: VehicleChoice): string | null {
  const params = new URLSearchParams();
  for (const level of VEHICLE_LEVELS) {
    const option = consistentChoice(choice)[level];
    if (option) params.set(VEHICLE_PARAMS[level], String(option.id));
  }
  const query = params.toString();
  return query ? `/search.php?${query}` : null;
}

/** The vehicle ids an address carries (its levels in order; names are not in URLs). */
export function vehicleIdsFromQuery(query: Record<string, string> | URLSearchParams): Partial<Record<VehicleLevel, number>> {
  const get = (key: string) => (query instanceof URLSearchParams ? query.get(key) : query[key]);
  const ids: Partial<Record<VehicleLevel, number>> = {};
  for (const level of VEHICLE_LEVELS) {
    const value = get(VEHICLE_PARAMS[level]);
    if (!value || !/^[1-9]\d{0,14}$/.test(value)) break;
    ids[level] = Number(value);
  }
  return ids;
}

/** The choice saved in local storage (box1..box4), read through `read(key)`. */
export function storedChoice(read: (key: string) => string | null): VehicleChoice {
  const choice: Partial<VehicleChoice> = {};
  for (const level of VEHICLE_LEVELS) choice[level] = parseChoice(read(VEHICLE_STORAGE_KEYS[level]));
  return consistentChoice(choice);
}

/** The storage entries for a choice: "id#name" per chosen level, null (remove) for the others. */
export function choiceStorageEntries(choice: VehicleChoice): Record<string, string | null> {
  const consistent = consistentChoice(choice);
  const entries: Record<string, string | null> = {};
  for (const level of VEHICLE_LEVELS) {
    const option = consistent[level];
    entries[VEHICLE_STORAGE_KEYS[level]] = option ? formatChoice(option) : null;
  }
  entries[VEHICLE_RENDER_KEY] = isEmptyChoice(consistent) ? null : 'true';
  return entries;
}

/**
 * The saved vehicle on a page: the address's ids when it carries a brand (names taken from
 * the stored choice where the ids agree, empty otherwise), else the stored choice.
 */
export function restoreVehicle(ids: Partial<Record<VehicleLevel, number>>, stored: VehicleChoice): VehicleChoice {
  if (ids.brand === undefined) return consistentChoice(stored);
  const choice: Partial<VehicleChoice> = {};
  let agrees = true;
  for (const level of VEHICLE_LEVELS) {
    const id = ids[level];
    if (id === undefined) break;
    agrees = agrees && stored[level]?.id === id;
    choice[level] = { id, name: agrees ? stored[level]!.name : '' };
  }
  return consistentChoice(choice);
}

/**
 * The choice's names in order ("Fiat Panda II (2003-2012) 1.2 69 CV"), skipping unknown names; a
 * name the next one starts with is said once ("Alfa Romeo 147 I (2008-2012)", not "147 147 I").
 */
export function vehicleLabel(choice: VehicleChoice): string {
  const names = VEHICLE_LEVELS.map((level) => choice[level]?.name ?? '').filter((name) => name !== '');
  return names.filter((name, index) => !names[index + 1]?.startsWith(`${name} `)).join(' ');
}

/** Reads the answer rows [id, label] of a configurator select into options. */
export function optionsFromRows(rows: ReadonlyArray<readonly [number | string, string, ...unknown[]]>): VehicleOption[] {
  const options: VehicleOption[] = [];
  for (const [id, name] of rows) {
    const numeric = Number(id);
    if (Number.isSafeInteger(numeric) && numeric > 0 && typeof name === 'string') options.push({ id: numeric, name });
  }
  return options;
}

/**
 * The category tiles for a chosen engine: the shop's categories (those with products at all)
 * with the engine's counts; a zero count stays as a disabled tile. Without engine counts, the
 * shop-wide rows.
 */
export function engineCategoryRows(
  shopWide: ReadonlyArray<readonly [number, string, number]>,
  engineRows: ReadonlyArray<readonly [number, string, number]> | null,
): Array<[number, string, number]> {
  if (!engineRows) return shopWide.map(([id, name, count]) => [id, name, count]);
  const stocked = new Set(shopWide.filter(([, , count]) => count > 0).map(([id]) => id));
  return engineRows.filter(([id, , count]) => count > 0 || stocked.size === 0 || stocked.has(id)).map(([id, name, count]) => [id, name, count]);
}

/** The id of the choice a level's options depend on (null for the brand). */
export function parentIdOf(selected: VehicleChoice, level: VehicleLevel): number | null {
  const parent = parentLevel(level);
  return parent ? (selected[parent]?.id ?? null) : null;
}

/** The ids chosen before a level, sent with its options request. */
export function parentsOf(selected: VehicleChoice, level: VehicleLevel): Partial<Record<VehicleLevel, number>> {
  const parents: Partial<Record<VehicleLevel, number>> = {};
  for (const earlier of VEHICLE_LEVELS.slice(0, levelIndex(level))) {
    const option = selected[earlier];
    if (option) parents[earlier] = option.id;
  }
  return parents;
}
