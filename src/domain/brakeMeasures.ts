/**
 * Brakes by their measures (issue 37, point 3): a disc's outside diameter, thickness, minimum
 * thickness, centring diameter, number of holes and type (solid / vented / drilled); a pad's
 * width, height, thickness and wear indicator. Each measure is a trait of the catalogue with a
 * reserved id (`BRAKE_MEASURE` in src/api/wire.ts; the catalogue file names them so, see
 * docs/catalogue-format.md), so a measure is filtered, counted and carried through the import
 * and the export like any trait. Pure: the listing's facets (server), the product page's facts
 * and the listing's filter titles read it.
 */
import { BRAKE_CATEGORY, BRAKE_MEASURE, LISTING_TRAIT_FACETS, type AwardedParameter } from '../api/wire';

export type BrakeMeasureKey = keyof typeof BRAKE_MEASURE;

export interface BrakeMeasureDefinition {
  key: BrakeMeasureKey;
  trait: number;
  /** 'mm' for a length; null for a count or a word (holes, disc type, wear indicator). */
  unit: 'mm' | null;
  /** Whether the value is a number (checked on import); else a word of the catalogue. */
  numeric: boolean;
}

const measure = (key: BrakeMeasureKey, unit: 'mm' | null, numeric: boolean): BrakeMeasureDefinition => ({ key, trait: BRAKE_MEASURE[key], unit, numeric });

/** A disc's measures, in the order a listing and a product page show them. */
export const DISC_MEASURES: readonly BrakeMeasureDefinition[] = [
  measure('discType', null, false),
  measure('discDiameter', 'mm', true),
  measure('discThickness', 'mm', true),
  measure('discMinThickness', 'mm', true),
  measure('discCentring', 'mm', true),
  measure('discHoles', null, true),
];

/** A pad's measures, in the order a listing and a product page show them. */
export const PAD_MEASURES: readonly BrakeMeasureDefinition[] = [
  measure('padWidth', 'mm', true),
  measure('padHeight', 'mm', true),
  measure('padThickness', 'mm', true),
  measure('padWear', null, false),
];

/** The measures of a category's parts: discs', pads', or none (kits, accessories). */
export function measuresOf(category: number | undefined | null): readonly BrakeMeasureDefinition[] {
  return category === BRAKE_CATEGORY.discs ? DISC_MEASURES : category === BRAKE_CATEGORY.pads ? PAD_MEASURES : [];
}

/**
 * The trait facets a listing offers: a disc listing every disc measure, a pad listing every pad
 * measure; any other listing the brake system (disc type and diameter, LISTING_TRAIT_FACETS).
 */
export function listingTraitFacets(category: number | undefined): readonly number[] {
  const measures = measuresOf(category);
  return measures.length ? measures.map((m) => m.trait) : LISTING_TRAIT_FACETS;
}

/** The definition of a listing facet's trait within a listing of `category` (its title and unit), if it is a measure. */
export function measureOfTrait(trait: number, category: number | undefined): BrakeMeasureDefinition | undefined {
  return (measuresOf(category).length ? measuresOf(category) : DISC_MEASURES).find((m) => m.trait === trait);
}

/** Whether a trait value's name is a measure's number: digits with at most one decimal point or comma. */
export function isMeasureNumber(name: string): boolean {
  return /^\d{1,4}(?:[.,]\d{1,2})?$/.test(name.trim());
}

/** A product's measures as its page shows them: each measure it carries, with its values' names. */
export function productMeasures(parameters: readonly AwardedParameter[], category: number): Array<{ measure: BrakeMeasureDefinition; values: string[] }> {
  const result: Array<{ measure: BrakeMeasureDefinition; values: string[] }> = [];
  for (const m of measuresOf(category)) {
    const values = parameters.find((parameter) => parameter.id === m.trait)?.values.map((value) => value.name) ?? [];
    if (values.length) result.push({ measure: m, values });
  }
  return result;
}
