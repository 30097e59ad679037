/**
 * Side-by-side comparison of brake parts (brake-shop spec sections 3 "Table definition per
 * category", "Engine list per product", 4 "Brake finder: Compare" and 9). Pure functions:
 * the compare panel (src/components/brakes/ComparePanel.tsx) renders what they build.
 */
import type { BrakeProduct, ProductTrait } from '../api/wire';
import { BRAKE_CATEGORY, TRAIT } from '../api/wire';
import { catalogueNumber, DRAWING_BASE_URL } from './brakes';

/** Local storage key of the ticked product ids (spec section 4). */
export const COMPARE_STORAGE_KEY = 'compareBrakes';
/** Compare needs at least 2 products (spec section 9). */
export const MIN_COMPARE = 2;
/** Category 154315 in a comparison means all categories: one table per category present. */
export const ALL_CATEGORIES = 154315;
/** Technical drawings (server/routes/images.ts serves them). */
export { DRAWING_BASE_URL };

/** The platform's row types; any other type is a parameter id (awardedParameters[].id). */
export type SpecialRowType = 'icon' | 'rysunek' | 'details' | 'zamienniki' | 'silniki';
export const SPECIAL_ROW_TYPES: readonly SpecialRowType[] = ['icon', 'rysunek', 'details', 'zamienniki', 'silniki'];
/**
 * Rows that name a product rather than compare it (its picture, drawing, codes): they differ
 * between any two products, so the panel does not highlight them.
 */
export const IDENTITY_ROW_TYPES: readonly string[] = ['icon', 'rysunek', 'details'];

/**
 * Table definition per category (spec section 3). `category` lists the rows as "label#row type":
 * the label is a key of the i18n section `compare.rows` (the panel falls back to the parameter's
 * own name, then the label itself); the row type is icon, rysunek (drawing), details,
 * zamienniki (replacement codes), silniki (ours: the engine list) or a parameter id.
 */
export interface CompareTableDefinition {
  category: string[];
  catalog_name: string;
  replacement_class: string;
  table_class: string;
}

const IDENTITY_ROWS = ['photo#icon', 'drawing#rysunek', 'details#details'];
const TAIL_ROWS = ['replacements#zamienniki', 'engines#silniki'];

/** Demo catalogue parameter ids (server/db/catalogue/generate.ts, PARAM). */
export const PARAMETER = {
  width: 90001,
  height: 90002,
  thickness: 90003,
  wva: 90004,
  wear: 90005,
  diameter: 90010,
  discType: 90011,
  holes: 90012,
  centering: 90013,
  minThickness: 90014,
  contents: 90015,
} as const;

const kitRows = [
  ...IDENTITY_ROWS,
  `axis#${TRAIT.axis}`,
  `contents#${PARAMETER.contents}`,
  `diameter#${PARAMETER.diameter}`,
  `thickness#${PARAMETER.thickness}`,
  ...TAIL_ROWS,
];

export const COMPARE_TABLES: Readonly<Record<number, CompareTableDefinition>> = {
  [BRAKE_CATEGORY.pads]: {
    category: [
      ...IDENTITY_ROWS,
      `axis#${TRAIT.axis}`,
      `width#${PARAMETER.width}`,
      `height#${PARAMETER.height}`,
      `thickness#${PARAMETER.thickness}`,
      `wva#${PARAMETER.wva}`,
      `wear#${PARAMETER.wear}`,
      ...TAIL_ROWS,
    ],
    catalog_name: 'Pastiglie freno',
    replacement_class: 'compare-replacements compare-replacements--pads',
    table_class: 'compare-table--pads',
  },
  [BRAKE_CATEGORY.discs]: {
    category: [
      ...IDENTITY_ROWS,
      `axis#${TRAIT.axis}`,
      `discType#${PARAMETER.discType}`,
      `diameter#${PARAMETER.diameter}`,
      `thickness#${PARAMETER.thickness}`,
      `minThickness#${PARAMETER.minThickness}`,
      `height#${PARAMETER.height}`,
      `holes#${PARAMETER.holes}`,
      `centering#${PARAMETER.centering}`,
      ...TAIL_ROWS,
    ],
    catalog_name: 'Dischi freno',
    replacement_class: 'compare-replacements compare-replacements--discs',
    table_class: 'compare-table--discs',
  },
  [BRAKE_CATEGORY.kits]: { category: kitRows, catalog_name: 'Kit freni', replacement_class: 'compare-replacements compare-replacements--kits', table_class: 'compare-table--kits' },
  [BRAKE_CATEGORY.kitsB]: {
    category: kitRows,
    catalog_name: 'Kit dischi e pastiglie',
    replacement_class: 'compare-replacements compare-replacements--kits',
    table_class: 'compare-table--kits',
  },
  [BRAKE_CATEGORY.allKits]: {
    category: kitRows,
    catalog_name: 'Kit freni completi',
    replacement_class: 'compare-replacements compare-replacements--kits',
    table_class: 'compare-table--kits',
  },
};

