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

/**
 * What a part says for one vehicle (issue 37): fits; fits, check the note; does not fit; not
 * vehicle-specific (a universal part, a service, a voucher: `products.universal`).
 */
export type FitStatus = 'fits' | 'check' | 'none' | 'universal';

export const FIT_STATUSES: readonly FitStatus[] = ['fits', 'check', 'none', 'universal'];

/**
 * The status of a fit (or of no fit): a universal product is never "does not fit", whatever its
 * fit rows say; a fit with a note or a production range asks the shopper to check it. The server
 * says it (server/db/sharedReads.ts `fitAnswers`, the checkout's lines); the page draws it.
 */
export function fitStatus(fit: FitQualifiers | null | undefined, universal = false): FitStatus {
  if (universal) return 'universal';
  if (!fit) return 'none';
  return fit.note !== null || fit.fromMonth !== null || fit.toMonth !== null ? 'check' : 'fits';
}

/** One (engine, product) pair's answer as the server says it: the status, and the fit's qualifiers when there is a fit. */
export interface FitAnswer extends FitQualifiers {
  engineId: number;
  productId: number;
  status: FitStatus;
}

/** The key of a fit in the store and in answers. */
export const fitKey = (engineId: number, productId: number) => `${engineId}:${productId}`;
