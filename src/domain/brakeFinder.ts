/**
 * Brake finder rules (brake-shop spec sections 2-5 and 9): engine-data navigation, the
 * dropdown alerts, vehicle search matching, drawings, icons, compare limits and the
 * finder's basket quantity. Pure: no React, no IO.
 */
import type { BrakeProduct, EngineNode } from '../api/wire';
import { AXIS, BRAKE_CATEGORY, ONE_SIZE, TRAIT } from '../api/wire';
import { catalogueNumber as catalogueNumberOf, categoryIconUrl, drawingUrl as drawingUrlOf, DRAWING_BASE_URL, FALLBACK_CATEGORY_ICON } from './brakes';
import { MIN_COMPARE } from './comparison';
import { foldText, FINDER_SEARCH_MIN_CHARS } from './searchText';
import { listingHref } from './listingLinks';

export { DRAWING_BASE_URL, FALLBACK_CATEGORY_ICON, categoryIconUrl };

/** Finder scroll animation (section 9). */
export const FINDER_SCROLL_MS = 1000;
/** Mobile paste waits this long before searching (section 9). */
export const FINDER_PASTE_DELAY_MS = 200;
/** Typing delay of the vehicle search: not given by the spec, ours. */
export const FINDER_TYPING_DELAY_MS = 400;
/** Brake product queries are limited to 50 (section 9). */
export const BRAKE_QUERY_LIMIT = 50;
/** Missing-quantity info stays 4000 ms (section 9). */
export const MISSING_QUANTITY_MS = 4000;
/** Vehicle search results shown at most. */
export const VEHICLE_MATCHES_SHOWN = 20;
/** Compare needs at least 2 products (section 9); the selection is kept under compareBrakes (section 7). */
export { MIN_COMPARE as FINDER_MIN_COMPARE, COMPARE_STORAGE_KEY as FINDER_COMPARE_KEY } from './comparison';
/** Category 154315 also means "all categories" in the comparison. */
export const ALL_CATEGORIES = BRAKE_CATEGORY.kits;

export { FINDER_SEARCH_MIN_CHARS };

/* ------------------------------------------------------------------ engine data */

/** The four dropdowns of the select tab, in order. */
export const DROPDOWNS = ['brand', 'model', 'generation', 'engine'] as const;
export type Dropdown = (typeof DROPDOWNS)[number];
export type VehicleChoice = Record<Dropdown, string | null>;

export const NO_CHOICE: VehicleChoice = { brand: null, model: null, generation: null, engine: null };

/** The engine data file of a brand: the first letter of its folded name (engine_categories_{letter}.json). */
export function engineLetter(brand: string): string {
  return foldText(brand).charAt(0);
}

function child(nodes: readonly EngineNode[] | undefined, name: string | null): EngineNode | undefined {
  return name === null ? undefined : nodes?.find((node) => node.n === name);
}

/** The options of one dropdown for the choices so far (empty while an earlier one is missing). */
export function dropdownOptions(tree: readonly EngineNode[] | undefined, choice: VehicleChoice, dropdown: Exclude<Dropdown, 'brand'>): string[] {
  const brand = child(tree, choice.brand);
  if (dropdown === 'model') return (brand?.c ?? []).map((node) => node.n);
  const model = child(brand?.c, choice.model);
  if (dropdown === 'generation') return (model?.c ?? []).map((node) => node.n);
  const generation = child(model?.c, choice.generation);
  return (generation?.c ?? []).map((node) => node.n);
}

/** Choosing one dropdown resets every later one (they reload and stay disabled until filled). */
export function chooseDropdown(choice: VehicleChoice, dropdown: Dropdown, value: string | null): VehicleChoice {
  const index = DROPDOWNS.indexOf(dropdown);
  const next: VehicleChoice = { ...choice, [dropdown]: value || null };
  for (const later of DROPDOWNS.slice(index + 1)) next[later] = null;
  return next;
}

/** A dropdown is enabled once every earlier one is chosen. */
export function dropdownEnabled(choice: VehicleChoice, dropdown: Dropdown): boolean {
  return DROPDOWNS.slice(0, DROPDOWNS.indexOf(dropdown)).every((earlier) => choice[earlier] !== null);
}

export type DropdownAlert = 'brake_choose_brand' | 'brake_choose_model' | 'brake_choose_brand_and_model';

/** What a click on a disabled dropdown asks for (null when the dropdown is enabled). */
export function disabledDropdownAlert(choice: VehicleChoice, dropdown: Dropdown): DropdownAlert | null {
  if (dropdownEnabled(choice, dropdown)) return null;
  if (dropdown === 'model') return 'brake_choose_brand';
  if (choice.brand === null) return 'brake_choose_brand_and_model';
  return 'brake_choose_model';
}

export type SubmitAlert = 'brake_choose_brand' | 'brake_choose_model';

