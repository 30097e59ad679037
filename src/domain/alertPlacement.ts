/**
 * Where the transient alert shows (issue 34, point 5): at the bottom of the window, or at its
 * top when the bottom would cover the control that caused it or the next one (a phone's
 * finder selects, its quantity stepper). Pure: the alert host measures, this decides.
 */

/** A vertical stretch of the window, in px from its top. */
export interface Band {
  top: number;
  bottom: number;
}

export type AlertPlace = 'bottom' | 'top';

function overlap(a: Band, b: Band): number {
  return Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
}

/** The band an alert of `height` takes at `place` in a window `viewportHeight` high, `margin` from its edge. */
export function alertBand(place: AlertPlace, viewportHeight: number, height: number, margin: number): Band {
  return place === 'top' ? { top: margin, bottom: margin + height } : { top: viewportHeight - margin - height, bottom: viewportHeight - margin };
}

/**
 * The bottom unless it covers more of `keepClear` (the control that caused the alert and the
 * next one) than the top does.
 */
export function alertPlace(viewportHeight: number, height: number, margin: number, keepClear: readonly Band[]): AlertPlace {
  const covered = (place: AlertPlace) => keepClear.reduce((sum, band) => sum + overlap(alertBand(place, viewportHeight, height, margin), band), 0);
  return covered('top') < covered('bottom') ? 'top' : 'bottom';
}

/** Controls a shopper acts on: the next one after the cause is kept clear too. */
export const CONTROL_SELECTOR = 'input:not([type="hidden"]), select, textarea, button, a[href], [role="button"], [tabindex]:not([tabindex="-1"])';
