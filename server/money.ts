import { formatPrice } from '../src/domain/priceMask';

/**
 * Money in integer minor units (cents). The database keeps prices as 2-decimal numbers; they
 * become cents when read (`toCents`) and every sum, product and rebate is integer arithmetic,
 * rounded once, half away from zero, where the spec rounds: a unit price after a rebate or
 * without VAT, and a line's total (unit price × a quantity of up to 3 decimals). A basket's
 * totals are the sums of its lines' totals, so the total shown equals the sum of the line
 * totals shown. Values leave as numbers again only at the wire (`fromCents`, `formatCents`).
 */
export type Cents = number;

/** A stored 2-decimal amount in cents. */
export function toCents(value: number): Cents {
  return Math.round(value * 100);
}

export function fromCents(cents: Cents): number {
  return cents / 100;
}

export function formatCents(cents: Cents): string {
  return formatPrice(fromCents(cents));
}

/** n / d for integers (d > 0), rounded half away from zero. */
export function divideRounded(n: number, d: number): number {
  const q = Math.floor(Math.abs(n) / d);
  const r = Math.abs(n) - q * d;
  const rounded = 2 * r >= d ? q + 1 : q;
  return n < 0 ? -rounded : rounded;
}

/** A percentage (up to 2 decimals) in basis points. */
const basisPoints = (percent: number) => Math.round(percent * 100);

/** The price after a rebate of `percent` % (the quantity rebate tiers). */
export function afterRebate(cents: Cents, percent: number): Cents {
  return divideRounded(cents * (10_000 - basisPoints(percent)), 10_000);
}

/** The net price of a gross price at a VAT rate in percent. */
export function netOf(grossCents: Cents, vatPercent: number): Cents {
  return divideRounded(grossCents * 10_000, 10_000 + basisPoints(vatPercent));
}

/** A quantity (up to 3 decimals) in thousandths. */
const thousandths = (quantity: number) => Math.round(quantity * 1000);

/** A line's total: unit price × quantity, rounded once. */
export function lineTotal(unitCents: Cents, quantity: number): Cents {
  return divideRounded(unitCents * thousandths(quantity), 1000);
}

export function sumCents(values: readonly Cents[]): Cents {
  return values.reduce((total, value) => total + value, 0);
}

export interface PricedLine {
  /** The unit's gross price (after rebates). */
  unitCents: Cents;
  quantity: number;
  vat: number;
}

export interface LineTotals {
  gross: Cents;
  net: Cents;
}

/** The totals of a basket: each line's gross and net, and their sums. */
export function basketTotals(lines: readonly PricedLine[]): { lines: LineTotals[]; gross: Cents; net: Cents } {
  const totals = lines.map((line) => ({ gross: lineTotal(line.unitCents, line.quantity), net: lineTotal(netOf(line.unitCents, line.vat), line.quantity) }));
  return { lines: totals, gross: sumCents(totals.map((t) => t.gross)), net: sumCents(totals.map((t) => t.net)) };
}