/** Submit needs brand, then model; nothing more (the engine field is built from what is chosen). */
export function selectSubmitAlert(choice: VehicleChoice): SubmitAlert | null {
  if (choice.brand === null) return 'brake_choose_brand';
  if (choice.model === null) return 'brake_choose_model';
  return null;
}

/** The engine of a complete choice: the option's direct engine id, else a result built from the path. */
export type EngineResult = { kind: 'id'; engineId: number; label: string } | { kind: 'built'; path: string; label: string };

export function engineResult(tree: readonly EngineNode[] | undefined, choice: VehicleChoice): EngineResult | null {
  if (DROPDOWNS.some((dropdown) => choice[dropdown] === null)) return null;
  const brand = child(tree, choice.brand);
  const model = child(brand?.c, choice.model);
  const generation = child(model?.c, choice.generation);
  const engine = child(generation?.c, choice.engine);
  const label = vehicleLabel(choice);
  if (engine?.id) return { kind: 'id', engineId: engine.id, label };
  return { kind: 'built', path: builtEngine(choice), label };
}

/**
 * The serialised engine field: what the finder sends as traits_alt[49] (axes, categories,
 * products) and as the vehicle (traits_alt[172622]) in its result links. A direct engine id
 * when the chosen engine option carries one; otherwise the built result, the names chosen so
 * far joined by "|" ("Fiat|Panda|Panda III (2012-2020)"), brand and model at least.
 */
export const BUILT_ENGINE_SEPARATOR = '|';
/** A built engine field names 2 to 4 levels, each at most this long. */
export const BUILT_ENGINE_PART_MAX = 80;

export function builtEngine(choice: VehicleChoice): string {
  const parts: string[] = [];
  for (const dropdown of DROPDOWNS) {
    const value = choice[dropdown];
    if (value === null) break;
    parts.push(value);
  }
  return parts.join(BUILT_ENGINE_SEPARATOR);
}

/** The engine field of a choice (null until brand and model are chosen). */
export function engineField(tree: readonly EngineNode[] | undefined, choice: VehicleChoice): string | null {
  if (choice.brand === null || choice.model === null) return null;
  const result = engineResult(tree, choice);
  return result?.kind === 'id' ? String(result.engineId) : builtEngine(choice);
}

export type ParsedEngineField = { kind: 'id'; engineId: number } | { kind: 'built'; names: string[] };

/** Reads an engine field back (the server's side): an id, or 2 to 4 names; null when malformed. */
export function parseEngineField(value: string): ParsedEngineField | null {
  if (/^\d{1,12}$/.test(value)) return Number(value) > 0 ? { kind: 'id', engineId: Number(value) } : null;
  const names = value.split(BUILT_ENGINE_SEPARATOR).map((name) => name.trim());
  if (names.length < 2 || names.length > DROPDOWNS.length) return null;
  if (names.some((name) => !name || name.length > BUILT_ENGINE_PART_MAX)) return null;
  return { kind: 'built', names };
}

/**
 * A finder result as a listing address: the vehicle as traits_alt[172622], with the chosen
 * axis (traits_alt[148722]) and category (traits_alt[24]).
 */
export function finderListingLink(engine: string, axis: number | null, category: number | null): string {
  const params: Array<[string, string | number]> = [[`traits_alt[${TRAIT.replacementCode}]`, engine]];
  if (axis !== null) params.push([`traits_alt[${TRAIT.axis}]`, axis]);
  if (category !== null) params.push([`traits_alt[${TRAIT.category}]`, category]);
  return listingHref(params);
}

/** "Alfa Romeo 147 I (2008-2012) 1.5 dCi": a part the next one starts with is said once. */
export function vehicleLabel(choice: Partial<VehicleChoice>): string {
  const parts = DROPDOWNS.map((dropdown) => choice[dropdown]).filter((part): part is string => !!part);
  return parts.filter((part, index) => !parts[index + 1]?.startsWith(`${part} `)).join(' ');
}

/** Brand names from the brand-initials file (engine_categories_marka.json): letter > brands. */
export function brandNames(initials: readonly EngineNode[]): string[] {
  return initials.flatMap((letter) => (letter.c ?? []).map((brand) => brand.n)).sort((a, b) => a.localeCompare(b));
}

/* ------------------------------------------------------------------ vehicle search */

export interface SearchVehicle {
  id: number;
  value: Record<string, string>;
}

export interface VehicleMatch {
  id: number;
  label: string;
}

export function vehicleSearchReady(query: string): boolean {
  return query.trim().length >= FINDER_SEARCH_MIN_CHARS;
}

