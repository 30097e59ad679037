import fc from 'fast-check';
import type { AwardedParameter, BrakeProduct } from '../../../src/api/wire';
import { BRAKE_CATEGORY, TRAIT } from '../../../src/api/wire';
import {
  ALL_CATEGORIES,
  buildComparison,
  catalogueNumberOf,
  COMPARE_STORAGE_KEY,
  COMPARE_TABLES,
  drawingUrl,
  engineCompatibility,
  engineCompatibilityFromTraits,
  flattenEngines,
  hasEngineList,
  makeRow,
  productEngines,
  MIN_COMPARE,
  parseRowDefinition,
  parseStoredCompare,
  PARAMETER,
  valuesDiffer,
  type CompareValue,
} from '../../../src/domain/comparison';

const CATEGORY_NAMES: Record<number, string> = {
  [BRAKE_CATEGORY.pads]: 'Pastiglie freno',
  [BRAKE_CATEGORY.discs]: 'Dischi freno',
  [BRAKE_CATEGORY.kits]: 'Kit freni',
  [BRAKE_CATEGORY.kitsB]: 'Kit dischi e pastiglie',
  [BRAKE_CATEGORY.allKits]: 'Kit freni completi',
  160001: 'Accessori e servizi',
};

const engineListHtml =
  '<h3 class="engine-list-title">Motori compatibili</h3><ul class="engine-list">' +
  '<li>Fiat<ul><li>Panda III (2012-)<ul><li>1.2 69 CV</li><li>0.9 TwinAir 85 CV</li></ul></li><li>Punto II<ul><li>1.2 60 CV</li></ul></li></ul></li>' +
  '<li>Alfa Romeo<ul><li>Giulietta (940)<ul><li>1.4 TB 120 CV</li></ul></li></ul></li></ul>';

function product(id: number, category: number | null, params: Array<[number, string, string[]]> = [], extra: Partial<BrakeProduct> = {}): BrakeProduct {
  const awardedParameters: AwardedParameter[] = [];
  if (category !== null) awardedParameters.push({ id: TRAIT.category, name: 'Categoria', values: [{ id: category, name: CATEGORY_NAMES[category] ?? 'Altro' }] });
  params.forEach(([paramId, name, values], index) => awardedParameters.push({ id: paramId, name, values: values.map((value, i) => ({ id: paramId * 100 + index * 10 + i, name: value })) }));
  return {
    id,
    name: `Prodotto ${id}`,
    link: `/product-${id}-prodotto.html`,
    icon: `/data/gfx/products/${id}.svg`,
    longDescription: `<p>Prodotto ${id}</p>`,
    price: { price: { gross: { value: 10 + id, currency: 'EUR', formatted: `${10 + id},00 €` } } },
    producer: { name: 'ATE' },
    versionName: `13.0460-${id} 82.2#${id}`,
    awardedParameters,
    ...extra,
  };
}

const pad = (id: number, width: string, extra: Partial<BrakeProduct> = {}, more: Array<[number, string, string[]]> = []) =>
  product(id, BRAKE_CATEGORY.pads, [[PARAMETER.width, 'Larghezza [mm]', [width]], [PARAMETER.height, 'Altezza [mm]', ['55']], ...more], extra);
const disc = (id: number, diameter: string) => product(id, BRAKE_CATEGORY.discs, [[PARAMETER.diameter, 'Diametro [mm]', [diameter]]]);
const kit = (id: number, category: number) => product(id, category, [[PARAMETER.contents, 'Contenuto', ['2 dischi + 4 pastiglie']]]);

