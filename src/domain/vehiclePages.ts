/**
 * Vehicle pages (issue 25, point 5): one page per brand, per model and per engine, at an
 * address a shopper and a search engine can keep, in every language of the shop (the language
 * is the address's prefix, as for every page: `/pl/vehicles/...`). The id names the vehicle;
 * the slug after it is words only, and a page asked with another slug moves (301) to its own,
 * as product pages do:
 *
 * - `/vehicles/brand-{brandId}-{slug}.html` (`/vehicles/brand-3-fiat.html`): the brand's models;
 * - `/vehicles/model-{modelId}-{slug}.html`: the model's engines, by generation;
 * - `/vehicles/engine-{engineId}-{slug}.html`: the parts that fit, by category, with their fit notes.
 *
 * Pure: no React, no IO.
 */

export type VehiclePageKind = 'brand' | 'model' | 'engine';
export const VEHICLE_PAGE_KINDS: readonly VehiclePageKind[] = ['brand', 'model', 'engine'];

/**
 * How many parts of one category an engine page lists (the most popular first); the rest are
 * one link away, the listing of that category for that engine. Bounds the page's size and
 * render time whatever the engine's number of fits (a popular engine has thousands at 200,000
 * products), while every category still shows.
 */
export const VEHICLE_PAGE_PARTS_PER_CATEGORY = 12;

const VEHICLE_PATH = /^\/vehicles\/(brand|model|engine)-(\d{1,9})-([a-z0-9-]*)\.html$/;

/** Words of a name as an address slug: accents folded, lower case, words joined by dashes, at most 80 characters. */
export function slugText(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

/** The page's path (without language) for a vehicle of a kind, its id and its full name (`Fiat Punto II (1999-2003) 1.2 8V`). */
export function vehiclePagePath(kind: VehiclePageKind, id: number, name: string): string {
  return `/vehicles/${kind}-${id}-${slugText(name)}.html`;
}

/** A vehicle page's kind and id from its path (without language), or null for any other path. */
export function vehiclePageOf(path: string): { kind: VehiclePageKind; id: number } | null {
  const match = VEHICLE_PATH.exec(path);
  if (!match || Number(match[2]) <= 0) return null;
  return { kind: match[1] as VehiclePageKind, id: Number(match[2]) };
}

/** Whether a path (without language) has the shape of a vehicle page's (any slug). */
export function isVehiclePagePath(path: string): boolean {
  return VEHICLE_PATH.test(path);
}

/**
 * The page of the configurator's choice (brand, model, year's generation, engine): its engine's,
 * else its model's, else its brand's; null without a brand. The names are the configurator's,
 * which are the catalogue's, so the slug is the page's own (another would still move to it).
 */
export function vehiclePageHref(choice: {
  brand?: { id: number; name: string } | null;
  model?: { id: number; name: string } | null;
  year?: { id: number; name: string } | null;
  engine?: { id: number; name: string } | null;
}): string | null {
  const { brand, model, year, engine } = choice;
  if (!brand) return null;
  if (engine && year) return vehiclePagePath('engine', engine.id, `${brand.name} ${year.name} ${engine.name}`);
  return model ? vehiclePagePath('model', model.id, `${brand.name} ${model.name}`) : vehiclePagePath('brand', brand.id, brand.name);
}
