import fc from 'fast-check';
import type { EngineNode } from '../../../src/api/wire';
import {
  axisSide,
  basketQuantity,
  basketSize,
  brandNames,
  catalogueNumber,
  categoryIcon,
  chooseDropdown,
  compareAlert,
  comparedCategory,
  disabledDropdownAlert,
  DROPDOWNS,
  dropdownEnabled,
  dropdownOptions,
  drawingUrl,
  engineLetter,
  engineField,
  engineResult,
  FALLBACK_CATEGORY_ICON,
  finderListingLink,
  parseEngineField,
  techNameOf,
  hasBrakeForm,
  layoutSize,
  matchVehicles,
  NO_CHOICE,
  offeredRows,
  productCategory,
  readComparedIds,
  selectSubmitAlert,
  splitDescription,
  toggleCompared,
  vehicleLabel,
  vehicleSearchReady,
  type VehicleChoice,
} from '../../../src/domain/brakeFinder';

const tree: EngineNode[] = [
  {
    n: 'Škoda',
    c: [
      { n: 'Octavia', c: [{ n: 'Octavia III (2013-2020)', c: [{ n: '1.6 TDI 115 CV', id: 41 }, { n: '2.0 TSI 190 CV' }] }] },
      { n: 'Fabia', c: [{ n: 'Fabia II', c: [] }] },
    ],
  },
  { n: 'Smart', c: [{ n: 'ForTwo', c: [] }] },
];

const full: VehicleChoice = { brand: 'Škoda', model: 'Octavia', generation: 'Octavia III (2013-2020)', engine: '1.6 TDI 115 CV' };

