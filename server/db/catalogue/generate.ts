import type Database from 'better-sqlite3';
import { AXIS, BRAKE_CATEGORY, TRAIT } from '../../../src/api/wire';
import { Random } from './random';
import { ENGINE_FAMILIES, OE_PATTERNS, PRODUCERS as PARTS_PRODUCERS, SHOP_PRODUCER, VEHICLES } from './vehicles';
import { FIRST_REGULAR_PRODUCT_ID, SPECIAL_PRODUCTS } from './specialProducts';
import { slugify } from '../../text';
import { codeKey } from '../searchTerms';
import { CATEGORY_TEXTS, OTHER_LANGUAGES, PARAM_TEXTS, SIZE_TEXTS, UNIT_TEXTS, VALUE_TEXTS, productNameIn, shortDescriptionIn } from './demoTexts';

/** What the supplier can deliver of a size sold on order (its stock: it caps the quantity like any stock). */
export const ON_ORDER_STOCK = 12;

/**
 * The demo catalogue: real brands and models, generated generations and engines, brake pads,
 * discs and kits from real producers with catalogue numbers, OE codes, technical attributes
 * and fitments, plus one product of every kind the product page names. Deterministic for a
 * given seed.
 */
export interface CatalogueOptions {
  size: number;
  seed?: number;
  /** "Today" for the price history; fixed in tests. */
  today?: Date;
}

export const CATEGORIES: Array<{ id: number; name: string; icon: string; position: number; promo?: boolean }> = [
  { id: BRAKE_CATEGORY.pads, name: 'Pastiglie freno', icon: 'pastiglie.svg', position: 1 },
  { id: BRAKE_CATEGORY.discs, name: 'Dischi freno', icon: 'dischi.svg', position: 2 },
  { id: BRAKE_CATEGORY.kits, name: 'Kit freni', icon: 'kit.svg', position: 3 },
  { id: BRAKE_CATEGORY.kitsB, name: 'Kit dischi e pastiglie', icon: 'kit-dischi.svg', position: 4, promo: true },
  { id: BRAKE_CATEGORY.allKits, name: 'Kit freni completi', icon: 'kit-completi.svg', position: 5 },
  { id: 160001, name: 'Accessori e servizi', icon: 'accessori.svg', position: 6 },
];

export const SUBCATEGORIES: Array<{ id: number; parent: number; name: string }> = [
  { id: 170001, parent: BRAKE_CATEGORY.pads, name: 'Pastiglie sportive' },
  { id: 170002, parent: BRAKE_CATEGORY.pads, name: 'Pastiglie ceramiche' },
  { id: 170003, parent: BRAKE_CATEGORY.discs, name: 'Dischi forati' },
  { id: 170004, parent: BRAKE_CATEGORY.discs, name: 'Dischi ventilati' },
];

const SERIES: Record<string, string[]> = {
  Brembo: ['Xtra', 'Max', 'Essential'],
  ATE: ['Ceramic', 'PowerDisc'],
  EBC: ['Greenstuff', 'Redstuff', 'Yellowstuff'],
  Ferodo: ['DS Performance', 'Premier'],
  TRW: ['Cool', 'Electric Blue'],
  Textar: ['Pro', 'Epad'],
  Zimmermann: ['Sport Z', 'Formula F'],
};

const PARAM = {
  width: { id: 90001, name: 'Larghezza [mm]' },
  height: { id: 90002, name: 'Altezza [mm]' },
  thickness: { id: 90003, name: 'Spessore [mm]' },
  wva: { id: 90004, name: 'Numero WVA' },
  wear: { id: 90005, name: 'Contatto segnalatore usura' },
  diameter: { id: 90010, name: 'Diametro [mm]' },
  discType: { id: 90011, name: 'Tipo disco' },
  holes: { id: 90012, name: 'Numero fori' },
  centering: { id: 90013, name: 'Centraggio [mm]' },
  minThickness: { id: 90014, name: 'Spessore minimo [mm]' },
  contents: { id: 90015, name: 'Contenuto' },
} as const;

