import type { VehiclePageCategory, VehiclePageData, VehiclePageLink, VehiclePagePart } from '../../src/api/wire';
import { VEHICLE_PAGE_PARTS_PER_CATEGORY, vehiclePagePath, type VehiclePageKind } from '../../src/domain/vehiclePages';
import { productLink } from '../text';

/**
 * A vehicle page's data (src/domain/vehiclePages.ts) for both backends: the same SQL (`?`
 * placeholders, which the PostgreSQL repository numbers), a backend supplies only how a query
 * runs. Round trips: a brand page 2, a model page 2, an engine page 2 (the vehicle, its parts).
 *
 * An engine's parts are read from its fits by the fitments' primary key (engine_id, product_id)
 * and ranked per category in the database (ROW_NUMBER over popularity): only the first
 * VEHICLE_PAGE_PARTS_PER_CATEGORY of each category leave it, with the category's total, so a
 * page stays small however many parts fit (the rest are the category's listing for the engine).
 */
export type Rows = <T>(sql: string, params: unknown[]) => Promise<T[]>;

interface EngineRow {
  engine_id: number;
  engine: string;
  fuel: string;
  kw: number;
  cv: number;
  generation_id: number;
  generation: string;
  year_from: number;
  year_to: number | null;
  model_id: number;
  model: string;
  brand_id: number;
  brand: string;
}

interface PartRow {
  id: number;
  name: string;
  slug: string;
  producer: string;
  category_id: number;
  category: string;
  category_total: number;
  position: 'front' | 'rear' | null;
  from_month: string | null;
  to_month: string | null;
  note: string | null;
}

/** Byte order of names (SQLite's default, PostgreSQL's "C"), ties by id: the same on both backends. */
const byName = (a: { name: string; id: number }, b: { name: string; id: number }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id);

/** The engine page's parts query: the engine's fits ranked per category, the first `limit` of each, with each category's total. */
export const ENGINE_PARTS_SQL = `SELECT id, name, slug, producer, category_id, category, category_total, position, from_month, to_month, note FROM (
    SELECT p.id, p.name, p.slug, pr.name AS producer, p.category_id, c.name AS category, c.position AS category_position,
      f.position, f.from_month, f.to_month, f.note,
      CAST(ROW_NUMBER() OVER (PARTITION BY p.category_id ORDER BY p.popularity DESC, p.id) AS INTEGER) AS part_rank,
      CAST(COUNT(*) OVER (PARTITION BY p.category_id) AS INTEGER) AS category_total
    FROM fitments f JOIN products p ON p.id = f.product_id JOIN categories c ON c.id = p.category_id JOIN producers pr ON pr.id = p.producer_id
    WHERE f.engine_id = ?
  ) ranked WHERE part_rank <= ? ORDER BY category_position, category_id, part_rank`;

export const ENGINE_SQL = `SELECT e.id AS engine_id, e.name AS engine, e.fuel, e.kw, e.cv, g.id AS generation_id, g.name AS generation, g.year_from, g.year_to,
    m.id AS model_id, m.name AS model, b.id AS brand_id, b.name AS brand
  FROM engines e JOIN generations g ON g.id = e.generation_id JOIN models m ON m.id = g.model_id JOIN brands b ON b.id = m.brand_id WHERE e.id = ?`;

const brandLink = (id: number, name: string): VehiclePageLink => ({ id, name, link: vehiclePagePath('brand', id, name) });
const modelLink = (id: number, brand: string, name: string): VehiclePageLink => ({ id, name, link: vehiclePagePath('model', id, `${brand} ${name}`) });
const engineName = (brand: string, generation: string, engine: string) => `${brand} ${generation} ${engine}`;