describe('engine data navigation', () => {
  it('reads the engine file of the folded first letter', () => {
    expect(engineLetter('Škoda')).toBe('s');
    expect(engineLetter('Alfa Romeo')).toBe('a');
  });

  it('fills each dropdown from the choices before it', () => {
    expect(dropdownOptions(tree, { ...NO_CHOICE, brand: 'Škoda' }, 'model')).toEqual(['Octavia', 'Fabia']);
    expect(dropdownOptions(tree, { ...NO_CHOICE, brand: 'Škoda', model: 'Octavia' }, 'generation')).toEqual(['Octavia III (2013-2020)']);
    expect(dropdownOptions(tree, { ...full, engine: null }, 'engine')).toEqual(['1.6 TDI 115 CV', '2.0 TSI 190 CV']);
    expect(dropdownOptions(tree, NO_CHOICE, 'model')).toEqual([]);
    expect(dropdownOptions(undefined, full, 'engine')).toEqual([]);
  });

  it('resets every later dropdown when an earlier one changes', () => {
    expect(chooseDropdown(full, 'model', 'Fabia')).toEqual({ brand: 'Škoda', model: 'Fabia', generation: null, engine: null });
    expect(chooseDropdown(full, 'brand', '')).toEqual(NO_CHOICE);
  });

  it('property: after choosing a dropdown, every later one is empty and every earlier one kept', () => {
    const choice = fc.record({ brand: fc.option(fc.string()), model: fc.option(fc.string()), generation: fc.option(fc.string()), engine: fc.option(fc.string()) });
    fc.assert(
      fc.property(choice, fc.constantFrom(...DROPDOWNS), fc.string({ minLength: 1 }), (before, dropdown, value) => {
        const after = chooseDropdown(before as VehicleChoice, dropdown, value);
        const index = DROPDOWNS.indexOf(dropdown);
        DROPDOWNS.forEach((other, i) => {
          if (i < index) expect(after[other]).toBe(before[other]);
          if (i > index) expect(after[other]).toBeNull();
        });
        expect(after[dropdown]).toBe(value);
        // The next dropdown is enabled exactly when every earlier one is chosen.
        if (index < 3) expect(dropdownEnabled(after, DROPDOWNS[index + 1])).toBe(DROPDOWNS.slice(0, index + 1).every((d) => after[d] !== null));
      }),
    );
  });

  it('asks for what a disabled dropdown misses', () => {
    expect(disabledDropdownAlert(NO_CHOICE, 'brand')).toBeNull();
    expect(disabledDropdownAlert(NO_CHOICE, 'model')).toBe('brake_choose_brand');
    expect(disabledDropdownAlert(NO_CHOICE, 'generation')).toBe('brake_choose_brand_and_model');
    expect(disabledDropdownAlert(NO_CHOICE, 'engine')).toBe('brake_choose_brand_and_model');
    expect(disabledDropdownAlert({ ...NO_CHOICE, brand: 'Smart' }, 'generation')).toBe('brake_choose_model');
    expect(disabledDropdownAlert({ ...NO_CHOICE, brand: 'Smart' }, 'model')).toBeNull();
  });

  it('submit needs brand, then model, nothing more', () => {
    expect(selectSubmitAlert(NO_CHOICE)).toBe('brake_choose_brand');
    expect(selectSubmitAlert({ ...NO_CHOICE, model: 'Octavia' })).toBe('brake_choose_brand');
    expect(selectSubmitAlert({ ...NO_CHOICE, brand: 'Smart' })).toBe('brake_choose_model');
    expect(selectSubmitAlert({ ...full, generation: null, engine: null })).toBeNull();
    expect(selectSubmitAlert({ ...full, engine: null })).toBeNull();
    expect(selectSubmitAlert(full)).toBeNull();
  });

  it('the engine field: the direct id, else the built names so far (brand and model at least)', () => {
    expect(engineField(tree, full)).toBe('41');
    expect(engineField(tree, { ...full, engine: '2.0 TSI 190 CV' })).toBe('Škoda|Octavia|Octavia III (2013-2020)|2.0 TSI 190 CV');
    expect(engineField(tree, { ...full, engine: null })).toBe('Škoda|Octavia|Octavia III (2013-2020)');
    expect(engineField(tree, { ...full, generation: null, engine: null })).toBe('Škoda|Octavia');
    expect(engineField(tree, { ...NO_CHOICE, brand: 'Škoda' })).toBeNull();
    // Without the engine data the chosen names are still a built result.
    expect(engineField(undefined, full)).toBe('Škoda|Octavia|Octavia III (2013-2020)|1.6 TDI 115 CV');
  });

  it('reads an engine field back: an id or 2 to 4 names; anything else is malformed', () => {
    expect(parseEngineField('41')).toEqual({ kind: 'id', engineId: 41 });
    expect(parseEngineField('Škoda|Octavia')).toEqual({ kind: 'built', names: ['Škoda', 'Octavia'] });
    for (const bad of ['0', 'Škoda', 'a|b|c|d|e', 'a||c', `a|${'x'.repeat(81)}`, '']) expect([bad, parseEngineField(bad)]).toEqual([bad, null]);
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[A-Za-z0-9 ()-]{1,20}$/).filter((s) => s.trim() !== ''), { minLength: 2, maxLength: 4 }), (names) => {
        const choice = { brand: names[0], model: names[1], generation: names[2] ?? null, engine: names[3] ?? null } as VehicleChoice;
        expect(parseEngineField(engineField(undefined, choice)!)).toEqual({ kind: 'built', names: names.map((n) => n.trim()) });
      }),
    );
  });

  it('a finder result link carries the vehicle as traits_alt[172622], with axis and category', () => {
    expect(finderListingLink('41', 148723, 148728)).toBe('/search.php?traits_alt%5B172622%5D=41&traits_alt%5B148722%5D=148723&traits_alt%5B24%5D=148728');
    expect(finderListingLink('Škoda|Octavia', null, null)).toBe(`/search.php?traits_alt%5B172622%5D=${encodeURIComponent('Škoda|Octavia')}`);
  });

  it('uses the direct engine id when the option has one, else builds the result', () => {
    expect(engineResult(tree, full)).toEqual({ kind: 'id', engineId: 41, label: 'Škoda Octavia III (2013-2020) 1.6 TDI 115 CV' });
    expect(engineResult(tree, { ...full, engine: '2.0 TSI 190 CV' })).toMatchObject({ kind: 'built', path: 'Škoda|Octavia|Octavia III (2013-2020)|2.0 TSI 190 CV' });
    expect(engineResult(tree, { ...full, engine: null })).toBeNull();
  });

  it('labels the vehicle without saying the model twice', () => {
    expect(vehicleLabel({ brand: 'Alfa Romeo', model: '147', generation: '147 I (2008-2012)', engine: '1.5 dCi' })).toBe('Alfa Romeo 147 I (2008-2012) 1.5 dCi');
    expect(vehicleLabel({ brand: 'Fiat', model: 'Panda', generation: 'II', engine: null })).toBe('Fiat Panda II');
  });

  it('lists brand names from the initials file, sorted', () => {
    expect(brandNames([{ n: 'v', c: [{ n: 'Volvo' }, { n: 'Volkswagen' }] }, { n: 'a', c: [{ n: 'Audi' }] }])).toEqual(['Audi', 'Volkswagen', 'Volvo']);
  });
});

