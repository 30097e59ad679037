import fc from 'fast-check';
import { BRAKE_CATEGORY, BRAKE_MEASURE, LISTING_TRAIT_FACETS, type AwardedParameter } from '../../../src/api/wire';
import { DISC_MEASURES, PAD_MEASURES, isMeasureNumber, listingTraitFacets, measureOfTrait, productMeasures } from '../../../src/domain/brakeMeasures';
import { resources } from '../../../src/i18n';
import { COMPARE_TABLES } from '../../../src/domain/comparison';

describe('brake measures (issue 37, point 3)', () => {
  it('a disc listing offers the disc measures, a pad listing the pad measures, any other the brake system', () => {
    expect(listingTraitFacets(BRAKE_CATEGORY.discs)).toEqual([90011, 90010, 90003, 90014, 90013, 90012]);
    expect(listingTraitFacets(BRAKE_CATEGORY.pads)).toEqual([90001, 90002, 90003, 90005]);
    for (const category of [undefined, BRAKE_CATEGORY.kits, BRAKE_CATEGORY.allKits, 160001]) expect(listingTraitFacets(category)).toEqual(LISTING_TRAIT_FACETS);
  });

  it('names a shared trait by the listing it is in (a thickness is a disc\u2019s or a pad\u2019s)', () => {
    expect(measureOfTrait(BRAKE_MEASURE.padThickness, BRAKE_CATEGORY.pads)?.key).toBe('padThickness');
    expect(measureOfTrait(BRAKE_MEASURE.discThickness, BRAKE_CATEGORY.discs)?.key).toBe('discThickness');
    expect(measureOfTrait(BRAKE_MEASURE.discDiameter, undefined)?.unit).toBe('mm');
    expect(measureOfTrait(12345, BRAKE_CATEGORY.discs)).toBeUndefined();
  });

  it('a measure is a number of up to four digits and two decimals, with a point or a comma', () => {
    for (const good of ['280', '66.5', '12,5', '1000', ' 57 ']) expect(isMeasureNumber(good)).toBe(true);
    for (const bad of ['', 'large', '28O', '1.2.3', '-4', '12345', '1.234', '1e3']) expect(isMeasureNumber(bad)).toBe(false);
    fc.assert(fc.property(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 99 }), (whole, decimals) => isMeasureNumber(`${whole}.${decimals}`)));
  });

  it("a product's measures: those of its category it carries, in the measures' order", () => {
    const parameters: AwardedParameter[] = [
      { id: BRAKE_MEASURE.discHoles, name: 'Numero fori', values: [{ id: 1, name: '5' }] },
      { id: BRAKE_MEASURE.discDiameter, name: 'Diametro [mm]', values: [{ id: 2, name: '280' }] },
      { id: BRAKE_MEASURE.padWidth, name: 'Larghezza [mm]', values: [{ id: 3, name: '120' }] },
    ];
    expect(productMeasures(parameters, BRAKE_CATEGORY.discs).map(({ measure, values }) => [measure.key, values])).toEqual([
      ['discDiameter', ['280']],
      ['discHoles', ['5']],
    ]);
    expect(productMeasures(parameters, BRAKE_CATEGORY.pads).map(({ measure }) => measure.key)).toEqual(['padWidth']);
    expect(productMeasures(parameters, BRAKE_CATEGORY.kits)).toEqual([]);
  });

  it('every measure is named in Italian, Polish and English', () => {
    for (const language of ['it', 'pl', 'en'] as const) {
      const measures = (resources[language].translation as Record<string, Record<string, string>>).measures;
      for (const measure of [...DISC_MEASURES, ...PAD_MEASURES]) expect(measures[measure.key]).toEqual(expect.any(String));
      expect(measures.millimetres).toBe('{{value}} mm');
    }
  });

  it('the comparison has a row for every measure of a disc and of a pad', () => {
    const rowTraits = (category: number) => COMPARE_TABLES[category].category.map((row) => Number(row.split('#')[1])).filter(Number.isFinite);
    for (const measure of DISC_MEASURES) expect(rowTraits(BRAKE_CATEGORY.discs)).toContain(measure.trait);
    for (const measure of PAD_MEASURES) expect(rowTraits(BRAKE_CATEGORY.pads)).toContain(measure.trait);
  });
});