describe('comparison constants', () => {
  it('matches the spec (compareBrakes, at least 2, 154315 means all categories)', () => {
    expect(COMPARE_STORAGE_KEY).toBe('compareBrakes');
    expect(MIN_COMPARE).toBe(2);
    expect(ALL_CATEGORIES).toBe(154315);
  });

  it('defines a table per brake category, rows as label#type with the platform row types', () => {
    for (const category of [148728, 151538, 154315, 156891, 158346]) {
      const definition = COMPARE_TABLES[category];
      expect(definition).toBeDefined();
      expect(definition.catalog_name).not.toBe('');
      expect(definition.table_class).toMatch(/^compare-table--/);
      expect(definition.replacement_class).toContain('compare-replacements');
      const types = definition.category.map((entry) => parseRowDefinition(entry).type);
      expect(types).toEqual(expect.arrayContaining(['icon', 'rysunek', 'details', 'zamienniki']));
      for (const type of types) expect(type).toMatch(/^(icon|rysunek|details|zamienniki|silniki|\d+)$/);
    }
  });
});

describe('catalogue number and drawing', () => {
  it('takes the text before #', () => {
    expect(catalogueNumberOf('0 986 494 123#77')).toBe('0 986 494 123');
    expect(catalogueNumberOf('P 85 020')).toBe('P 85 020');
    expect(catalogueNumberOf('#5')).toBe('');
  });

  it('builds base + number without spaces, upper case, + .jpg', () => {
    expect(drawingUrl('/data/gfx/drawings/', '0 986 494 123')).toBe('/data/gfx/drawings/0986494123.jpg');
    expect(drawingUrl('https://img.example/d/', 'gdb 1550 x')).toBe('https://img.example/d/GDB1550X.jpg');
  });

  it('never leaves a space, and only upper case letters, in the file name', () => {
    fc.assert(
      fc.property(fc.string(), (number) => {
        const url = drawingUrl('/d/', number);
        const file = url.slice(3, -4);
        expect(url.endsWith('.jpg')).toBe(true);
        expect(file).not.toMatch(/\s/);
        expect(file).toBe(file.toUpperCase());
      }),
    );
  });
});

describe('buildComparison for one category', () => {
  it('builds one table with the products as columns, in order, from the category definition', () => {
    const products = [pad(3, '120'), pad(1, '130'), pad(2, '120')];
    const [table, ...rest] = buildComparison(products, BRAKE_CATEGORY.pads);
    expect(rest).toEqual([]);
    expect(table.columns).toEqual([3, 1, 2]);
    expect(table.title).toBe('Pastiglie freno');
    expect(table.categoryId).toBe(BRAKE_CATEGORY.pads);
    expect(table.tableClass).toBe('compare-table--pads');
    expect(table.rows.map((row) => row.label)).toEqual(['photo', 'drawing', 'details', 'width', 'height']);
    const width = table.rows.find((row) => row.label === 'width')!;
    expect(width).toEqual({ label: 'width', type: String(PARAMETER.width), values: ['120', '130', '120'], differs: true, parameterName: 'Larghezza [mm]' });
    expect(table.rows.find((row) => row.label === 'height')!.differs).toBe(false);
  });

  it('fills icon, drawing and details from the product', () => {
    const [table] = buildComparison([pad(1, '1'), pad(2, '1')], BRAKE_CATEGORY.pads);
    expect(table.rows[0]).toMatchObject({ type: 'icon', values: ['/data/gfx/products/1.svg', '/data/gfx/products/2.svg'] });
    expect(table.rows[1]).toMatchObject({ type: 'rysunek', values: ['/data/gfx/drawings/13.0460-182.2.jpg', '/data/gfx/drawings/13.0460-282.2.jpg'] });
    expect(table.rows[2]).toMatchObject({ type: 'details', values: [['13.0460-1 82.2', 'ATE'], ['13.0460-2 82.2', 'ATE']], differs: true });
  });

  it('hides rows where every value is empty, keeps rows with one value', () => {
    const a = pad(1, '120', {}, [[PARAMETER.wva, 'Numero WVA', ['23456']]]);
    const b = pad(2, '120');
    const [table] = buildComparison([a, b], BRAKE_CATEGORY.pads);
    expect(table.rows.find((row) => row.label === 'wear')).toBeUndefined();
    expect(table.rows.find((row) => row.label === 'wva')).toMatchObject({ values: ['23456', null], differs: true });
  });

  it('reads replacement codes from parameter 172622, else from the description list', () => {
    const a = pad(1, '1', {}, [[TRAIT.replacementCode, 'Codice OE / ricambio', ['7701208357', '41 06 015 07R']]]);
    const b = pad(2, '1', { longDescription: '<h3>Codici di ricambio</h3><ul class="replacement-list"><li> 1K0 698 151 </li><li></li></ul>' });
    const [table] = buildComparison([a, b], BRAKE_CATEGORY.pads);
    expect(table.rows.find((row) => row.type === 'zamienniki')).toEqual({
      label: 'replacements',
      type: 'zamienniki',
      values: [['7701208357', '41 06 015 07R'], ['1K0 698 151']],
      differs: true,
    });
  });

  it('adds the engine compatibility row from the description engine list', () => {
    const [table] = buildComparison([pad(1, '1', { longDescription: engineListHtml }), pad(2, '1', { longDescription: engineListHtml })], BRAKE_CATEGORY.pads);
    const engines = table.rows.find((row) => row.type === 'silniki')!;
    expect(engines.label).toBe('engines');
    expect(engines.differs).toBe(false);
    expect(engines.values[0]).toContain('Fiat › Panda III (2012-) › 0.9 TwinAir 85 CV');
  });

  it('uses a generic definition (every parameter) for a category without one', () => {
    const products = [product(1, 160001, [[90099, 'Colore', ['rosso']]]), product(2, 160001, [[90099, 'Colore', ['blu']]])];
    const [table] = buildComparison(products, 160001);
    expect(table.title).toBe('Accessori e servizi');
    expect(table.rows.find((row) => row.type === '90099')).toEqual({ label: '', type: '90099', values: ['rosso', 'blu'], differs: true, parameterName: 'Colore' });
    expect(table.rows.some((row) => row.type === String(TRAIT.category))).toBe(false);
  });

  it('builds nothing for no products', () => {
    expect(buildComparison([], BRAKE_CATEGORY.pads)).toEqual([]);
    expect(buildComparison([], ALL_CATEGORIES)).toEqual([]);
  });
});