/** Order of the tables (and of the bundle list) when comparing all categories. */
const CATEGORY_ORDER: readonly number[] = [BRAKE_CATEGORY.pads, BRAKE_CATEGORY.discs, BRAKE_CATEGORY.kits, BRAKE_CATEGORY.kitsB, BRAKE_CATEGORY.allKits];

/** Parameters that are never a parameter row of the generic table (they have their own rows or mean nothing here). */
const NOT_A_ROW: readonly number[] = [TRAIT.category, TRAIT.subCategory, TRAIT.replacementCode, TRAIT.engine, TRAIT.engineCompat];

/** A category without a definition: identity rows, every parameter its products carry, replacements, engines. */
export function genericDefinition(products: readonly BrakeProduct[], name: string): CompareTableDefinition {
  const ids: number[] = [];
  for (const product of products) for (const parameter of product.awardedParameters) if (!NOT_A_ROW.includes(parameter.id) && !ids.includes(parameter.id)) ids.push(parameter.id);
  return {
    category: [...IDENTITY_ROWS, ...ids.map((id) => `#${id}`), ...TAIL_ROWS],
    catalog_name: name,
    replacement_class: 'compare-replacements',
    table_class: 'compare-table--other',
  };
}

/* ---------------------------------------------------------------- table model */

export type CompareValue = string | string[] | null;

export interface ComparisonRow {
  /** Key in the i18n section `compare.rows`; may be '' (then the parameter's name is shown). */
  label: string;
  /** icon | rysunek | details | zamienniki | silniki | a parameter id. */
  type: string;
  /** One per column, in column order; empty values are null. */
  values: CompareValue[];
  /** The values are not all equal. */
  differs: boolean;
  /** The parameter's own name (parameter rows), from the first product carrying it. */
  parameterName?: string;
}

export interface ComparisonTable {
  /** Stable id (the category id): `compare-<category>`. */
  id: string;
  categoryId: number | null;
  /** The category's name from the products (parameter 24), else the definition's catalog_name. */
  title: string;
  /** Product ids, in the order the products were given. */
  columns: number[];
  rows: ComparisonRow[];
  tableClass: string;
  replacementClass: string;
}

/** Catalogue number: the part of versionName before '#' (spec section 3). */
export function catalogueNumberOf(versionName: string): string {
  return catalogueNumber(versionName);
}

/** Technical drawing: base URL + catalogue number without spaces, upper case, + .jpg (spec section 2). */
export function drawingUrl(base: string, catalogueNo: string): string {
  return `${base}${catalogueNo.replace(/\s+/g, '').toUpperCase()}.jpg`;
}

/** A product's category: the value of the category trait (parameter 24), if any. */
export function productCategory(product: BrakeProduct): { id: number; name: string } | null {
  const value = product.awardedParameters.find((p) => p.id === TRAIT.category)?.values[0];
  return value ? { id: value.id, name: value.name } : null;
}

/** Parses a "label#row type" definition entry (a label may itself hold no '#'; the type is after the last one). */
export function parseRowDefinition(entry: string): { label: string; type: string } {
  const hash = entry.lastIndexOf('#');
  return hash === -1 ? { label: entry, type: entry } : { label: entry.slice(0, hash), type: entry.slice(hash + 1) };
}

/** Normalises a value: trimmed text, lists without blanks; nothing left is null. */
export function normaliseValue(value: CompareValue | undefined): CompareValue {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) {
    const list = value.map((v) => v.trim()).filter((v) => v !== '');
    return list.length ? list : null;
  }
  const text = value.trim();
  return text === '' ? null : text;
}

export function isEmptyValue(value: CompareValue | undefined): boolean {
  return normaliseValue(value) === null;
}

const valueKey = (value: CompareValue) => JSON.stringify(normaliseValue(value));

/** True when the values are not all equal (empty values are equal to each other). */
export function valuesDiffer(values: readonly CompareValue[]): boolean {
  return new Set(values.map(valueKey)).size > 1;
}

/** Builds a row from raw values: normalised, `differs` computed; null when every value is empty. */
export function makeRow(label: string, type: string, raw: readonly CompareValue[], parameterName?: string): ComparisonRow | null {
  const values = raw.map(normaliseValue);
  if (values.every((v) => v === null)) return null;
  return { label, type, values, differs: valuesDiffer(values), ...(parameterName ? { parameterName } : {}) };
}

