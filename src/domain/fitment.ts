/**
 * Fitment qualifiers (issue 25): what a fit says beyond "this part fits this engine", as real
 * fitment data does (ACES qualifiers, eBay's compatibility notes). One fit is one row of the
 * `fitments` table (engine, product) with:
 *
 * - `position`: the axle the part goes on, 'front' | 'rear'; null for a part that is not an
 *   axle's (fluid, tools);
 * - `fromMonth` / `toMonth`: the vehicles' production months the fit is limited to, 'YYYY-MM'
 *   (inclusive), null for an open end;
 * - `note`: a note code the storefront translates (`FIT_NOTE_CODES` in fitNotes.ts, an optional numeric
 *   argument after a colon: 'discDiameter:280'), or any other text in the shop's language,
 *   shown as written; null for none.
 *
 * Pure: used by the server (generator, checks) and the storefront (what a shopper reads).
 */

export type AxlePosition = 'front' | 'rear';

export interface FitQualifiers {
  position: AxlePosition | null;
  fromMonth: string | null;
  toMonth: string | null;
  note: string | null;
}

/** One fit as the API answers it (`GET /ajax/fitment.php`). */
export interface FitRow extends FitQualifiers {
  engineId: number;
  productId: number;
}

/** What a part says for one vehicle: fits; fits, check the note; does not fit. */
export type FitStatus = 'fits' | 'check' | 'none';

/** The status of a fit (or of no fit): a fit with a note or a production range asks the shopper to check it. */
export function fitStatus(fit: FitQualifiers | null | undefined): FitStatus {
  if (!fit) return 'none';
  return fit.note !== null || fit.fromMonth !== null || fit.toMonth !== null ? 'check' : 'fits';
}

/** The key of a fit in the store and in answers. */
export const fitKey = (engineId: number, productId: number) => `${engineId}:${productId}`;