describe('buildComparison for all categories (154315)', () => {
  it('builds one table per category present, in the shop order, each with its products in the order given', () => {
    const products = [disc(1, '280'), pad(2, '120'), kit(3, BRAKE_CATEGORY.kitsB), disc(4, '300'), pad(5, '120'), kit(6, BRAKE_CATEGORY.kits)];
    const tables = buildComparison(products, ALL_CATEGORIES);
    expect(tables.map((table) => table.categoryId)).toEqual([BRAKE_CATEGORY.pads, BRAKE_CATEGORY.discs, BRAKE_CATEGORY.kits, BRAKE_CATEGORY.kitsB]);
    expect(tables.map((table) => table.columns)).toEqual([[2, 5], [1, 4], [6], [3]]);
    expect(tables.map((table) => table.title)).toEqual(['Pastiglie freno', 'Dischi freno', 'Kit freni', 'Kit dischi e pastiglie']);
    expect(new Set(tables.map((table) => table.id)).size).toBe(4);
    expect(tables[1].rows.find((row) => row.label === 'diameter')).toMatchObject({ values: ['280', '300'], differs: true });
    expect(tables[0].rows.find((row) => row.label === 'width')).toMatchObject({ values: ['120', '120'], differs: false });
  });

  it('groups the same way for an unknown category (null); products without a category come last', () => {
    const tables = buildComparison([product(9, null, [[90001, 'Larghezza [mm]', ['1']]]), disc(1, '280'), pad(2, '1')], null);
    expect(tables.map((table) => table.columns)).toEqual([[2], [1], [9]]);
    expect(tables[2].categoryId).toBeNull();
  });
});