const PRODUCERS = [...PARTS_PRODUCERS, SHOP_PRODUCER];
const SHOP_PRODUCER_ID = PRODUCERS.length;
const AXIS_NAMES: Record<number, string> = { [AXIS.front]: 'Asse anteriore', [AXIS.rear]: 'Asse posteriore' };
const ROMAN = ['I', 'II', 'III', 'IV'];
const round2 = (n: number) => Math.round(n * 100) / 100;

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The demo engines' registration keys (issue 37), derived from the ids alone (the random sequence
 * stays as it was): a KBA number per engine, "HSN/TSN" with the brand's HSN and three letters,
 * a second KBA for every third engine (a digit and two letters, so never another's first), and a
 * KType number. Unique across the catalogue while there are fewer than 6,760 engines.
 */
export function demoEngineKeys(engineId: number, brandId: number): Array<['kba' | 'ktype', string]> {
  const n = engineId - 20000;
  const hsn = String((brandId * 389 + 100) % 10000).padStart(4, '0');
  const code = (n * 7919) % 17576; // 26^3; 7919 is prime to it, so each n < 17576 has its own
  const tsn = LETTERS[Math.floor(code / 676)] + LETTERS[Math.floor(code / 26) % 26] + LETTERS[code % 26];
  const keys: Array<['kba' | 'ktype', string]> = [['kba', `${hsn}/${tsn}`]];
  if (n % 3 === 0) keys.push(['kba', `${hsn}/${Math.floor(n / 676) % 10}${LETTERS[Math.floor(n / 26) % 26]}${LETTERS[n % 26]}`]);
  keys.push(['ktype', String(10000 + n * 7)]);
  return keys;
}

/** Columns of every table the generator fills, in the order its rows list them. */
export const CATALOGUE_COLUMNS = {
  brands: ['id', 'name'],
  models: ['id', 'brand_id', 'name'],
  generations: ['id', 'model_id', 'name', 'year_from', 'year_to'],
  engines: ['id', 'generation_id', 'name', 'fuel', 'kw', 'cv'],
  /** A vehicle's registration keys (migration 25, src/domain/vehicleKey.ts): KBA "HSN/TSN" or KType digits, each naming one engine. */
  engine_keys: ['kind', 'key', 'engine_id'],
  categories: ['id', 'name', 'parent_id', 'position', 'icon', 'promo'],
  producers: ['id', 'name'],
  series: ['id', 'producer_id', 'name'],
  products: [
    'id', 'name', 'slug', 'type', 'category_id', 'subcategory_id', 'axis_id', 'producer_id', 'series_id', 'catalog_no',
    'short_description', 'unit', 'unit_plural', 'unit_sellby', 'unit_precision', 'for_points', 'min_quantity', 'max_quantity', 'min_size_quantity',
    'max_size_quantity', 'min_subscription_quantity', 'subscription', 'phone_price', 'gratis', 'vat', 'popularity',
    // Not vehicle-specific (migration 25, issue 37): answers 'universal' for every vehicle.
    'universal',
  ],
  sizes: [
    'product_id', 'size_id', 'name', 'position', 'stock', 'status', 'delivery_unknown', 'shipping_days', 'shipping_cost',
    'price_gross', 'price_net', 'srp_gross', 'maxprice_gross', 'advance_gross', 'subscription_gross', 'points', 'points_recive', 'basket_enable',
  ],
  rebates: ['product_id', 'threshold', 'threshold_end', 'value'],
  price_history: ['product_id', 'size_id', 'day', 'price_gross', 'price_net'],
  bundle_items: ['bundle_id', 'product_id', 'quantity'],
  param_values: ['id', 'param_id', 'param_name', 'name'],
  product_params: ['product_id', 'value_id'],
  /** With its qualifiers (migration 9, src/domain/fitment.ts): axle position, production months, note. */
  fitments: ['engine_id', 'product_id', 'position', 'from_month', 'to_month', 'note'],
  /** A search document per product, numbered in popularity order (doc 1 = most wanted). */
  search_docs: ['doc', 'product_id', 'name', 'catalog_no', 'codes', 'producer'],
  menu_nodes: ['id', 'name', 'link', 'breadcrumbs'],
  search_queries: ['id', 'name', 'hits'],
  couriers: ['id', 'name', 'icon', 'prepaid', 'cost_gross', 'days', 'working_days'],
  settings: ['key', 'value'],
  /** Names and texts in the languages other than the shop's (migration 11, server/db/catalogueTexts.ts). */
  catalogue_texts: ['kind', 'id', 'language', 'text'],
  /** Groups of equivalent codes (migration 26, issue 37): a code's key, its group, the code as written, the key of the code replacing it. */
  code_groups: ['code_key', 'group_id', 'code', 'replaced_by'],
} as const;

export type CatalogueTable = keyof typeof CATALOGUE_COLUMNS;

/**
 * Where the generator's rows go, in the order of CATALOGUE_COLUMNS; each backend inserts them
 * its own way. product_params and fitments may repeat a row: keep the first.
 */
export type CatalogueSink = (table: CatalogueTable, row: unknown[]) => void;

/** The demo catalogue into SQLite (one transaction; search documents into the FTS5 index). */
export function generateCatalogue(db: Database.Database, options: CatalogueOptions): void {
  const statements = new Map<CatalogueTable, Database.Statement>();
  const searchText = db.prepare('INSERT INTO product_search (rowid, name, catalog_no, codes, producer) VALUES (?, ?, ?, ?, ?)');
  const searchDoc = db.prepare('INSERT INTO search_docs (doc, product_id) VALUES (?, ?)');
  const statement = (table: CatalogueTable) => {
    let prepared = statements.get(table);
    if (!prepared) {
      const columns = CATALOGUE_COLUMNS[table];
      const ignore = table === 'product_params' || table === 'fitments' ? ' OR IGNORE' : '';
      prepared = db.prepare(`INSERT${ignore} INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
      statements.set(table, prepared);
    }
    return prepared;
  };
  db.transaction(() =>
    generateCatalogueRows((table, row) => {
      if (table === 'search_docs') {
        searchDoc.run(row[0], row[1]);
        searchText.run(row[0], ...row.slice(2));
      } else {
        statement(table).run(...row);
      }
    }, options),
  )();
}

/** The demo catalogue as rows (deterministic for a seed and a day): `sink` stores them. */
export function generateCatalogueRows(sink: CatalogueSink, options: CatalogueOptions): void {
  const random = new Random(options.seed ?? 20261122);
  // The fitments' qualifiers draw from their own sequence, so the rest of the catalogue is the
  // same as before they existed.
  const fitRandom = new Random((options.seed ?? 20261122) ^ 0x0f17_0025);
  const today = options.today ?? new Date();
  const day = (offset: number) => new Date(today.getTime() - offset * 86_400_000).toISOString().slice(0, 10);
  const row = (table: CatalogueTable) => ({ run: (...values: unknown[]) => sink(table, values) });
  const named = (table: 'products' | 'sizes') => ({
    run: (values: Record<string, unknown>) => sink(table, CATALOGUE_COLUMNS[table].map((column) => values[column])),
  });
  const insert = {
    brand: row('brands'),
    model: row('models'),
    generation: row('generations'),
    engine: row('engines'),
    engineKey: row('engine_keys'),
    category: row('categories'),
    producer: row('producers'),
    series: row('series'),
    product: named('products'),
    size: named('sizes'),
    rebate: row('rebates'),
    history: row('price_history'),
    bundleItem: row('bundle_items'),
    paramValue: row('param_values'),
    productParam: row('product_params'),
    fitment: row('fitments'),
    search: row('search_docs'),
    menuNode: row('menu_nodes'),
    query: row('search_queries'),
    courier: row('couriers'),
    setting: row('settings'),
    text: row('catalogue_texts'),
    codeGroup: row('code_groups'),
  };
  /** The other languages' texts of one thing, from a table of translations (none: the Italian shows). */
  const texts = (kind: string, id: string | number, italian: string, translate: (language: 'pl' | 'en') => string | null | undefined) => {
    for (const language of OTHER_LANGUAGES) {
      const text = translate(language);
      if (text && text !== italian) insert.text.run(kind, String(id), language, text);
    }
  };
  const translatedParams = new Set<number>();

  // Parameter values get stable ids: category and axis values use the spec's ids.
  const valueIds = new Map<string, number>();
  let nextValueId = 1_000_000;
  const paramValue = (paramId: number, paramName: string, name: string, fixedId?: number): number => {
    const key = `${paramId}|${name}`;
    let id = valueIds.get(key);
    if (id === undefined) {
      id = fixedId ?? nextValueId++;
      valueIds.set(key, id);
      insert.paramValue.run(id, paramId, paramName, name);
      texts('value', id, name, (language) => VALUE_TEXTS[name]?.[language]);
      if (!translatedParams.has(paramId)) {
        translatedParams.add(paramId);
        texts('param', paramId, paramName, (language) => PARAM_TEXTS[paramName]?.[language]);
      }
    }
    return id;
  };

  {
    // Vehicles
    const engineIdsByBrand = new Map<number, number[][]>(); // brand -> per model: engine ids
    let brandId = 1;
    let modelId = 1000;
    let generationId = 5000;
    let engineId = 20000;
    const engineYears = new Map<number, [number, number]>();
    for (const [brand, models] of Object.entries(VEHICLES)) {
      insert.brand.run(brandId, brand);
      const perModel: number[][] = [];
      for (const model of models) {
        insert.model.run(modelId, brandId, model);
        const engines: number[] = [];
        let year = random.int(1998, 2010);
        const generations = random.int(2, 3);
        for (let g = 0; g < generations; g++) {
          const length = random.int(4, 8);
          const to = g === generations - 1 && year + length > 2025 ? null : year + length;
          insert.generation.run(generationId, modelId, `${model} ${ROMAN[g]} (${year}-${to ?? ''})`, year, to);
          const families = brand === 'Tesla' ? [ENGINE_FAMILIES[ENGINE_FAMILIES.length - 1]] : random.sample(ENGINE_FAMILIES.slice(0, -1), 4);
          for (const family of families) {
            const cv = random.int(family.cv[0], family.cv[1]);
            const kw = Math.round(cv * 0.7355);
            insert.engine.run(engineId, generationId, `${family.label} ${cv} CV (${kw} kW)`, family.fuel, kw, cv);
            for (const [kind, key] of demoEngineKeys(engineId, brandId)) insert.engineKey.run(kind, key, engineId);
            engineYears.set(engineId, [year, to ?? 2025]);
            engines.push(engineId++);
          }
          generationId++;
          year = (to ?? 2025) + 1;
          if (year > 2024) break;
        }
        perModel.push(engines);
        modelId++;
      }
      engineIdsByBrand.set(brandId, perModel);
      brandId++;
    }

    // Categories, producers, series
    for (const c of CATEGORIES) insert.category.run(c.id, c.name, null, c.position, c.icon, c.promo ? 1 : 0);
    for (const s of SUBCATEGORIES) insert.category.run(s.id, s.name, s.parent, 0, null, 0);
    for (const c of [...CATEGORIES, ...SUBCATEGORIES]) texts('category', c.id, c.name, (language) => CATEGORY_TEXTS[c.name]?.[language]);
    for (const c of CATEGORIES) paramValue(TRAIT.category, 'Categoria', c.name, c.id);
    for (const [id, name] of Object.entries(AXIS_NAMES)) paramValue(TRAIT.axis, 'Asse', name, Number(id));
    const seriesByProducer = new Map<number, number[]>();
    let seriesId = 1;
    PRODUCERS.forEach((producer, index) => {
      insert.producer.run(index + 1, producer.name);
      const ids: number[] = [];
      for (const name of SERIES[producer.name] ?? []) {
        insert.series.run(seriesId, index + 1, `${producer.name} ${name}`);
        ids.push(seriesId++);
      }
      seriesByProducer.set(index + 1, ids);
    });

    const brandCount = brandId - 1;
    const searchDocs: Array<{ id: number; popularity: number; text: [string, string, string, string] }> = [];
    /** Each product's codes: its catalogue number and OE codes (the code groups are made of them). */
    const productCodes = new Map<number, { category: number; catalog: string; oe: string[] }>();
    const productPopularity = new Map<number, number>();
    const unitsTranslated = new Set<string>();
    const addProduct = (spec: ProductSpec) => {
      const popularity = random.int(0, 1000);
      productPopularity.set(spec.product.id, popularity);
      insert.product.run({
        subcategory_id: null,
        series_id: null,
        short_description: '',
        unit: 'pz.',
        unit_plural: 'pz.',
        unit_sellby: 1,
        unit_precision: 0,
        for_points: 0,
        min_quantity: null,
        max_quantity: null,
        min_size_quantity: null,
        max_size_quantity: null,
        min_subscription_quantity: null,
        subscription: 0,
        phone_price: 0,
        gratis: 0,
        vat: 22,
        popularity,
        universal: 0,
        ...spec.product,
        slug: slugify(spec.product.name),
      });
      texts('product', spec.product.id, spec.product.name, (language) => productNameIn(spec.product.name, language));
      const description = spec.product.short_description ?? '';
      texts('description', spec.product.id, description, (language) => shortDescriptionIn(description, language));
      for (const unit of [spec.product.unit, spec.product.unit_plural]) {
        if (unit && UNIT_TEXTS[unit] && !unitsTranslated.has(unit)) {
          unitsTranslated.add(unit);
          texts('unit', unit, unit, (language) => UNIT_TEXTS[unit][language]);
        }
      }
      for (const size of spec.sizes) texts('size', `${spec.product.id}:${size.size_id}`, size.name, (language) => SIZE_TEXTS[size.name]?.[language]);
      spec.sizes.forEach(({ history, ...size }, position) => {
        const gross = size.price_gross;
        insert.size.run({
          product_id: spec.product.id,
          position,
          stock: 10,
          status: 'enable',
          delivery_unknown: 0,
          shipping_days: 1,
          shipping_cost: gross >= 79 ? 0 : 6.9,
          srp_gross: null,
          maxprice_gross: null,
          advance_gross: null,
          subscription_gross: null,
          points: 0,
          points_recive: Math.floor(gross),
          basket_enable: 1,
          ...size,
          price_net: round2(gross / 1.22),
        });
        insert.history.run(spec.product.id, size.size_id, day(0), gross, round2(gross / 1.22));
        if (history) insert.history.run(spec.product.id, size.size_id, day(history.daysAgo), history.gross, round2(history.gross / 1.22));
      });
      for (const tier of spec.rebates ?? []) insert.rebate.run(spec.product.id, tier.threshold, tier.threshold_end, tier.value);
      const codes: string[] = [];
      for (const [param, value] of spec.params) {
        const id = paramValue(param.id, param.name, value);
        insert.productParam.run(spec.product.id, id);
        if (param.id === TRAIT.replacementCode) codes.push(value, value.replace(/[\s.-]/g, ''));
      }
      insert.productParam.run(spec.product.id, spec.product.category_id);
      if (spec.product.axis_id) insert.productParam.run(spec.product.id, spec.product.axis_id);
      const diameter = spec.params.find(([param]) => param.id === PARAM.diameter.id)?.[1] ?? null;
      for (const engine of spec.engines) {
        // The qualifiers are drawn for every engine picked, so the other products' stay as they were;
        // a universal product (issue 37) keeps no fit rows: it is no vehicle's in particular.
        const qualifiers = fitQualifiers(spec.product, diameter, engineYears.get(engine));
        if (!spec.product.universal) insert.fitment.run(engine, spec.product.id, ...qualifiers);
      }
      const catalog = spec.product.catalog_no;
      productCodes.set(spec.product.id, { category: spec.product.category_id, catalog, oe: spec.params.filter(([param]) => param.id === TRAIT.replacementCode).map(([, value]) => value) });
      searchDocs.push({
        id: spec.product.id,
        popularity: productPopularity.get(spec.product.id) ?? 0,
        text: [spec.product.name, `${catalog} ${catalog.replace(/[\s.-]/g, '')}`, codes.join(' '), PRODUCERS[spec.product.producer_id - 1].name],
      });
    };

    /** A fit's qualifiers (position, from_month, to_month, note) as real fitment data has them. */
    const fitQualifiers = (product: ProductSpec['product'], diameter: string | null, years: [number, number] | undefined): [string | null, string | null, string | null, string | null] => {
      const position = product.category_id === 160001 || !product.axis_id ? null : product.axis_id === AXIS.front ? 'front' : 'rear';
      let from: string | null = null;
      let to: string | null = null;
      // One model year in five: the part differs before and after a running change.
      if (years && years[1] - years[0] >= 2 && fitRandom.chance(0.2)) {
        const month = `${fitRandom.int(years[0] + 1, years[1] - 1)}-${String(fitRandom.int(1, 12)).padStart(2, '0')}`;
        if (fitRandom.chance(0.5)) from = month;
        else to = month;
      }
      let note: string | null = null;
      if (position && fitRandom.chance(0.3)) {
        const notes = ['abs', 'noAbs', 'sportPackage', ...(position === 'rear' ? ['electricParkingBrake'] : []), ...(diameter ? [`discDiameter:${diameter}`] : [])];
        note = fitRandom.pick(notes);
      }
      return [position, from, to, note];
    };

    const pickEngines = (count: number): number[] => {
      const models = engineIdsByBrand.get(random.int(1, brandCount))!;
      const chosen: number[] = [];
      for (const engines of random.sample(models, random.int(1, 3))) chosen.push(...random.sample(engines, Math.ceil(count / 2)));
      return chosen;
    };

    const brakeProduct = (id: number, forcedCategory?: number): ProductSpec => {
      const roll = random.next();
      const category = forcedCategory ?? (roll < 0.4 ? BRAKE_CATEGORY.pads : roll < 0.8 ? BRAKE_CATEGORY.discs : random.pick([BRAKE_CATEGORY.kits, BRAKE_CATEGORY.kitsB, BRAKE_CATEGORY.allKits]));
      const axis = random.chance(0.62) ? AXIS.front : AXIS.rear;
      const producerIndex = random.int(0, PARTS_PRODUCERS.length - 1);
      const producer = PRODUCERS[producerIndex];
      const catalog = random.pattern(producer.pattern);
      const axisWord = axis === AXIS.front ? 'anteriori' : 'posteriori';
      const params: Array<[{ id: number; name: string }, string]> = [];
      let name: string;
      let price: number;
      let subcategory: number | null = null;
      if (category === BRAKE_CATEGORY.pads) {
        name = `Pastiglie freno ${axisWord} ${producer.name} ${catalog}`;
        price = random.int(1500, 9000) / 100;
        params.push([PARAM.width, String(random.int(90, 160) + random.pick([0, 0.5]))], [PARAM.height, String(random.int(45, 70))], [PARAM.thickness, String(random.int(15, 20))]);
        params.push([PARAM.wva, String(random.int(20000, 26999))], [PARAM.wear, random.pick(['sì', 'no', 'predisposto'])]);
        if (random.chance(0.2)) subcategory = random.pick([170001, 170002]);
      } else if (category === BRAKE_CATEGORY.discs) {
        const type = random.pick(['ventilato', 'pieno', 'forato']);
        name = `Dischi freno ${axisWord} ${type === 'pieno' ? '' : type + ' '}${producer.name} ${catalog}`.replace('  ', ' ');
        price = random.int(2000, 16000) / 100;
        const thickness = random.pick([10, 12, 20, 22, 25, 28]);
        params.push([PARAM.diameter, String(random.pick([240, 256, 266, 280, 288, 300, 312, 320, 340]))], [PARAM.thickness, String(thickness)]);
        params.push([PARAM.minThickness, String(thickness - 2)], [PARAM.discType, type], [PARAM.holes, String(random.pick([4, 5]))], [PARAM.centering, String(random.pick([57, 60, 65, 66.5]))]);
        params.push([PARAM.height, String(random.int(35, 50))]);
        if (type === 'forato') subcategory = 170003;
        else if (type === 'ventilato' && random.chance(0.5)) subcategory = 170004;
      } else {
        const contents = category === BRAKE_CATEGORY.kitsB ? '2 dischi + 4 pastiglie' : category === BRAKE_CATEGORY.allKits ? '2 dischi, 4 pastiglie, sensori e accessori' : '4 pastiglie + accessori di montaggio';
        name = `Kit freni ${axisWord} ${producer.name} ${catalog}`;
        price = random.int(6000, 40000) / 100;
        params.push([PARAM.contents, contents], [PARAM.diameter, String(random.pick([256, 280, 300, 312]))], [PARAM.thickness, String(random.pick([12, 22, 25]))]);
      }
      for (let i = random.int(1, 3); i > 0; i--) params.push([{ id: TRAIT.replacementCode, name: 'Codice OE / ricambio' }, random.pattern(random.pick(OE_PATTERNS))]);
      const seriesIds = seriesByProducer.get(producerIndex + 1) ?? [];
      const stockRoll = random.next();
      const stock = stockRoll < 0.7 ? random.int(1, 60) : stockRoll < 0.85 ? -1 : 0;
      const status = stock !== 0 ? 'enable' : random.chance(0.6) ? 'order' : 'disable';
      // A size sold on order has what the supplier can deliver as its stock, which caps the quantity like any stock.
      const orderStock = (own: number, sizeStatus: string) => (sizeStatus === 'order' && own === 0 ? ON_ORDER_STOCK : own);
      const discounted = random.chance(0.15);
      const sizes: SizeSpec[] =
        category === BRAKE_CATEGORY.discs && random.chance(0.05)
          ? [
              { size_id: 'S1', name: '1 disco', price_gross: price, stock: orderStock(stock, status), status },
              {
                size_id: 'S2',
                name: 'Coppia (2 dischi)',
                price_gross: round2(price * 1.9),
                stock: orderStock(stock === -1 ? -1 : Math.floor(stock / 2), stock > 1 || stock === -1 ? status : 'order'),
                status: stock > 1 || stock === -1 ? status : 'order',
              },
            ]
          : [
              {
                size_id: 'uniw',
                name: 'Taglia unica',
                price_gross: price,
                stock: orderStock(stock, status),
                status,
                shipping_days: status === 'order' ? random.int(5, 40) : random.int(1, 3),
                srp_gross: discounted ? round2(price * 1.25) : null,
                history: discounted ? { daysAgo: random.int(3, 25), gross: round2(price * 1.1) } : undefined,
              },
            ];
      return {
        product: {
          id,
          name,
          type: 'product_item',
          category_id: category,
          subcategory_id: subcategory,
          axis_id: axis,
          producer_id: producerIndex + 1,
          series_id: seriesIds.length && random.chance(0.4) ? random.pick(seriesIds) : null,
          catalog_no: catalog,
          short_description: `${CATEGORIES.find((c) => c.id === category)!.name} ${producer.name}, ${AXIS_NAMES[axis].toLowerCase()}.`,
        },
        sizes,
        params,
        engines: pickEngines(random.int(6, 16)),
      };
    };

    // Products of every kind the product page names (fixed ids).
    const special = (id: number, mutate: (spec: ProductSpec) => void, category?: number) => {
      const spec = brakeProduct(id, category);
      if (category === 160001) {
        spec.product.producer_id = SHOP_PRODUCER_ID;
        spec.product.catalog_no = random.pattern(SHOP_PRODUCER.pattern);
        spec.params = []; // no brake-part attributes or OE codes on the shop's own items
        spec.product.universal = 1; // accessories and services: the brush, the voucher, the fitting service, brake fluid, brake pipe
      }
      // Each kind starts available, in stock, shipping tomorrow; the kind then changes what it names.
      spec.sizes = [{ ...spec.sizes[0], size_id: 'uniw', name: 'Taglia unica', stock: 10, status: 'enable', shipping_days: 1, srp_gross: null, history: undefined }];
      mutate(spec);
      addProduct(spec);
    };
    const S = SPECIAL_PRODUCTS;
    special(S.unavailable, (p) => Object.assign(p.sizes[0], { stock: 0, status: 'disable' }), BRAKE_CATEGORY.pads);
    special(S.orderUnknownDelivery, (p) => Object.assign(p.sizes[0], { stock: ON_ORDER_STOCK, status: 'order', delivery_unknown: 1 }), BRAKE_CATEGORY.discs);
    special(S.phonePrice, (p) => {
      p.product.phone_price = 1;
      Object.assign(p.sizes[0], { price_gross: 0, basket_enable: 0, points_recive: 0 });
    }, BRAKE_CATEGORY.allKits);
    special(S.phonePriceBuyable, (p) => {
      p.product.phone_price = 1;
      Object.assign(p.sizes[0], { price_gross: 0, basket_enable: 1, points_recive: 0 });
    }, BRAKE_CATEGORY.kits);
    special(S.pointsOnly, (p) => {
      p.product.phone_price = 1;
      p.product.for_points = 1;
      Object.assign(p.sizes[0], { price_gross: 0, points: 2500, basket_enable: 0, points_recive: 0 });
    }, BRAKE_CATEGORY.pads);
    special(S.gratis, (p) => {
      p.product.gratis = 1;
      p.product.name = 'Omaggio: spazzola pulizia pinze freno';
      Object.assign(p.sizes[0], { price_gross: 0, points_recive: 0 });
    }, 160001);
    special(S.virtual, (p) => {
      p.product.type = 'product_virtual';
      p.product.name = 'Buono regalo ricambi freni 50 €';
      Object.assign(p.sizes[0], { price_gross: 50, stock: -1 });
      p.engines = [];
    }, 160001);
    special(S.service, (p) => {
      p.product.type = 'product_service';
      p.product.name = 'Servizio di montaggio pastiglie freno';
      p.product.unit = 'servizio';
      p.product.unit_plural = 'servizi';
      Object.assign(p.sizes[0], { price_gross: 39, stock: -1 });
      p.engines = [];
    }, 160001);
    special(S.bundle, (p) => {
      p.product.type = 'product_bundle';
      p.product.name = `Set risparmio: dischi + pastiglie ${p.product.catalog_no}`;
      Object.assign(p.sizes[0], { price_gross: 119.9 });
    }, BRAKE_CATEGORY.kitsB);
    special(S.subscription, (p) => {
      p.product.subscription = 1;
      p.product.min_subscription_quantity = 2;
      p.product.name = 'Liquido freni DOT 4 1 l in abbonamento';
      Object.assign(p.sizes[0], { price_gross: 12.9, subscription_gross: 10.9, stock: -1 });
    }, 160001);
    special(S.rebateTiers, (p) => {
      Object.assign(p.sizes[0], { price_gross: 24.9, stock: -1 });
      p.rebates = [
        { threshold: 2, threshold_end: 3, value: 5 },
        { threshold: 4, threshold_end: 9, value: 10 },
        { threshold: 10, threshold_end: null, value: 15 },
      ];
    }, BRAKE_CATEGORY.pads);
    special(S.sellByHalf, (p) => {
      p.product.name = 'Tubo freno in rame 4,75 mm (al metro)';
      Object.assign(p.product, { unit: 'm', unit_plural: 'm', unit_sellby: 0.5, unit_precision: 1 });
      Object.assign(p.sizes[0], { price_gross: 3.9, stock: 50 });
    }, 160001);
    special(S.minMaxQuantity, (p) => {
      Object.assign(p.product, { min_quantity: 2, max_quantity: 8, min_size_quantity: 2, max_size_quantity: 6 });
      Object.assign(p.sizes[0], { price_gross: 14.5, stock: 20 });
    }, BRAKE_CATEGORY.pads);
    special(S.omnibusSrp, (p) => {
      Object.assign(p.sizes[0], { price_gross: 79, srp_gross: 109, maxprice_gross: 99, stock: 25, history: { daysAgo: 12, gross: 74.5 } });
    }, BRAKE_CATEGORY.discs);
    special(S.multiSize, (p) => {
      p.sizes = [
        { size_id: 'S1', name: '1 disco', price_gross: 45.9, stock: 8, status: 'enable' },
        { size_id: 'S2', name: 'Coppia (2 dischi)', price_gross: 86.9, stock: 3, status: 'enable' },
        { size_id: 'S3', name: 'Coppia + pastiglie', price_gross: 119.9, stock: 0, status: 'disable' },
      ];
    }, BRAKE_CATEGORY.discs);

    const regular = Math.max(options.size - Object.keys(SPECIAL_PRODUCTS).length, 0);
    for (let i = 0; i < regular; i++) addProduct(brakeProduct(FIRST_REGULAR_PRODUCT_ID + i));
    // The bundle holds the first two regular products (a pair of discs and a set of pads).
    if (regular >= 2) {
      insert.bundleItem.run(S.bundle, FIRST_REGULAR_PRODUCT_ID, 2);
      insert.bundleItem.run(S.bundle, FIRST_REGULAR_PRODUCT_ID + 1, 1);
    }

    // Code groups (issue 37), from their own seeded sequence (the rest of the catalogue is what it
    // was before): now and then a product and the previous one of its category are equivalents,
    // their first OE codes and catalogue numbers one group; in one group of three the first
    // product's OE code is replaced by the second's. Every product of a group is found by each of
    // its codes: they join its search document.
    const groupRandom = new Random((options.seed ?? 20261122) ^ 0x0c0d_0037);
    const grouped = new Set<string>();
    const previousOf = new Map<number, number>();
    const docs = new Map(searchDocs.map((doc) => [doc.id, doc]));
    let groupId = 1;
    for (let id = FIRST_REGULAR_PRODUCT_ID; id < FIRST_REGULAR_PRODUCT_ID + regular; id++) {
      const current = productCodes.get(id);
      if (!current || !current.oe.length) continue;
      const previous = previousOf.get(current.category);
      previousOf.set(current.category, id);
      if (previous === undefined || !groupRandom.chance(0.12)) continue;
      const before = productCodes.get(previous)!;
      const codes = [before.oe[0], current.oe[0], before.catalog, current.catalog];
      const keys = codes.map(codeKey);
      if (new Set(keys).size < keys.length || keys.some((key) => grouped.has(key))) continue;
      const replaced = groupRandom.chance(0.35);
      codes.forEach((code, index) => {
        grouped.add(keys[index]);
        insert.codeGroup.run(keys[index], groupId, code, replaced && index === 0 ? keys[1] : null);
      });
      groupId++;
      for (const member of [previous, id]) {
        const doc = docs.get(member)!;
        doc.text[2] = [doc.text[2], ...codes.flatMap((code) => [code, code.replace(/[\s.-]/g, '')])].join(' ').trim();
      }
    }

    // Search documents in popularity order (see the schema): doc 1 is the most wanted product.
    searchDocs.sort((a, b) => b.popularity - a.popularity || a.id - b.id);
    searchDocs.forEach((doc, index) => {
      insert.search.run(index + 1, doc.id, ...doc.text);
    });

    // Search groups, content, couriers, settings
    let nodeId = 1;
    for (const c of CATEGORIES) {
      insert.menuNode.run(nodeId++, c.name, `/search.php?traits_alt[24]=${c.id}`, JSON.stringify(['Ricambi freni', c.name]));
      let b = 1;
      for (const brand of Object.keys(VEHICLES)) {
        if (c.id !== 160001) insert.menuNode.run(nodeId++, `${c.name} ${brand}`, `/search.php?traits_alt[24]=${c.id}&menu_alt[2_1]=${b}`, JSON.stringify(['Ricambi freni', c.name, brand]));
        b++;
      }
    }
    // The information pages (cms_pages) are the shop's own, stored by migration 4.
    const queries = ['pastiglie freno golf', 'dischi freno brembo', 'kit freni panda', 'pastiglie ceramiche', 'dischi forati', 'pastiglie freno posteriori', 'kit dischi e pastiglie punto', 'liquido freni dot 4'];
    queries.forEach((name, index) => insert.query.run(index + 1, name, 1000 - index * 37));
    const couriers: Array<[string, string, 'prepaid' | 'dvp', number, number]> = [
      ['BRT', 'brt.svg', 'prepaid', 6.9, 2],
      ['GLS', 'gls.svg', 'prepaid', 5.9, 3],
      ['Poste Italiane', 'poste.svg', 'prepaid', 4.9, 4],
      ['BRT contrassegno', 'brt.svg', 'dvp', 9.9, 2],
      ['GLS contrassegno', 'gls.svg', 'dvp', 8.9, 3],
    ];
    couriers.forEach(([name, icon, prepaid, cost, days], index) => insert.courier.run(index + 1, name, `/data/gfx/couriers/${icon}`, prepaid, cost, days, 1));
    const settings: Record<string, string> = {
      free_shipping_from: '79',
      currency: 'EUR',
      catalogue_size: String(options.size),
      catalogue_seed: String(options.seed ?? 20261122),
      generated_at: today.toISOString(),
      instalments: JSON.stringify({ minPrice: 100, maxPrice: 5000, instalmentName: 'Rate Compass', link: '/cms/pagamento-rate.html', priceType: 'gross' }),
    };
    for (const [key, value] of Object.entries(settings)) insert.setting.run(key, value);
  }
}

interface SizeSpec {
  size_id: string;
  name: string;
  price_gross: number;
  stock?: number;
  status?: string;
  delivery_unknown?: number;
  shipping_days?: number;
  srp_gross?: number | null;
  maxprice_gross?: number | null;
  subscription_gross?: number | null;
  points?: number;
  points_recive?: number;
  basket_enable?: number;
  history?: { daysAgo: number; gross: number };
}

interface ProductSpec {
  product: {
    id: number;
    name: string;
    type: string;
    category_id: number;
    subcategory_id?: number | null;
    axis_id: number | null;
    producer_id: number;
    series_id?: number | null;
    catalog_no: string;
    short_description?: string;
    unit?: string;
    unit_plural?: string;
    unit_sellby?: number;
    unit_precision?: number;
    for_points?: number;
    min_quantity?: number | null;
    max_quantity?: number | null;
    min_size_quantity?: number | null;
    max_size_quantity?: number | null;
    min_subscription_quantity?: number | null;
    subscription?: number;
    phone_price?: number;
    gratis?: number;
    /** 1: not vehicle-specific (cleaning, fluids, vouchers, services; issue 37). */
    universal?: number;
  };
  sizes: SizeSpec[];
  params: Array<[{ id: number; name: string }, string]>;
  engines: number[];
  rebates?: Array<{ threshold: number; threshold_end: number | null; value: number }>;
}