/** Replacement codes: parameter 172622, else the long description's ul.replacement-list. */
export function replacementCodes(product: BrakeProduct): string[] {
  const fromParameter = product.awardedParameters.find((p) => p.id === TRAIT.replacementCode)?.values.map((v) => v.name) ?? [];
  if (fromParameter.length) return fromParameter;
  const doc = parseHtml(product.longDescription);
  if (!doc) return [];
  return [...doc.querySelectorAll('ul.replacement-list > li')].map((li) => (li.textContent ?? '').trim()).filter(Boolean);
}

/** Engine lists from the traits (groups 49 and 181409), by product id, for descriptions without one. */
export type TraitEngines = Readonly<Record<number, EngineGroup[]>>;

/** A product's engine list: the description's, else the one its traits carry. */
export function productEngines(product: BrakeProduct, fromTraits?: TraitEngines): EngineGroup[] {
  const fromDescription = engineCompatibility(product.longDescription);
  return fromDescription.length ? fromDescription : (fromTraits?.[product.id] ?? []);
}

/** Whether a long description holds an engine list (ul.engine-list); without one the traits are asked. */
export function hasEngineList(longDescriptionHtml: string): boolean {
  return /<ul\b[^>]*\bclass\s*=\s*["'][^"']*\bengine-list\b/i.test(longDescriptionHtml);
}

function cellValue(product: BrakeProduct, type: string, drawingBase: string, fromTraits?: TraitEngines): CompareValue {
  switch (type) {
    case 'icon':
      return product.icon || null;
    case 'rysunek': {
      const number = catalogueNumberOf(product.versionName);
      return number ? drawingUrl(drawingBase, number) : null;
    }
    case 'details':
      return [catalogueNumberOf(product.versionName), product.producer.name];
    case 'zamienniki':
      return replacementCodes(product);
    case 'silniki':
      return flattenEngines(productEngines(product, fromTraits));
    default: {
      const id = Number(type);
      const parameter = Number.isInteger(id) ? product.awardedParameters.find((p) => p.id === id) : undefined;
      if (!parameter) return null;
      const names = parameter.values.map((v) => v.name);
      return names.length === 1 ? names[0] : names;
    }
  }
}

function buildTable(
  products: readonly BrakeProduct[],
  definition: CompareTableDefinition,
  categoryId: number | null,
  title: string,
  drawingBase: string,
  fromTraits?: TraitEngines,
): ComparisonTable {
  const rows: ComparisonRow[] = [];
  for (const entry of definition.category) {
    const { label, type } = parseRowDefinition(entry);
    const id = Number(type);
    const parameterName = SPECIAL_ROW_TYPES.includes(type as SpecialRowType)
      ? undefined
      : products.flatMap((p) => p.awardedParameters).find((p) => p.id === id)?.name;
    const row = makeRow(
      label,
      type,
      products.map((product) => cellValue(product, type, drawingBase, fromTraits)),
      parameterName,
    );
    if (row) rows.push(row);
  }
  return {
    id: `compare-${categoryId ?? 'other'}`,
    categoryId,
    title,
    columns: products.map((p) => p.id),
    rows,
    tableClass: definition.table_class,
    replacementClass: definition.replacement_class,
  };
}

/**
 * The comparison tables (spec section 4): for one category, one table of every product by that
 * category's definition; for all categories (154315) or an unknown one (null), one table per
 * category present, in the shop's category order (categories without a definition last, in
 * order of appearance), each holding that category's products in the order given. Rows
 * whose values are all empty are left out; `differs` marks rows whose values are not all equal.
 */
export function buildComparison(products: BrakeProduct[], categoryId: number | null, drawingBase: string = DRAWING_BASE_URL, fromTraits?: TraitEngines): ComparisonTable[] {
  if (!products.length) return [];
  if (categoryId !== null && categoryId !== ALL_CATEGORIES) {
    const name = products.map(productCategory).find((c) => c?.id === categoryId)?.name;
    const definition = COMPARE_TABLES[categoryId] ?? genericDefinition(products, name ?? '');
    return [buildTable(products, definition, categoryId, name ?? definition.catalog_name, drawingBase, fromTraits)];
  }
  const groups = new Map<number | null, { name: string; products: BrakeProduct[] }>();
  for (const product of products) {
    const category = productCategory(product);
    const key = category?.id ?? null;
    const group = groups.get(key) ?? { name: category?.name ?? '', products: [] };
    group.products.push(product);
    groups.set(key, group);
  }
  const rank = (id: number | null) => {
    const index = id === null ? -1 : CATEGORY_ORDER.indexOf(id);
    return index === -1 ? CATEGORY_ORDER.length : index;
  };
  return [...groups.entries()]
    .map(([id, group], appearance) => ({ id, group, appearance }))
    .sort((a, b) => rank(a.id) - rank(b.id) || a.appearance - b.appearance)
    .map(({ id, group }) => {
      const definition = (id !== null && COMPARE_TABLES[id]) || genericDefinition(group.products, group.name);
      return buildTable(group.products, definition, id, group.name || definition.catalog_name, drawingBase, fromTraits);
    });
}

/* ---------------------------------------------------------------- engine list */

/** Engine list per product (spec section 3): groups with a name and items; items are text criteria or nested groups. */
export interface EngineGroup {
  name: string;
  items: EngineItem[];
}
export type EngineItem = string | EngineGroup;

function parseHtml(html: string): Document | null {
  if (!html || typeof DOMParser === 'undefined') return null;
  return new DOMParser().parseFromString(html, 'text/html');
}

/** A list item's own text: its text, without the text of the lists nested in it. */
function ownText(li: Element): string {
  let text = '';
  for (const node of li.childNodes) {
    if (node.nodeType === 3) text += node.textContent ?? '';
    else if (node.nodeType === 1 && !['UL', 'OL'].includes((node as Element).tagName)) text += node.textContent ?? '';
  }
  return text.replace(/\s+/g, ' ').trim();
}

function nestedItems(li: Element): EngineItem[] {
  const items: EngineItem[] = [];
  for (const list of li.children) {
    if (list.tagName !== 'UL' && list.tagName !== 'OL') continue;
    for (const child of list.children) {
      if (child.tagName !== 'LI') continue;
      const item = parseItem(child);
      if (item !== null) items.push(item);
    }
  }
  return items;
}

function parseItem(li: Element): EngineItem | null {
  const name = ownText(li);
  const items = nestedItems(li);
  if (!items.length) return name || null;
  return { name, items };
}

function groupsOf(list: Element): EngineGroup[] {
  const groups: EngineGroup[] = [];
  for (const li of list.children) {
    if (li.tagName !== 'LI') continue;
    const name = ownText(li);
    const items = nestedItems(li);
    if (name || items.length) groups.push({ name, items });
  }
  return groups;
}

/**
 * The long description's engine list (`ul.engine-list`: brand > generation > engines) as
 * groups > generations > engines. Text only: the HTML is parsed inertly (DOMParser runs no
 * script and loads nothing) and never rendered as HTML.
 */
export function engineCompatibility(longDescriptionHtml: string): EngineGroup[] {
  const doc = parseHtml(longDescriptionHtml);
  const list = doc?.querySelector('ul.engine-list');
  return list ? groupsOf(list) : [];
}

/**
 * Engine compatibility from the product detail's traits (groups 49 and 181409: a list of
 * plain-text criteria): one group per trait, named `name`, without repeated criteria.
 */
export function engineCompatibilityFromTraits(traits: readonly ProductTrait[], name = ''): EngineGroup[] {
  const criteria: string[] = [];
  for (const trait of traits) {
    if (trait.groupid !== TRAIT.engine && trait.groupid !== TRAIT.engineCompat) continue;
    const doc = parseHtml(trait.description);
    if (!doc) continue;
    const items = [...doc.querySelectorAll('li')].filter((li) => !li.querySelector('li')).map((li) => (li.textContent ?? '').replace(/\s+/g, ' ').trim());
    const texts = items.length ? items : [(doc.body.textContent ?? '').replace(/\s+/g, ' ').trim()];
    for (const text of texts) if (text && !criteria.includes(text)) criteria.push(text);
  }
  return criteria.length ? [{ name, items: criteria }] : [];
}

/** Every path of the engine list as one line ("Brand › Generation › Engine"): compares two lists. */
export function flattenEngines(groups: readonly EngineItem[], prefix = ''): string[] {
  const lines: string[] = [];
  for (const item of groups) {
    if (typeof item === 'string') lines.push(prefix ? `${prefix} › ${item}` : item);
    else {
      const path = item.name ? (prefix ? `${prefix} › ${item.name}` : item.name) : prefix;
      const inner = flattenEngines(item.items, path);
      lines.push(...(inner.length ? inner : path ? [path] : []));
    }
  }
  return lines;
}

/* ---------------------------------------------------------------- stored selection */

/** The ticked ids as stored (a JSON array of positive integers); anything else reads as none. */
export function parseStoredCompare(raw: string | null): number[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    const ids: number[] = [];
    for (const id of value) if (Number.isInteger(id) && id > 0 && !ids.includes(id)) ids.push(id);
    return ids;
  } catch {
    return [];
  }
}