describe('rows (properties)', () => {
  const value: fc.Arbitrary<CompareValue> = fc.oneof(
    fc.constant(null),
    fc.constantFrom('', ' ', '120', '130', 'ventilato'),
    fc.array(fc.constantFrom('', 'A1', 'B2', ' C3 '), { maxLength: 3 }),
  );
  const nonEmpty = (v: CompareValue) => (Array.isArray(v) ? v.some((s) => s.trim() !== '') : v !== null && v.trim() !== '');

  it('keeps a row iff some value is non-empty', () => {
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 5 }), (values) => {
        const row = makeRow('x', '1', values);
        expect(row !== null).toBe(values.some(nonEmpty));
      }),
    );
  });

  it('marks a row as differing iff its (normalised) values are not all equal', () => {
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 5 }), (values) => {
        const row = makeRow('x', '1', values);
        if (!row) return;
        const keys = row.values.map((v) => JSON.stringify(v));
        expect(row.differs).toBe(keys.some((key) => key !== keys[0]));
        expect(row.differs).toBe(valuesDiffer(values));
      }),
    );
  });

  it('never differs for one product, or for copies of one value', () => {
    fc.assert(fc.property(value, fc.integer({ min: 1, max: 4 }), (v, n) => expect(valuesDiffer(Array.from({ length: n }, () => v))).toBe(false)));
  });

  const params = fc.record({ width: fc.constantFrom('', '120', '130'), wva: fc.constantFrom('', '23456') });
  const products = fc
    .array(fc.tuple(fc.constantFrom<number>(BRAKE_CATEGORY.pads, BRAKE_CATEGORY.discs, BRAKE_CATEGORY.kits, BRAKE_CATEGORY.allKits), params), { minLength: 1, maxLength: 6 })
    .map((list) =>
      list.map(([category, p], index) =>
        product(index + 1, category, [
          ...(p.width ? ([[PARAMETER.width, 'Larghezza [mm]', [p.width]]] as Array<[number, string, string[]]>) : []),
          ...(p.wva ? ([[PARAMETER.wva, 'Numero WVA', [p.wva]]] as Array<[number, string, string[]]>) : []),
        ]),
      ),
    );

  it('keeps every product exactly once, in the order given, and every row as long as its columns', () => {
    fc.assert(
      fc.property(products, fc.constantFrom<number | null>(ALL_CATEGORIES, null, BRAKE_CATEGORY.pads), (list, category) => {
        const tables = buildComparison(list, category);
        const ids = tables.flatMap((table) => table.columns);
        expect([...ids].sort((a, b) => a - b)).toEqual(list.map((p) => p.id));
        for (const table of tables) {
          expect(table.columns).toEqual([...table.columns].sort((a, b) => a - b)); // given order = id order here
          for (const row of table.rows) {
            expect(row.values).toHaveLength(table.columns.length);
            expect(row.values.some((v) => v !== null)).toBe(true);
          }
        }
        if (category === BRAKE_CATEGORY.pads) expect(tables).toHaveLength(1);
        else expect(tables).toHaveLength(new Set(list.map((p) => p.awardedParameters[0].values[0].id)).size);
      }),
    );
  });
});