describe('vehicle search', () => {
  const vehicles = [
    { id: 1, value: { brand: 'Citroën', model: 'C3', generation: 'C3 III', engine: '1.2 PureTech' } },
    { id: 2, value: { brand: 'Škoda', model: 'Octavia', generation: 'Octavia III', engine: '1.6 TDI' } },
    { id: 3, value: { brand: 'Škoda', model: 'Fabia', generation: 'Fabia II', engine: '1.2 TSI' } },
  ];

  it('needs 3 characters', () => {
    expect(vehicleSearchReady('ok')).toBe(false);
    expect(vehicleSearchReady(' ab ')).toBe(false);
    expect(vehicleSearchReady('abc')).toBe(true);
    expect(matchVehicles(vehicles, 'c3')).toEqual([]);
  });

  it('matches case-insensitively with accents folded, every word', () => {
    expect(matchVehicles(vehicles, 'CITROEN').map((v) => v.id)).toEqual([1]);
    expect(matchVehicles(vehicles, 'skoda').map((v) => v.id)).toEqual([2, 3]);
    expect(matchVehicles(vehicles, 'škoda tdi').map((v) => v.id)).toEqual([2]);
    expect(matchVehicles(vehicles, 'Škoda Octavia III 1.6 TDI')[0]).toEqual({ id: 2, label: 'Škoda Octavia Octavia III 1.6 TDI' });
  });

  it('property: a vehicle always matches its own label, in any case', () => {
    fc.assert(
      fc.property(fc.constantFrom(...vehicles), fc.boolean(), (vehicle, upper) => {
        const label = Object.values(vehicle.value).join(' ');
        expect(matchVehicles(vehicles, upper ? label.toUpperCase() : label).map((v) => v.id)).toContain(vehicle.id);
      }),
    );
  });
});

describe('products', () => {
  it('takes the catalogue number before # and builds the drawing URL', () => {
    expect(catalogueNumber('gdb 1550#123')).toBe('gdb 1550');
    expect(catalogueNumber('ABC')).toBe('ABC');
    expect(drawingUrl('gdb 1550#123')).toBe('/data/gfx/drawings/GDB1550.jpg');
    expect(drawingUrl('x y z#1', 'https://cdn.example/d/')).toBe('https://cdn.example/d/XYZ.jpg');
  });

  it('property: the drawing file has no spaces, is upper case and ends in .jpg', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), fc.string({ maxLength: 10 }), (code, rest) => {
        const url = drawingUrl(`${code.replace(/#/g, '')}#${rest}`);
        const file = url.slice('/data/gfx/drawings/'.length);
        expect(file.endsWith('.jpg')).toBe(true);
        expect(file).not.toMatch(/\s/);
        expect(file.slice(0, -4)).toBe(file.slice(0, -4).toUpperCase());
      }),
    );
  });

  it('category icons come from the configurator path with the fallback', () => {
    expect(categoryIcon(148728)).toBe('/data/include/cms/cms/configurator_icons/pastiglie.svg');
    expect(categoryIcon(999)).toBe(FALLBACK_CATEGORY_ICON);
  });

  it('offers rows with products; front / rear only with more than one axis', () => {
    expect(offeredRows([[1, 'a', 0], [2, 'b', 3]])).toEqual([[2, 'b', 3]]);
    expect(axisSide(148723, 2)).toBe('front');
    expect(axisSide(148742, 2)).toBe('rear');
    expect(axisSide(148723, 1)).toBeNull();
    expect(axisSide(5, 2)).toBeNull();
  });

  it('layouts exist for 1 to 4 items', () => {
    fc.assert(fc.property(fc.integer({ min: -5, max: 100 }), (n) => expect([1, 2, 3, 4]).toContain(layoutSize(n))));
    expect(layoutSize(3)).toBe(3);
  });

  it('the basket form sends the first size or uniw, and a number quantity', () => {
    expect(basketSize({ sizes: [{ id: 'S2', name: 'x' }] })).toBe('S2');
    expect(basketSize({})).toBe('uniw');
    expect(basketQuantity('1')).toBe(1);
    expect(basketQuantity('1,5')).toBe(1.5);
    expect(basketQuantity('abc')).toBeNull();
    expect(basketQuantity('')).toBeNull();
    expect(basketQuantity('0')).toBeNull();
  });

  it('reads the category trait of a product and knows brake products', () => {
    const parameters = [{ id: 24, name: 'Categoria', values: [{ id: 148728, name: 'Pastiglie' }] }];
    expect(productCategory({ awardedParameters: parameters })).toBe(148728);
    expect(hasBrakeForm(parameters)).toBe(true);
    expect(hasBrakeForm([{ id: 24, values: [{ id: 1 }] }])).toBe(false);
  });
});

