/**
 * The shop's catalogue file (docs/catalogue-format.md): JSON Lines, one record per line, each
 * an object with a `kind`. Definitions (categories, producers, series, traits, vehicles) come
 * before the products that name them; a bundle may name products anywhere in the file.
 *
 * `CatalogueReader` checks every line as it comes (types, ranges, references) and turns the
 * good ones into the rows of the catalogue tables (CATALOGUE_COLUMNS). A file with any bad line
 * is refused whole: `errors` says which lines, which field and why.
 */
import { pictureAddress } from '../shopViews';
import { TRAIT } from '../../../src/api/wire';
import { MAX_PRODUCT_ID } from '../../../src/domain/pageTypes';
import { slugify } from '../../text';
import { controlCharacterIn, MAX_ID } from '../../http';
import { CATALOGUE_COLUMNS } from './generate';
import { parseVehicleKey } from '../../../src/domain/vehicleKey';
import { checkShopSettings, type ShopSettings } from '../../settings/shopSettings';
import { codeKey } from '../searchTerms';
import { DISC_MEASURES, isMeasureNumber, PAD_MEASURES } from '../../../src/domain/brakeMeasures';

/** The traits whose values are a brake's measures in numbers (mm, or a count of holes). */
const NUMERIC_MEASURES = new Set([...DISC_MEASURES, ...PAD_MEASURES].filter((m) => m.numeric).map((m) => m.trait));

export const CATALOGUE_FORMAT = 1;

export interface CatalogueError {
  /** 1-based line of the file (0: the file as a whole). */
  line: number;
  /** The field, as a path in the line's record (`sizes[1].price_net`), or `kind` / `record`. */
  field: string;
  reason: string;
}

/** Optional qualifiers of a fitment row; stored only where the database has their columns (fitment qualifiers, migration 9). */
export const FITMENT_QUALIFIERS = ['position', 'from_month', 'to_month', 'note'] as const;
export type FitmentQualifier = (typeof FITMENT_QUALIFIERS)[number];

export type Row = unknown[];

/** What a good file becomes: the rows of each table, ready to store. */
export interface CatalogueRows {
  brands: Row[];
  models: Row[];
  generations: Row[];
  engines: Row[];
  /** kind, key, engine_id: a vehicle's registration keys (migration 25; `kba` / `ktype` on a vehicle line). */
  engine_keys: Row[];
  categories: Row[];
  producers: Row[];
  series: Row[];
  products: Row[];
  sizes: Row[];
  rebates: Row[];
  bundle_items: Row[];
  param_values: Row[];
  product_params: Row[];
  /** engine_id, product_id, then the qualifiers (all four, or none when none is given). */
  fitments: Row[];
  /** doc, product_id, name, catalog_no, codes, producer: numbered by popularity (doc 1 = most wanted). */
  search_docs: Row[];
  /** product_id, position, url */
  pictures: Row[];
  menu_nodes: Row[];
  /** kind, id, language, text: names and texts in the languages other than the shop's (server/db/catalogueTexts.ts). */
  catalogue_texts: Row[];
  /** The shop's own settings from the file's `settings` line (server/settings/shopSettings.ts); absent: the stored ones stay. */
  settings?: ShopSettings;
  /** code_key, group_id, code, replaced_by (a key): groups of equivalent codes (issue 37, migration 26). */
  code_groups: Row[];
}

/** The languages a catalogue file may name things in besides the shop's own (Italian, the fallback). */
export const TEXT_LANGUAGES = ['pl', 'en'] as const;

export const PRODUCT_TYPES = ['product_item', 'product_bundle', 'product_virtual', 'product_service'] as const;
export const SIZE_STATUSES = ['enable', 'order', 'disable'] as const;

// Ids: at most what the shop's parameters take (server/http.ts MAX_ID, a filter's trait value,
// a vehicle's engine); a product's at most what its page address holds (MAX_PRODUCT_ID).
const MAX_ERRORS = 200;