describe('engineCompatibility', () => {
  it('parses the engine list as groups > generations > engines', () => {
    expect(engineCompatibility(`<p>Pastiglie</p><table class="product-info"><tr><td>x</td></tr></table>${engineListHtml}`)).toEqual([
      {
        name: 'Fiat',
        items: [
          { name: 'Panda III (2012-)', items: ['1.2 69 CV', '0.9 TwinAir 85 CV'] },
          { name: 'Punto II', items: ['1.2 60 CV'] },
        ],
      },
      { name: 'Alfa Romeo', items: [{ name: 'Giulietta (940)', items: ['1.4 TB 120 CV'] }] },
    ]);
  });

  it('keeps plain-text criteria next to nested groups, and escapes nothing into markup', () => {
    const html = '<ul class="engine-list"><li>Tutti i modelli &lt;b&gt;<ul><li>solo ABS</li><li>Golf<ul><li>1.6</li></ul></li></ul></li></ul>';
    expect(engineCompatibility(html)).toEqual([{ name: 'Tutti i modelli <b>', items: ['solo ABS', { name: 'Golf', items: ['1.6'] }] }]);
  });

  it('answers no groups without an engine list, and runs no script of the description', () => {
    const win = window as unknown as { pwned?: boolean };
    expect(engineCompatibility('')).toEqual([]);
    expect(engineCompatibility('<ul><li>Fiat</li></ul>')).toEqual([]);
    expect(engineCompatibility('<img src=x onerror="window.pwned=true"><script>window.pwned=true</script><ul class="engine-list"><li>BMW</li></ul>')).toEqual([{ name: 'BMW', items: [] }]);
    expect(win.pwned).toBeUndefined();
  });

  it('reads trait groups 49 and 181409 as plain criteria, without repeats, ignoring other groups', () => {
    const list = '<ul><li>Fiat Panda III 1.2 69 CV</li><li>Fiat Punto II 1.2 60 CV</li></ul>';
    const traits = [
      { groupid: TRAIT.category, description: 'Pastiglie freno' },
      { groupid: TRAIT.engine, description: list },
      { groupid: TRAIT.engineCompat, description: list },
    ];
    expect(engineCompatibilityFromTraits(traits, 'Motori')).toEqual([{ name: 'Motori', items: ['Fiat Panda III 1.2 69 CV', 'Fiat Punto II 1.2 60 CV'] }]);
    expect(engineCompatibilityFromTraits([{ groupid: TRAIT.engine, description: '' }])).toEqual([]);
  });

  it('flattens to one line per engine', () => {
    expect(flattenEngines(engineCompatibility(engineListHtml))).toEqual([
      'Fiat › Panda III (2012-) › 1.2 69 CV',
      'Fiat › Panda III (2012-) › 0.9 TwinAir 85 CV',
      'Fiat › Punto II › 1.2 60 CV',
      'Alfa Romeo › Giulietta (940) › 1.4 TB 120 CV',
    ]);
  });
});

describe('parseStoredCompare', () => {
  it('reads a JSON list of positive integer ids, without repeats; anything else is none', () => {
    expect(parseStoredCompare('[3,1,3,"x",-2,2.5,7]')).toEqual([3, 1, 7]);
    expect(parseStoredCompare(null)).toEqual([]);
    expect(parseStoredCompare('{')).toEqual([]);
    expect(parseStoredCompare('{"a":1}')).toEqual([]);
  });
});

describe('engine compatibility where the description has no engine list', () => {
  const fromTraits = { 2: engineCompatibilityFromTraits([{ groupid: TRAIT.engine, description: '<ul><li>Fiat Panda III 1.2</li><li>Fiat Punto 1.4</li></ul>' }]) };

  it('tells a description with an engine list from one without', () => {
    expect(hasEngineList(engineListHtml)).toBe(true);
    expect(hasEngineList('<p>Dischi</p><h3>Informazioni sul prodotto</h3><table class="product-info"></table>')).toBe(false);
    expect(hasEngineList('<p class="engine-list-title">no list</p>')).toBe(false);
  });

  it('the description\'s list wins; without one the traits\' list is used', () => {
    const listed = disc(1, '280');
    listed.longDescription = engineListHtml;
    expect(productEngines(listed, { 1: [{ name: '', items: ['x'] }] })).toEqual(engineCompatibility(engineListHtml));
    expect(productEngines(disc(2, '280'), fromTraits)).toEqual([{ name: '', items: ['Fiat Panda III 1.2', 'Fiat Punto 1.4'] }]);
    expect(productEngines(disc(3, '280'), fromTraits)).toEqual([]);
  });

  it('the engines row of a comparison shows the traits\' engines', () => {
    const [table] = buildComparison([disc(2, '280'), disc(3, '300')], BRAKE_CATEGORY.discs, '/d/', fromTraits);
    const engines = table.rows.find((row) => row.type === 'silniki');
    expect(engines?.values).toEqual([['Fiat Panda III 1.2', 'Fiat Punto 1.4'], null]);
    expect(engines?.differs).toBe(true);
    // Without the traits there is no engines row at all (every value empty).
    expect(buildComparison([disc(2, '280'), disc(3, '300')], BRAKE_CATEGORY.discs, '/d/')[0].rows.some((row) => row.type === 'silniki')).toBe(false);
  });
});