export async function loadVehiclePage(rows: Rows, kind: VehiclePageKind, id: number): Promise<VehiclePageData | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  if (kind === 'brand') {
    const [brand] = await rows<{ id: number; name: string }>('SELECT id, name FROM brands WHERE id = ?', [id]);
    if (!brand) return null;
    const models = (await rows<{ id: number; name: string }>('SELECT id, name FROM models WHERE brand_id = ?', [id])).sort(byName);
    const own = brandLink(brand.id, brand.name);
    return { kind, id, name: brand.name, link: own.link, brand: own, model: null, generation: null, engine: null, children: models.map((m) => modelLink(m.id, brand.name, m.name)), categories: [] };
  }
  if (kind === 'model') {
    const [model] = await rows<{ id: number; name: string; brand_id: number; brand: string }>(
      'SELECT m.id, m.name, b.id AS brand_id, b.name AS brand FROM models m JOIN brands b ON b.id = m.brand_id WHERE m.id = ?',
      [id],
    );
    if (!model) return null;
    const engines = await rows<{ id: number; name: string; generation: string }>(
      `SELECT e.id, e.name, g.name AS generation FROM engines e JOIN generations g ON g.id = e.generation_id
       WHERE g.model_id = ? ORDER BY g.year_from, g.id, e.cv, e.id`,
      [id],
    );
    const own = modelLink(model.id, model.brand, model.name);
    return {
      kind,
      id,
      name: `${model.brand} ${model.name}`,
      link: own.link,
      brand: brandLink(model.brand_id, model.brand),
      model: own,
      generation: null,
      engine: null,
      children: engines.map((e) => ({ id: e.id, name: e.name, group: e.generation, link: vehiclePagePath('engine', e.id, engineName(model.brand, e.generation, e.name)) })),
      categories: [],
    };
  }
  const [engine] = await rows<EngineRow>(ENGINE_SQL, [id]);
  if (!engine) return null;
  const parts = await rows<PartRow>(ENGINE_PARTS_SQL, [id, VEHICLE_PAGE_PARTS_PER_CATEGORY]);
  const categories: VehiclePageCategory[] = [];
  for (const row of parts) {
    let category = categories[categories.length - 1];
    if (category?.id !== row.category_id) {
      category = { id: row.category_id, name: row.category, total: Number(row.category_total), parts: [] };
      categories.push(category);
    }
    const part: VehiclePagePart = {
      id: row.id,
      name: row.name,
      link: productLink(row.id, row.slug),
      producer: row.producer,
      position: row.position,
      fromMonth: row.from_month,
      toMonth: row.to_month,
      note: row.note,
    };
    category.parts.push(part);
  }
  const name = engineName(engine.brand, engine.generation, engine.engine);
  return {
    kind,
    id,
    name,
    link: vehiclePagePath('engine', id, name),
    brand: brandLink(engine.brand_id, engine.brand),
    model: modelLink(engine.model_id, engine.brand, engine.model),
    generation: { id: engine.generation_id, name: engine.generation, yearFrom: engine.year_from, yearTo: engine.year_to },
    engine: { id, name: engine.engine, fuel: engine.fuel, kw: engine.kw, cv: engine.cv },
    children: [],
    categories,
  };
}

/** Every vehicle page's path (without language): each brand's, model's and engine's, in that order (the sitemap's). Three queries. */
export async function loadVehiclePagePaths(rows: Rows): Promise<string[]> {
  const brands = await rows<{ id: number; name: string }>('SELECT id, name FROM brands ORDER BY id', []);
  const models = await rows<{ id: number; name: string; brand: string }>('SELECT m.id, m.name, b.name AS brand FROM models m JOIN brands b ON b.id = m.brand_id ORDER BY m.id', []);
  const engines = await rows<{ id: number; name: string; generation: string; brand: string }>(
    `SELECT e.id, e.name, g.name AS generation, b.name AS brand FROM engines e JOIN generations g ON g.id = e.generation_id
     JOIN models m ON m.id = g.model_id JOIN brands b ON b.id = m.brand_id ORDER BY e.id`,
    [],
  );
  return [
    ...brands.map((b) => brandLink(b.id, b.name).link),
    ...models.map((m) => modelLink(m.id, m.brand, m.name).link),
    ...engines.map((e) => vehiclePagePath('engine', e.id, engineName(e.brand, e.generation, e.name))),
  ];
}