class Invalid extends Error {
  constructor(
    readonly field: string,
    reason: string,
  ) {
    super(reason);
  }
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Field readers: each throws `Invalid` naming the field. */
const read = {
  id(record: Json, field: string, path = field): number {
    const value = record[field];
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) throw new Invalid(path, 'must be a whole number from 1');
    if (value > MAX_ID) throw new Invalid(path, `must be a whole number from 1 to ${MAX_ID}`);
    return value;
  },
  productId(record: Json, field: string, path = field): number {
    const value = record[field];
    if (typeof value === 'number' && Number.isInteger(value) && value > MAX_PRODUCT_ID) throw new Invalid(path, `must be a whole number from 1 to ${MAX_PRODUCT_ID} (the product page addresses)`);
    return read.id(record, field, path);
  },
  optionalId(record: Json, field: string, path = field): number | null {
    return record[field] === undefined || record[field] === null ? null : read.id(record, field, path);
  },
  text(record: Json, field: string, max: number, path = field): string {
    const value = record[field];
    if (typeof value !== 'string') throw new Invalid(path, 'must be text');
    if (controlCharacterIn(value)) throw new Invalid(path, 'must not hold control characters');
    const trimmed = value.trim();
    if (!trimmed) throw new Invalid(path, 'must not be empty');
    if (trimmed.length > max) throw new Invalid(path, `must be at most ${max} characters`);
    return trimmed;
  },
  optionalText(record: Json, field: string, max: number, fallback: string | null, path = field): string | null {
    const value = record[field];
    if (value === undefined || value === null) return fallback;
    if (typeof value !== 'string') throw new Invalid(path, 'must be text');
    if (controlCharacterIn(value)) throw new Invalid(path, 'must not hold control characters');
    if (value.length > max) throw new Invalid(path, `must be at most ${max} characters`);
    return value;
  },
  number(record: Json, field: string, options: { min?: number; max?: number; integer?: boolean; fallback?: number | null }, path = field): number | null {
    const value = record[field];
    if (value === undefined || value === null) {
      if (options.fallback === undefined) throw new Invalid(path, 'is required');
      return options.fallback;
    }
    if (typeof value !== 'number' || !Number.isFinite(value)) throw new Invalid(path, 'must be a number');
    if (options.integer && !Number.isInteger(value)) throw new Invalid(path, 'must be a whole number');
    if (options.min !== undefined && value < options.min) throw new Invalid(path, `must be at least ${options.min}`);
    if (options.max !== undefined && value > options.max) throw new Invalid(path, `must be at most ${options.max}`);
    return value;
  },
  flag(record: Json, field: string, fallback: 0 | 1, path = field): 0 | 1 {
    const value = record[field];
    if (value === undefined || value === null) return fallback;
    if (value === true || value === 1) return 1;
    if (value === false || value === 0) return 0;
    throw new Invalid(path, 'must be true or false (or 1 / 0)');
  },
  oneOf<T extends string>(record: Json, field: string, allowed: readonly T[], fallback: T | undefined, path = field): T {
    const value = record[field];
    if ((value === undefined || value === null) && fallback !== undefined) return fallback;
    if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) throw new Invalid(path, `must be one of ${allowed.join(', ')}`);
    return value as T;
  },
  /** `{ "pl": "...", "en": "..." }`: the thing's name in other languages (none: the shop's shows). */
  translations(record: Json, field: string, max: number, path = field): Array<[string, string]> {
    const value = record[field];
    if (value === undefined || value === null) return [];
    if (!isObject(value)) throw new Invalid(path, `must be an object of texts by language (${TEXT_LANGUAGES.join(', ')})`);
    return Object.keys(value).map((language) => {
      if (!(TEXT_LANGUAGES as readonly string[]).includes(language)) throw new Invalid(`${path}.${language}`, `is not a language of the shop (${TEXT_LANGUAGES.join(', ')})`);
      return [language, read.text(value, language, max, `${path}.${language}`)];
    });
  },
  list(record: Json, field: string, max: number, path = field): unknown[] {
    const value = record[field];
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value)) throw new Invalid(path, 'must be a list');
    if (value.length > max) throw new Invalid(path, `must have at most ${max} items`);
    return value;
  },
};

function onlyFields(record: Json, allowed: readonly string[], path = ''): void {
  for (const key of Object.keys(record)) {
    if (!allowed.includes(key)) throw new Invalid(`${path}${key}`, 'is not a field of this record');
  }
}

const round2 = (n: number) => Math.round(n * 100) / 100;

const CATEGORY_FIELDS = ['kind', 'id', 'name', 'names', 'parent_id', 'position', 'icon', 'promo'];
const PRODUCER_FIELDS = ['kind', 'id', 'name'];
const SERIES_FIELDS = ['kind', 'id', 'producer_id', 'name'];
const TRAIT_FIELDS = ['kind', 'id', 'param_id', 'param_name', 'param_names', 'name', 'names'];
const CODE_GROUP_FIELDS = ['kind', 'id', 'codes'];
const VEHICLE_FIELDS = ['kind', 'brand_id', 'brand', 'model_id', 'model', 'generation_id', 'generation', 'year_from', 'year_to', 'engine_id', 'engine', 'fuel', 'kw', 'cv', 'kba', 'ktype'];
const PRODUCT_OWN = CATALOGUE_COLUMNS.products.filter((column) => column !== 'slug');
const PRODUCT_FIELDS = ['kind', ...PRODUCT_OWN, 'slug', 'names', 'short_descriptions', 'sizes', 'rebates', 'traits', 'fitments', 'bundle', 'pictures'];
const SIZE_FIELDS = [...CATALOGUE_COLUMNS.sizes.filter((column) => column !== 'product_id' && column !== 'position'), 'names'];
const FITMENT_FIELDS = ['engine_id', ...FITMENT_QUALIFIERS];

