import fc from 'fast-check';
import {
  chosenDepth,
  choiceStorageEntries,
  consistentChoice,
  EMPTY_CHOICE,
  engineCategoryRows,
  formatChoice,
  optionsFromRows,
  parseChoice,
  restoreVehicle,
  storedChoice,
  VEHICLE_LEVELS,
  vehicleIdsFromQuery,
  vehicleLabel,
  vehicleSearchUrl,
  type VehicleChoice,
} from '../../../src/domain/vehicle';

const fiat: VehicleChoice = {
  brand: { id: 7, name: 'Fiat' },
  model: { id: 70, name: 'Panda' },
  year: { id: 5003, name: 'Panda II (2003-2012)' },
  engine: { id: 20011, name: '1.2 69 CV (51 kW)' },
};

const option = fc.record({ id: fc.integer({ min: 1, max: 2 ** 40 }), name: fc.string() });
const choice = fc.record({
  brand: fc.option(option, { nil: null }),
  model: fc.option(option, { nil: null }),
  year: fc.option(option, { nil: null }),
  engine: fc.option(option, { nil: null }),
});

describe('vehicle choice rules', () => {
  it('stores a choice as "id#name" and reads it back, names with # included', () => {
    expect(formatChoice({ id: 7, name: 'Fiat' })).toBe('7#Fiat');
    expect(parseChoice('5003#Panda II (2003-2012)')).toEqual({ id: 5003, name: 'Panda II (2003-2012)' });
    expect(parseChoice('12#C#4')).toEqual({ id: 12, name: 'C#4' });
  });

  it('reads anything else as no choice', () => {
    for (const text of [null, undefined, '', 'Fiat', '#Fiat', '0#Fiat', '-3#x', 'x7#Fiat', '07#Fiat']) expect(parseChoice(text)).toBeNull();
  });

  it('builds the listing address with brand, model, year and engine parameters', () => {
    const url = vehicleSearchUrl(fiat)!;
    expect(url.startsWith('/search.php?')).toBe(true);
    const params = new URLSearchParams(url.split('?')[1]);
    expect(Object.fromEntries(params)).toEqual({ 'menu_alt[2_1]': '7', 'menu_alt[2_2]': '70', 'menu_alt[2_3]': '5003', 'traits_alt[49]': '20011' });
    expect(vehicleSearchUrl({ ...EMPTY_CHOICE, brand: fiat.brand })).toBe('/search.php?menu_alt%5B2_1%5D=7');
    expect(vehicleSearchUrl(EMPTY_CHOICE)).toBeNull();
  });

  it('keeps only the levels whose earlier levels are chosen', () => {
    expect(consistentChoice({ ...fiat, model: null })).toEqual({ ...EMPTY_CHOICE, brand: fiat.brand });
    expect(chosenDepth(fiat)).toBe(4);
    expect(chosenDepth({ ...fiat, year: null })).toBe(2);
  });

  it('reads the vehicle ids from an address, in order, ignoring junk', () => {
    expect(vehicleIdsFromQuery(new URLSearchParams('menu_alt[2_1]=7&menu_alt[2_2]=70&traits_alt[49]=20011'))).toEqual({ brand: 7, model: 70 });
    expect(vehicleIdsFromQuery({ 'menu_alt[2_1]': 'x' })).toEqual({});
    expect(vehicleIdsFromQuery({ 'menu_alt[2_1]': '7', 'menu_alt[2_2]': '70', 'menu_alt[2_3]': '5003', 'traits_alt[49]': '20011' })).toEqual({
      brand: 7,
      model: 70,
      year: 5003,
      engine: 20011,
    });
  });

  it('saves box1..box4 and wasRender, and removes them for an empty choice', () => {
    expect(choiceStorageEntries(fiat)).toEqual({ box1: '7#Fiat', box2: '70#Panda', box3: '5003#Panda II (2003-2012)', box4: '20011#1.2 69 CV (51 kW)', wasRender: 'true' });
    expect(choiceStorageEntries(EMPTY_CHOICE)).toEqual({ box1: null, box2: null, box3: null, box4: null, wasRender: null });
  });

  it('restores from the address first (names from storage when the ids agree), else from storage', () => {
    expect(restoreVehicle({}, fiat)).toEqual(fiat);
    expect(restoreVehicle({ brand: 7, model: 70, year: 5003, engine: 20011 }, fiat)).toEqual(fiat);
    expect(restoreVehicle({ brand: 7, model: 71 }, fiat)).toEqual({ ...EMPTY_CHOICE, brand: fiat.brand, model: { id: 71, name: '' } });
    expect(restoreVehicle({ brand: 9 }, fiat)).toEqual({ ...EMPTY_CHOICE, brand: { id: 9, name: '' } });
  });

  it('labels the vehicle with its known names, the model said once (issue 34, point 7: no "Panda Panda II")', () => {
    expect(vehicleLabel(fiat)).toBe('Fiat Panda II (2003-2012) 1.2 69 CV (51 kW)');
    expect(vehicleLabel({ ...EMPTY_CHOICE, brand: { id: 1, name: 'Alfa Romeo' }, model: { id: 2, name: '147' }, year: { id: 3, name: '147 I (2008-2012)' }, engine: { id: 4, name: '1.5 dCi' } })).toBe(
      'Alfa Romeo 147 I (2008-2012) 1.5 dCi',
    );
    // Only a whole name is dropped: "Serie 1" before "Serie 10 ..." stays.
    expect(vehicleLabel({ ...EMPTY_CHOICE, brand: { id: 1, name: 'BMW' }, model: { id: 2, name: 'Serie 1' }, year: { id: 3, name: 'Serie 10 I' } })).toBe('BMW Serie 1 Serie 10 I');
    expect(vehicleLabel({ ...EMPTY_CHOICE, brand: { id: 9, name: '' } })).toBe('');
  });

  it('reads answer rows into options, skipping malformed ids', () => {
    expect(optionsFromRows([[1, 'Alfa Romeo'], ['2', 'Audi'], ['x', 'Bad'], [0, 'Zero']])).toEqual([
      { id: 1, name: 'Alfa Romeo' },
      { id: 2, name: 'Audi' },
    ]);
  });

  it('shows the engine counts over the stocked categories; zero stays (disabled)', () => {
    const shop: Array<[number, string, number]> = [
      [1, 'Pastiglie', 10],
      [2, 'Dischi', 4],
      [3, 'Vuota', 0],
    ];
    expect(engineCategoryRows(shop, null)).toEqual(shop);
    expect(engineCategoryRows(shop, [[1, 'Pastiglie', 2], [2, 'Dischi', 0], [3, 'Vuota', 0]])).toEqual([[1, 'Pastiglie', 2], [2, 'Dischi', 0]]);
  });

  it('property: "id#name" round-trips', () => {
    fc.assert(fc.property(option, (value) => expect(parseChoice(formatChoice(value))).toEqual(value)));
  });

  it('property: storage round-trips the consistent part of any choice', () => {
    fc.assert(
      fc.property(choice, (value) => {
        const entries = choiceStorageEntries(value);
        expect(storedChoice((key) => entries[key] ?? null)).toEqual(consistentChoice(value));
      }),
    );
  });

  it('property: the address carries exactly the consistent ids, and reads back to them', () => {
    fc.assert(
      fc.property(choice, (value) => {
        const consistent = consistentChoice(value);
        const url = vehicleSearchUrl(value);
        expect(url === null).toBe(consistent.brand === null);
        const ids = vehicleIdsFromQuery(new URLSearchParams(url?.split('?')[1] ?? ''));
        for (const level of VEHICLE_LEVELS) expect(ids[level]).toBe(consistent[level]?.id);
        // Restored from its own address with the same stored choice, the vehicle is unchanged.
        expect(restoreVehicle(ids, consistent)).toEqual(consistent);
      }),
    );
  });
});