/** Vehicles whose text fields hold every word of the query (case-insensitive, accents folded). */
export function matchVehicles(vehicles: readonly SearchVehicle[], query: string): VehicleMatch[] {
  if (!vehicleSearchReady(query)) return [];
  const words = foldText(query).split(' ').filter(Boolean);
  const matches: VehicleMatch[] = [];
  for (const vehicle of vehicles) {
    const text = foldText(Object.values(vehicle.value).join(' '));
    if (words.every((word) => text.includes(word))) matches.push({ id: vehicle.id, label: Object.values(vehicle.value).join(' ') });
  }
  return matches;
}

/* ------------------------------------------------------------------ rows and products */

export type FinderRow = [number, string, number];

/** Rows offered to the shopper: those with products. */
export function offeredRows(rows: readonly FinderRow[]): FinderRow[] {
  return rows.filter((row) => row[2] > 0);
}

/** Front / rear are shown only when more than one axis is offered. */
export function axisSide(axisId: number, offered: number): 'front' | 'rear' | null {
  if (offered < 2) return null;
  if (axisId === AXIS.front) return 'front';
  if (axisId === AXIS.rear) return 'rear';
  return null;
}

/** Layouts exist for 1 to 4 items; more fall back to the 4-item layout. */
export function layoutSize(count: number): 1 | 2 | 3 | 4 {
  return Math.min(Math.max(count, 1), 4) as 1 | 2 | 3 | 4;
}

export function catalogueNumber(versionName: string): string {
  return catalogueNumberOf(versionName);
}

/** Technical drawing: base URL + catalogue number without spaces, upper case, .jpg. */
export function drawingUrl(versionName: string, baseUrl: string = DRAWING_BASE_URL): string {
  return drawingUrlOf(versionName, baseUrl);
}

/** Category icon files, by category id (the configurator icon path; unknown ids use the fallback). */
const CATEGORY_ICON_FILES: Record<number, string> = {
  [BRAKE_CATEGORY.pads]: 'pastiglie.svg',
  [BRAKE_CATEGORY.discs]: 'dischi.svg',
  [BRAKE_CATEGORY.kits]: 'kit.svg',
  [BRAKE_CATEGORY.kitsB]: 'kit-dischi.svg',
  [BRAKE_CATEGORY.allKits]: 'kit-completi.svg',
};

export function categoryIcon(categoryId: number): string {
  return categoryIconUrl(CATEGORY_ICON_FILES[categoryId]);
}

/** The size a finder basket form sends: the first size, or the literal uniw. */
export function basketSize(product: Pick<BrakeProduct, 'sizes'>): string {
  return product.sizes?.[0]?.id ?? ONE_SIZE;
}

/** The product's category (trait 24), from its awarded parameters. */
export function productCategory(product: Pick<BrakeProduct, 'awardedParameters'>): number | null {
  return product.awardedParameters.find((parameter) => parameter.id === TRAIT.category)?.values[0]?.id ?? null;
}

/** The finder's basket form: the quantity must be a number, else the missing-quantity info. */
export function basketQuantity(value: string): number | null {
  const trimmed = value.trim();
  if (!/^\d+([.,]\d+)?$/.test(trimmed)) return null;
  const number = Number(trimmed.replace(',', '.'));
  return number > 0 ? number : null;
}

/* ------------------------------------------------------------------ compare */

/** The comparison's category: the one all compared products share, else all categories (154315). */
export function comparedCategory(products: ReadonlyArray<Pick<BrakeProduct, 'awardedParameters'>>): number {
  const categories = new Set(products.map(productCategory));
  const [only] = [...categories];
  return categories.size === 1 && only !== null ? only : ALL_CATEGORIES;
}

/** Ticks or unticks one product; the list keeps the order of ticking, without repeats. */
export function toggleCompared(ids: readonly number[], id: number, ticked: boolean): number[] {
  const without = ids.filter((other) => other !== id);
  return ticked ? [...without, id] : without;
}

export type CompareAlert = 'brake_compare' | 'brake_compare_length';

/** None ticked asks to tick products; fewer than 2 keeps the compare link disabled. */
export function compareAlert(count: number): CompareAlert | null {
  if (count === 0) return 'brake_compare';
  if (count < MIN_COMPARE) return 'brake_compare_length';
  return null;
}

/** The stored compare selection: ids as a JSON list; anything else reads as none. */
export function readComparedIds(stored: string | null): number[] {
  if (!stored) return [];
  try {
    const parsed: unknown = JSON.parse(stored);
    if (!Array.isArray(parsed)) return [];
    return [...new Set(parsed.filter((id): id is number => Number.isInteger(id) && id > 0))].slice(0, BRAKE_QUERY_LIMIT);
  } catch {
    return [];
  }
}

/* ------------------------------------------------------------------ placement */

// On the product page (src/domain/brakePlacement.ts, a module of its own so the product page does
// not bring the finder's rules with it).
export { hasBrakeForm, splitDescription, techNameOf } from './brakePlacement';