/**
 * Reads a catalogue file line by line. `line(text, number)` checks one line; `finish()` runs the
 * checks that need the whole file and answers the rows (or null when any line was bad).
 */
export class CatalogueReader {
  readonly errors: CatalogueError[] = [];
  /** Every bad field found, beyond the first MAX_ERRORS kept in `errors`. */
  errorCount = 0;
  /** Lines holding a record. */
  records = 0;
  readonly rows: CatalogueRows = {
    brands: [], models: [], generations: [], engines: [], engine_keys: [], categories: [], producers: [], series: [], products: [], sizes: [],
    rebates: [], bundle_items: [], param_values: [], product_params: [], fitments: [], search_docs: [], pictures: [], menu_nodes: [], catalogue_texts: [], code_groups: [],
  };
  /** Trait names in other languages, each kept once (a trait's values each repeat its name). */
  private readonly paramTexts = new Map<string, string>();

  private readonly categories = new Map<number, number | null>(); // id -> parent
  private readonly producers = new Map<number, string>();
  private readonly series = new Map<number, number>(); // id -> producer
  private readonly traitValues = new Map<number, { param: number; name: string }>();
  private readonly traitKeys = new Set<string>();
  private readonly brands = new Map<number, string>();
  private readonly models = new Map<number, { brand: number; name: string }>();
  private readonly generations = new Map<number, { model: number; name: string; from: number; to: number | null }>();
  private readonly engines = new Set<number>();
  private readonly engineKeys = new Map<string, number>(); // kind:key -> engine
  private readonly products = new Map<number, number>(); // id -> line
  private readonly bundles: Array<{ line: number; field: string; product: number }> = [];
  private readonly searchSources: Array<{ id: number; popularity: number; text: [string, string, string, string]; keys: string[] }> = [];
  /** Code groups by id, and each grouped code's group by its key (issue 37). */
  private readonly codeGroups = new Map<number, string[]>();
  private readonly groupOfKey = new Map<string, number>();
  private readonly fittedCategories = new Set<number>();

  private fail(line: number, field: string, reason: string): void {
    this.errorCount++;
    if (this.errors.length < MAX_ERRORS) this.errors.push({ line, field, reason });
  }

  /** Checks one line of the file (1-based number) and keeps its rows when good. */
  line(text: string, number: number): void {
    if (!text.trim()) return;
    let record: unknown;
    try {
      record = JSON.parse(text);
    } catch (error) {
      this.fail(number, 'record', `is not JSON: ${(error as Error).message}`);
      return;
    }
    if (!isObject(record)) {
      this.fail(number, 'record', 'must be a JSON object');
      return;
    }
    this.records++;
    try {
      this.record(record, number);
    } catch (error) {
      if (error instanceof Invalid) this.fail(number, error.field, error.message);
      else throw error;
    }
  }

