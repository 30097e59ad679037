import type { OrderQuantityRange } from '../api/wire';

/**
 * Quantity rules of the product page (spec section 5: quantity step, minimum, maximum,
 * plural unit). Used by the buy box, the basket page and the server's basket check.
 */
export interface QuantityRules {
  /** Sell-by step (default 1). */
  step: number;
  /** Unit precision: decimals a quantity may have (default 0). */
  precision: number;
  min: number;
  /** Infinity when nothing caps it. */
  max: number;
}

export interface QuantityInput {
  unit_sellby?: number | null;
  unit_precision?: number | null;
  order_quantity_range?: Partial<OrderQuantityRange> | null;
  /** Stock of the chosen size: -1 unlimited. */
  stock?: number | null;
}

const positive = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0;

export function roundTo(value: number, precision: number): number {
  const factor = 10 ** precision;
  return Math.round(value * factor + Number.EPSILON) / factor;
}

export function quantityBounds(input: QuantityInput): QuantityRules {
  const step = positive(input.unit_sellby) ? input.unit_sellby : 1;
  const precision = typeof input.unit_precision === 'number' && input.unit_precision >= 0 ? Math.floor(input.unit_precision) : 0;
  const range = input.order_quantity_range ?? {};
  // Storefront spec, section 5, as written: the largest of the step, min_quantity_per_order,
  // min_size_quantity_per_order and minimum_quantity_subscription, whatever the price mode.
  const minimums = [step, range.min_quantity_per_order, range.min_size_quantity_per_order, range.minimum_quantity_subscription];
  const maximums = [input.stock === -1 || input.stock == null ? null : Math.max(input.stock, 0), range.max_quantity_per_order, range.max_size_quantity_per_order];
  // The minimum must itself be a whole number of steps.
  const min = ceilToStep(Math.max(...minimums.filter(positive)), step, precision);
  const caps = maximums.filter((n): n is number => typeof n === 'number' && Number.isFinite(n) && n >= 0);
  const max = caps.length ? floorToStep(Math.min(...caps), step, precision) : Infinity;
  return { step, precision, min, max };
}

function ceilToStep(value: number, step: number, precision: number): number {
  return roundTo(Math.ceil(roundTo(value / step, 6)) * step, precision);
}

function floorToStep(value: number, step: number, precision: number): number {
  return roundTo(Math.floor(roundTo(value / step, 6)) * step, precision);
}

export type QuantityMessage = { kind: 'min' | 'max'; n: number };

export interface NormalisedQuantity {
  quantity: number;
  /** Set when the value had to be raised to the minimum or capped to the maximum. */
  message: QuantityMessage | null;
}

/** Corrects a typed quantity: to a multiple of the step, within minimum and maximum. */
export function normaliseQuantity(value: number, rules: QuantityRules): NormalisedQuantity {
  if (!Number.isFinite(value)) return { quantity: rules.min, message: null };
  const stepped = roundTo(Math.round(roundTo(value / rules.step, 6)) * rules.step, rules.precision);
  if (rules.max < rules.min) return { quantity: rules.max, message: { kind: 'max', n: rules.max } };
  if (stepped < rules.min) return { quantity: rules.min, message: { kind: 'min', n: rules.min } };
  if (stepped > rules.max) return { quantity: rules.max, message: { kind: 'max', n: rules.max } };
  return { quantity: stepped, message: null };
}

/** Whether a quantity may be ordered as it is (the server's check). */
export function quantityAllowed(value: number, rules: QuantityRules): boolean {
  if (!Number.isFinite(value) || value <= 0) return false;
  const steps = value / rules.step;
  const whole = Math.abs(steps - Math.round(steps)) < 1e-6;
  return whole && roundTo(value, rules.precision) === roundTo(value, 9) && value >= rules.min - 1e-9 && value <= rules.max + 1e-9;
}

/** The plural unit is used when the value is above 1. */
export function unitLabel(value: number, unit: string, unitPlural: string): string {
  return value > 1 ? unitPlural : unit;
}