describe('compare', () => {
  it('ticks in order without repeats and unticks', () => {
    expect(toggleCompared([1, 2], 3, true)).toEqual([1, 2, 3]);
    expect(toggleCompared([1, 2], 1, true)).toEqual([2, 1]);
    expect(toggleCompared([1, 2], 1, false)).toEqual([2]);
  });

  it('property: a ticked id is in the list once, an unticked one not at all', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 9 })), fc.integer({ min: 1, max: 9 }), fc.boolean(), (ids, id, ticked) => {
        const unique = [...new Set(ids)];
        const after = toggleCompared(unique, id, ticked);
        expect(after.filter((other) => other === id)).toHaveLength(ticked ? 1 : 0);
        expect(new Set(after).size).toBe(after.length);
      }),
    );
  });

  it('compares within the shared category, else across all categories (154315)', () => {
    const of = (id: number) => ({ awardedParameters: [{ id: 24, name: 'Categoria', values: [{ id, name: String(id) }] }] });
    expect(comparedCategory([of(148728), of(148728)])).toBe(148728);
    expect(comparedCategory([of(148728), of(151538)])).toBe(154315);
    expect(comparedCategory([{ awardedParameters: [] }])).toBe(154315);
  });

  it('alerts brake_compare with none and brake_compare_length below 2', () => {
    expect(compareAlert(0)).toBe('brake_compare');
    expect(compareAlert(1)).toBe('brake_compare_length');
    expect(compareAlert(2)).toBeNull();
  });

  it('reads the stored ids, ignoring anything else', () => {
    expect(readComparedIds('[3,1,3]')).toEqual([3, 1]);
    expect(readComparedIds(null)).toEqual([]);
    expect(readComparedIds('nope')).toEqual([]);
    expect(readComparedIds('{"a":1}')).toEqual([]);
    expect(readComparedIds('[1,"2",-3,4.5]')).toEqual([1]);
  });
});

describe('placement on a product page', () => {
  const html = '<p>Intro</p><h3>Informazioni</h3><table></table><h3 class="engine-list-title">Motori compatibili</h3><ul class="engine-list"><li>x</li></ul>';

  it('goes before the engine list', () => {
    expect(splitDescription(html)).toEqual({
      before: '<p>Intro</p><h3>Informazioni</h3><table></table>',
      after: '<h3 class="engine-list-title">Motori compatibili</h3><ul class="engine-list"><li>x</li></ul>',
    });
  });

  it('or before the heading named by data-tech-name', () => {
    expect(splitDescription(html, 'Informazioni')?.before).toBe('<p>Intro</p>');
  });

  it('answers null when there is no place', () => {
    expect(splitDescription('<p>x</p>')).toBeNull();
  });

  it('a named heading that is not there falls back to the engine list', () => {
    expect(splitDescription(html, 'Dati tecnici')?.before).toBe('<p>Intro</p><h3>Informazioni</h3><table></table>');
  });

  it('the data-tech-name variable comes from the description (entities read back)', () => {
    const described = `<p class="lead" data-tech-name="Freni &amp; dischi">Intro</p><h3>Freni &amp; dischi</h3><table></table>`;
    expect(techNameOf(described)).toBe('Freni & dischi');
    expect(splitDescription(described, techNameOf(described))?.before).toBe('<p class="lead" data-tech-name="Freni &amp; dischi">Intro</p>');
    expect(techNameOf('<p data-tech-name="">x</p>')).toBeNull();
    expect(techNameOf(html)).toBeNull();
  });
});