  private record(record: Json, line: number): void {
    switch (record.kind) {
      case 'catalogue': {
        onlyFields(record, ['kind', 'format', 'exported_at', 'source']);
        if (record.format !== CATALOGUE_FORMAT) throw new Invalid('format', `must be ${CATALOGUE_FORMAT}`);
        if (this.records !== 1) throw new Invalid('kind', 'the catalogue line must be the first record');
        return;
      }
      case 'category': {
        onlyFields(record, CATEGORY_FIELDS);
        const id = read.id(record, 'id');
        if (this.categories.has(id)) throw new Invalid('id', `category ${id} is defined twice`);
        const parent = read.optionalId(record, 'parent_id');
        if (parent !== null && !this.categories.has(parent)) throw new Invalid('parent_id', `names category ${parent}, not defined above`);
        const row = [id, read.text(record, 'name', 200), parent, read.number(record, 'position', { integer: true, min: 0, max: 1e6, fallback: 0 }), read.optionalText(record, 'icon', 200, null), read.flag(record, 'promo', 0)];
        const names = read.translations(record, 'names', 200);
        this.categories.set(id, parent);
        this.rows.categories.push(row);
        for (const [language, text] of names) this.rows.catalogue_texts.push(['category', String(id), language, text]);
        return;
      }
      case 'producer': {
        onlyFields(record, PRODUCER_FIELDS);
        const id = read.id(record, 'id');
        if (this.producers.has(id)) throw new Invalid('id', `producer ${id} is defined twice`);
        const name = read.text(record, 'name', 200);
        this.producers.set(id, name);
        this.rows.producers.push([id, name]);
        return;
      }
      case 'series': {
        onlyFields(record, SERIES_FIELDS);
        const id = read.id(record, 'id');
        if (this.series.has(id)) throw new Invalid('id', `series ${id} is defined twice`);
        const producer = read.id(record, 'producer_id');
        if (!this.producers.has(producer)) throw new Invalid('producer_id', `names producer ${producer}, not defined above`);
        this.series.set(id, producer);
        this.rows.series.push([id, producer, read.text(record, 'name', 200)]);
        return;
      }
      case 'trait': {
        onlyFields(record, TRAIT_FIELDS);
        const id = read.id(record, 'id');
        if (this.traitValues.has(id)) throw new Invalid('id', `trait value ${id} is defined twice`);
        const param = read.id(record, 'param_id');
        const name = read.text(record, 'name', 300);
        // A brake's measures (issue 37) are numbers: a filter lists them in numeric order.
        if (NUMERIC_MEASURES.has(param) && !isMeasureNumber(name)) throw new Invalid('name', `trait ${param} is a brake measure: its value must be a number such as 280 or 66.5`);
        const key = `${param}|${name}`;
        if (this.traitKeys.has(key)) throw new Invalid('name', `trait ${param} already has the value "${name}"`);
        const names = read.translations(record, 'names', 300);
        const paramNames = read.translations(record, 'param_names', 200);
        for (const [language, text] of paramNames) {
          const known = this.paramTexts.get(`${param}|${language}`);
          if (known !== undefined && known !== text) throw new Invalid(`param_names.${language}`, `trait ${param} is named "${known}" in ${language} above`);
        }
        this.traitKeys.add(key);
        this.traitValues.set(id, { param, name });
        this.rows.param_values.push([id, param, read.text(record, 'param_name', 200), name]);
        for (const [language, text] of names) this.rows.catalogue_texts.push(['value', String(id), language, text]);
        for (const [language, text] of paramNames) {
          if (this.paramTexts.has(`${param}|${language}`)) continue;
          this.paramTexts.set(`${param}|${language}`, text);
          this.rows.catalogue_texts.push(['param', String(param), language, text]);
        }
        return;
      }
      case 'vehicle': {
        onlyFields(record, VEHICLE_FIELDS);
        const brandId = read.id(record, 'brand_id');
        const brand = read.text(record, 'brand', 100);
        const known = this.brands.get(brandId);
        if (known === undefined) {
          this.brands.set(brandId, brand);
          this.rows.brands.push([brandId, brand]);
        } else if (known !== brand) throw new Invalid('brand', `brand ${brandId} is "${known}" above`);
        const modelId = read.id(record, 'model_id');
        const model = read.text(record, 'model', 100);
        const knownModel = this.models.get(modelId);
        if (!knownModel) {
          this.models.set(modelId, { brand: brandId, name: model });
          this.rows.models.push([modelId, brandId, model]);
        } else if (knownModel.brand !== brandId || knownModel.name !== model) throw new Invalid('model_id', `model ${modelId} is "${knownModel.name}" of brand ${knownModel.brand} above`);
        const generationId = read.id(record, 'generation_id');
        const generation = read.text(record, 'generation', 150);
        const from = read.number(record, 'year_from', { integer: true, min: 1900, max: 2100 })!;
        const to = read.number(record, 'year_to', { integer: true, min: 1900, max: 2100, fallback: null });
        if (to !== null && to < from) throw new Invalid('year_to', 'must not be before year_from');
        const knownGeneration = this.generations.get(generationId);
        if (!knownGeneration) {
          this.generations.set(generationId, { model: modelId, name: generation, from, to });
          this.rows.generations.push([generationId, modelId, generation, from, to]);
        } else if (knownGeneration.model !== modelId || knownGeneration.name !== generation || knownGeneration.from !== from || knownGeneration.to !== to) {
          throw new Invalid('generation_id', `generation ${generationId} is "${knownGeneration.name}" (${knownGeneration.from}-${knownGeneration.to ?? ''}) of model ${knownGeneration.model} above`);
        }
        const engineId = read.id(record, 'engine_id');
        if (this.engines.has(engineId)) throw new Invalid('engine_id', `engine ${engineId} is defined twice`);
        this.engines.add(engineId);
        this.rows.engines.push([
          engineId,
          generationId,
          read.text(record, 'engine', 150),
          read.text(record, 'fuel', 40),
          read.number(record, 'kw', { integer: true, min: 0, max: 2000 }),
          read.number(record, 'cv', { integer: true, min: 0, max: 3000 }),
        ]);
        // Registration keys (issue 37): `kba` ["0603/AJX", ...] and `ktype` [12345, ...], each naming this engine only.
        for (const kind of ['kba', 'ktype'] as const) {
          for (const [index, value] of read.list(record, kind, 50).entries()) {
            const path = `${kind}[${index}]`;
            const parsed = (kind === 'kba' ? typeof value === 'string' : typeof value === 'number' && Number.isInteger(value) && value > 0) ? parseVehicleKey(String(value)) : null;
            if (!parsed || parsed.kind !== kind) throw new Invalid(path, kind === 'kba' ? 'must be a KBA number, HSN/TSN: 4 digits, "/", 3 letters or digits' : 'must be a KType number from 1 to 999999');
            const earlier = this.engineKeys.get(`${kind}:${parsed.key}`);
            if (earlier !== undefined) throw new Invalid(path, `${parsed.key} already names engine ${earlier}`);
            this.engineKeys.set(`${kind}:${parsed.key}`, engineId);
            this.rows.engine_keys.push([kind, parsed.key, engineId]);
          }
        }
        return;
      }
      case 'code_group': {
        onlyFields(record, CODE_GROUP_FIELDS);
        const id = read.id(record, 'id');
        if (this.codeGroups.has(id)) throw new Invalid('id', `code group ${id} is defined twice`);
        const entries = read.list(record, 'codes', 50);
        if (entries.length < 2) throw new Invalid('codes', 'must list at least 2 codes (a group of equivalents)');
        const members = entries.map((entry, index) => {
          const path = `codes[${index}]`;
          const item: Json = typeof entry === 'string' ? { code: entry } : isObject(entry) ? entry : {};
          if (typeof entry !== 'string' && !isObject(entry)) throw new Invalid(path, 'must be a code, or { "code", "replaced_by" }');
          onlyFields(item, ['code', 'replaced_by'], `${path}.`);
          const code = read.text(item, 'code', 100, typeof entry === 'string' ? path : `${path}.code`);
          const key = codeKey(code);
          if (!/^[\p{L}\p{N}/]+$/u.test(key)) throw new Invalid(path, 'a code is letters and digits (spaces, dots, dashes and slashes between them)');
          const other = this.groupOfKey.get(key);
          if (other !== undefined) throw new Invalid(path, `code ${code} is already in code group ${other}`);
          const replacedBy = item.replaced_by === undefined || item.replaced_by === null ? null : codeKey(read.text(item, 'replaced_by', 100, `${path}.replaced_by`));
          return { code, key, replacedBy, path };
        });
        const keys = members.map((member) => member.key);
        members.forEach((member, index) => {
          if (keys.indexOf(member.key) !== index) throw new Invalid(member.path, `code ${member.code} is listed twice`);
          if (member.replacedBy !== null && (member.replacedBy === member.key || !keys.includes(member.replacedBy))) {
            throw new Invalid(`${member.path}.replaced_by`, 'must name another code of the same group');
          }
        });
        for (const member of members) {
          this.groupOfKey.set(member.key, id);
          this.rows.code_groups.push([member.key, id, member.code, member.replacedBy]);
        }
        this.codeGroups.set(id, members.map((member) => member.code));
        return;
      }
      case 'product':
        this.product(record, line);
        return;
      case 'settings': {
        if (this.rows.settings) throw new Invalid('kind', 'the file has more than one settings line');
        const checked = checkShopSettings(record);
        if (!checked.settings) {
          // Every bad field of the line, each on its own (the first one thrown last).
          for (const error of checked.errors.slice(0, -1)) this.fail(line, error.field, error.reason);
          const last = checked.errors[checked.errors.length - 1];
          throw new Invalid(last.field, last.reason);
        }
        this.rows.settings = checked.settings;
        return;
      }
      default:
        throw new Invalid('kind', 'must be one of catalogue, settings, category, producer, series, trait, vehicle, code_group, product');
    }
  }

  private product(record: Json, line: number): void {
    onlyFields(record, PRODUCT_FIELDS);
    const id = read.productId(record, 'id');
    const earlier = this.products.get(id);
    if (earlier !== undefined) throw new Invalid('id', `product ${id} is also on line ${earlier}`);
    const name = read.text(record, 'name', 300);
    const category = read.id(record, 'category_id');
    if (!this.categories.has(category)) throw new Invalid('category_id', `names category ${category}, not defined above`);
    const subcategory = read.optionalId(record, 'subcategory_id');
    if (subcategory !== null && !this.categories.has(subcategory)) throw new Invalid('subcategory_id', `names category ${subcategory}, not defined above`);
    const axis = read.optionalId(record, 'axis_id');
    if (axis !== null && this.traitValues.get(axis)?.param !== TRAIT.axis) throw new Invalid('axis_id', `names ${axis}, not a value of the axis trait (${TRAIT.axis}) defined above`);
    const producer = read.id(record, 'producer_id');
    if (!this.producers.has(producer)) throw new Invalid('producer_id', `names producer ${producer}, not defined above`);
    const series = read.optionalId(record, 'series_id');
    if (series !== null && !this.series.has(series)) throw new Invalid('series_id', `names series ${series}, not defined above`);
    const catalogNo = read.text(record, 'catalog_no', 100);
    const texts: Row[] = [
      ...read.translations(record, 'names', 300).map(([language, text]) => ['product', String(id), language, text]),
      ...read.translations(record, 'short_descriptions', 2000).map(([language, text]) => ['description', String(id), language, text]),
    ];
    const slug = read.optionalText(record, 'slug', 80, null);
    if (slug !== null && !/^[a-z0-9-]+$/.test(slug)) throw new Invalid('slug', 'must be lower-case letters, digits and dashes');
    const quantity = (field: string) => read.number(record, field, { min: 0, max: 1e6, fallback: null });
    const values: Record<string, unknown> = {
      id,
      name,
      slug: slug ?? (slugify(name) || `product-${id}`),
      type: read.oneOf(record, 'type', PRODUCT_TYPES, 'product_item'),
      category_id: category,
      subcategory_id: subcategory,
      axis_id: axis,
      producer_id: producer,
      series_id: series,
      catalog_no: catalogNo,
      short_description: read.optionalText(record, 'short_description', 2000, ''),
      unit: read.optionalText(record, 'unit', 20, 'pz.'),
      unit_plural: read.optionalText(record, 'unit_plural', 20, 'pz.'),
      unit_sellby: read.number(record, 'unit_sellby', { min: 0.001, max: 1e6, fallback: 1 }),
      unit_precision: read.number(record, 'unit_precision', { integer: true, min: 0, max: 3, fallback: 0 }),
      for_points: read.flag(record, 'for_points', 0),
      min_quantity: quantity('min_quantity'),
      max_quantity: quantity('max_quantity'),
      min_size_quantity: quantity('min_size_quantity'),
      max_size_quantity: quantity('max_size_quantity'),
      min_subscription_quantity: quantity('min_subscription_quantity'),
      subscription: read.flag(record, 'subscription', 0),
      phone_price: read.flag(record, 'phone_price', 0),
      gratis: read.flag(record, 'gratis', 0),
      universal: read.flag(record, 'universal', 0),
      vat: read.number(record, 'vat', { min: 0, max: 100, fallback: 22 }),
      popularity: read.number(record, 'popularity', { integer: true, min: 0, max: 1e9, fallback: 0 }),
    };
    if (values.min_quantity !== null && values.max_quantity !== null && (values.max_quantity as number) < (values.min_quantity as number)) throw new Invalid('max_quantity', 'must not be below min_quantity');

    // Sizes, then everything else, checked before any row is kept: a bad product adds nothing.
    const sizeRecords = read.list(record, 'sizes', 100);
    if (sizeRecords.length === 0) throw new Invalid('sizes', 'must list at least one size');
    const sizeIds = new Set<string>();
    const sizes = sizeRecords.map((size, index) => {
      const path = `sizes[${index}].`;
      if (!isObject(size)) throw new Invalid(`sizes[${index}]`, 'must be an object');
      onlyFields(size, SIZE_FIELDS, path);
      const sizeId = read.text(size, 'size_id', 30, `${path}size_id`);
      for (const [language, text] of read.translations(size, 'names', 100, `${path}names`)) texts.push(['size', `${id}:${sizeId}`, language, text]);
      if (!/^[A-Za-z0-9_-]+$/.test(sizeId)) throw new Invalid(`${path}size_id`, 'must be letters, digits, _ or -');
      if (sizeIds.has(sizeId)) throw new Invalid(`${path}size_id`, `size ${sizeId} is listed twice`);
      sizeIds.add(sizeId);
      const gross = read.number(size, 'price_gross', { min: 0, max: 1e7 }, `${path}price_gross`)!;
      const net = read.number(size, 'price_net', { min: 0, max: 1e7, fallback: round2(gross / (1 + (values.vat as number) / 100)) }, `${path}price_net`)!;
      if (net > gross) throw new Invalid(`${path}price_net`, `must not be above price_gross (${gross})`);
      const money = (field: string) => read.number(size, field, { min: 0, max: 1e7, fallback: null }, `${path}${field}`);
      const row: Record<string, unknown> = {
        product_id: id,
        size_id: sizeId,
        name: read.text(size, 'name', 100, `${path}name`),
        position: index,
        stock: read.number(size, 'stock', { min: -1, max: 1e9 }, `${path}stock`),
        status: read.oneOf(size, 'status', SIZE_STATUSES, undefined, `${path}status`),
        delivery_unknown: read.flag(size, 'delivery_unknown', 0, `${path}delivery_unknown`),
        shipping_days: read.number(size, 'shipping_days', { integer: true, min: 0, max: 365, fallback: 1 }, `${path}shipping_days`),
        shipping_cost: read.number(size, 'shipping_cost', { min: 0, max: 1e5, fallback: 0 }, `${path}shipping_cost`),
        price_gross: gross,
        price_net: net,
        srp_gross: money('srp_gross'),
        maxprice_gross: money('maxprice_gross'),
        advance_gross: money('advance_gross'),
        subscription_gross: money('subscription_gross'),
        points: read.number(size, 'points', { integer: true, min: 0, max: 1e9, fallback: 0 }, `${path}points`),
        points_recive: read.number(size, 'points_recive', { integer: true, min: 0, max: 1e9, fallback: Math.floor(gross) }, `${path}points_recive`),
        basket_enable: read.flag(size, 'basket_enable', 1, `${path}basket_enable`),
      };
      const stock = row.stock as number;
      if (stock !== -1 && stock < 0) throw new Invalid(`${path}stock`, 'must be -1 (unlimited), 0 (none) or more');
      return CATALOGUE_COLUMNS.sizes.map((column) => row[column]);
    });

    const rebates = read.list(record, 'rebates', 20).map((rebate, index) => {
      const path = `rebates[${index}].`;
      if (!isObject(rebate)) throw new Invalid(`rebates[${index}]`, 'must be an object');
      onlyFields(rebate, ['threshold', 'threshold_end', 'value'], path);
      const from = read.number(rebate, 'threshold', { min: 0, max: 1e6 }, `${path}threshold`)!;
      const to = read.number(rebate, 'threshold_end', { min: 0, max: 1e6, fallback: null }, `${path}threshold_end`);
      if (to !== null && to < from) throw new Invalid(`${path}threshold_end`, 'must not be below threshold');
      return [id, from, to, read.number(rebate, 'value', { min: 0, max: 100 }, `${path}value`)];
    });

    const traitIds = new Set<number>();
    const codes: string[] = [];
    for (const [index, value] of read.list(record, 'traits', 500).entries()) {
      if (typeof value !== 'number' || !this.traitValues.has(value)) throw new Invalid(`traits[${index}]`, `names trait value ${JSON.stringify(value)}, not defined above`);
      if (traitIds.has(value)) throw new Invalid(`traits[${index}]`, `trait value ${value} is listed twice`);
      traitIds.add(value);
      const trait = this.traitValues.get(value)!;
      if (trait.param === TRAIT.replacementCode) codes.push(trait.name, trait.name.replace(/[\s.-]/g, ''));
    }

    const engineIds = new Set<number>();
    const fitments = read.list(record, 'fitments', 5000).map((fitment, index) => {
      const path = `fitments[${index}]`;
      // A plain engine id, or { engine_id, position, from_month, to_month, note }.
      const entry: Json = typeof fitment === 'number' ? { engine_id: fitment } : isObject(fitment) ? fitment : {};
      if (typeof fitment !== 'number' && !isObject(fitment)) throw new Invalid(path, 'must be an engine id or an object');
      onlyFields(entry, FITMENT_FIELDS, `${path}.`);
      const engine = read.id(entry, 'engine_id', `${path}.engine_id`);
      if (!this.engines.has(engine)) throw new Invalid(`${path}.engine_id`, `names engine ${engine}, not defined above`);
      if (engineIds.has(engine)) throw new Invalid(`${path}.engine_id`, `engine ${engine} is listed twice`);
      engineIds.add(engine);
      const month = (field: string) => {
        const value = read.optionalText(entry, field, 7, null, `${path}.${field}`);
        if (value !== null && !/^\d{4}-(0[1-9]|1[0-2])$/.test(value)) throw new Invalid(`${path}.${field}`, 'must be a month, YYYY-MM');
        return value;
      };
      const from = month('from_month');
      const to = month('to_month');
      if (from && to && to < from) throw new Invalid(`${path}.to_month`, 'must not be before from_month');
      const qualified = [read.optionalText(entry, 'position', 40, null, `${path}.position`), from, to, read.optionalText(entry, 'note', 500, null, `${path}.note`)];
      // Rows without qualifiers stay two values long (200,000 products have millions of fitments).
      return qualified.some((value) => value !== null) ? [engine, id, ...qualified] : [engine, id];
    });

    const bundle = read.list(record, 'bundle', 50).map((item, index) => {
      const path = `bundle[${index}].`;
      if (!isObject(item)) throw new Invalid(`bundle[${index}]`, 'must be an object');
      onlyFields(item, ['product_id', 'quantity'], path);
      const product = read.productId(item, 'product_id', `${path}product_id`);
      if (product === id) throw new Invalid(`${path}product_id`, 'a bundle cannot hold itself');
      return { product, quantity: read.number(item, 'quantity', { integer: true, min: 1, max: 1000 }, `${path}quantity`), field: `${path}product_id` };
    });
    if (values.type === 'product_bundle' && bundle.length === 0) throw new Invalid('bundle', 'a product_bundle must list its products');

    const pictures = read.list(record, 'pictures', 30).map((picture, index) => {
      // The same check as where pages show it (server/db/shopViews.ts): no `//host`, no quotes or spaces.
      if (typeof picture !== 'string' || pictureAddress(picture) === null) throw new Invalid(`pictures[${index}]`, 'must be an http(s) address or a path from / (at most 500 characters)');
      return [id, index, picture];
    });

    // Good: keep the rows.
    this.products.set(id, line);
    this.rows.products.push(CATALOGUE_COLUMNS.products.map((column) => values[column]));
    this.rows.sizes.push(...sizes);
    this.rows.catalogue_texts.push(...texts);
    this.rows.rebates.push(...rebates);
    for (const value of traitIds) this.rows.product_params.push([id, value]);
    // A product is found by its category and axis as traits too (the finder's parameters 24 and 148722).
    if (this.traitValues.get(category)?.param === TRAIT.category && !traitIds.has(category)) this.rows.product_params.push([id, category]);
    if (axis !== null && !traitIds.has(axis)) this.rows.product_params.push([id, axis]);
    this.rows.fitments.push(...fitments);
    if (fitments.length) this.fittedCategories.add(category);
    for (const item of bundle) {
      this.bundles.push({ line, field: item.field, product: item.product });
      this.rows.bundle_items.push([id, item.product, item.quantity]);
    }
    this.rows.pictures.push(...pictures);
    this.searchSources.push({
      id,
      popularity: values.popularity as number,
      text: [name, `${catalogNo} ${catalogNo.replace(/[\s.-]/g, '')}`, codes.join(' '), this.producers.get(producer)!],
      keys: [catalogNo, ...codes].map(codeKey),
    });
  }

  /** The checks that need the whole file; the rows when every line was good, else null. */
  finish(): CatalogueRows | null {
    for (const item of this.bundles) {
      if (!this.products.has(item.product)) this.fail(item.line, item.field, `names product ${item.product}, not in the file`);
    }
    if (this.records === 0) this.fail(0, 'record', 'the file holds no records');
    else if (this.products.size === 0) this.fail(0, 'record', 'the file holds no products');
    if (this.errorCount > 0) return null;
    // A product is found by every code of its codes' groups (issue 37): they join its search document.
    for (const doc of this.searchSources) {
      const groups = new Set(doc.keys.map((key) => this.groupOfKey.get(key)).filter((group) => group !== undefined));
      const extra = [...groups].flatMap((group) => this.codeGroups.get(group)!.flatMap((code) => [code, code.replace(/[\s.-]/g, '')]));
      if (extra.length) doc.text[2] = [doc.text[2], ...extra].join(' ').trim();
    }
    this.searchSources.sort((a, b) => b.popularity - a.popularity || a.id - b.id);
    this.searchSources.forEach((doc, index) => this.rows.search_docs.push([index + 1, doc.id, ...doc.text]));
    this.searchSources.length = 0;
    // The search groups: each top category, and each brand within the categories with fitted products.
    const tops = this.rows.categories.filter((row) => row[2] === null).sort((a, b) => (a[3] as number) - (b[3] as number) || (a[0] as number) - (b[0] as number));
    let node = 1;
    for (const [categoryId, categoryName] of tops) {
      this.rows.menu_nodes.push([node++, categoryName, `/search.php?traits_alt[24]=${categoryId}`, JSON.stringify(['Ricambi freni', categoryName])]);
      if (!this.fittedCategories.has(categoryId as number)) continue;
      for (const [brandId, brandName] of this.rows.brands) {
        this.rows.menu_nodes.push([node++, `${categoryName} ${brandName}`, `/search.php?traits_alt[24]=${categoryId}&menu_alt[2_1]=${brandId}`, JSON.stringify(['Ricambi freni', categoryName, brandName])]);
      }
    }
    return this.rows;
  }
}
