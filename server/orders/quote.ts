import type { CheckoutCourier, CheckoutQuote, PaymentId, QuoteChange, QuoteLine } from '../../src/api/checkoutWire';
import type { InstalmentParams } from '../../src/api/wire';
import { SUBSCRIPTION_ADDITIONAL } from '../../src/api/wire';
import type { FitStatus } from '../../src/domain/fitment';
import { allowsInstalments, amountInLimitTerms } from '../../src/domain/instalments';
import { paymentsFor } from '../../src/domain/checkout';
import { basketTotals, formatCents, fromCents, netOf, toCents, type Cents } from '../money';
import { courierOptions, rebatedUnitCents } from '../db/shopViews';
import type { CourierRow } from '../db/shopViews';
import type { StoredLimitProduct, StoredLimitSize } from '../db/basketLimits';
import { productLink } from '../text';

/**
 * The checkout's amounts (issue 32), a pure function of what the order's transaction read: the
 * basket lines priced as the basket prices them (quantity rebate tiers, subscription prices, each
 * line's total rounded once), the couriers for the basket's worth and the delivery region (free
 * shipping from the threshold, remote regions' surcharge), VAT and the total. The review and the
 * order use the same function on the same rows, so the shopper is shown exactly what is charged.
 */
export type CheckoutLineRow = StoredLimitProduct &
  StoredLimitSize & {
    product_id: number;
    additional: string;
    count: number;
    vehicle_engine: number | null;
    vehicle_label: string | null;
    name: string;
    slug: string;
    type: string;
    catalog_no: string;
    vat: number;
    size_name: string;
    shipping_days: number;
    price_gross: number;
  };

/** What the quote is computed from: the transaction's reads. */
export interface QuoteInput {
  rows: CheckoutLineRow[];
  tiers: Map<number, Array<{ threshold: number; value: number }>>;
  couriers: Array<CourierRow & { id: number }>;
  freeShippingFrom: number;
  instalments: InstalmentParams | null;
  /** What the lines' products say for the vehicle chosen now (server/db/fitAnswers.ts; null: no vehicle chosen). */
  fits: Map<number, FitStatus> | null;
  region: string;
  priceType: 'net' | 'gross';
}

/** Shipping is taxed at the shop's standard rate. */
const SHIPPING_VAT = 22;

const amount = (cents: Cents) => ({ value: fromCents(cents), formatted: formatCents(cents) });

/** The couriers for these lines and this region, with their ids, in the shop's order (prepaid first, by cost). */
export function checkoutCouriers(input: Omit<QuoteInput, 'fits' | 'priceType' | 'instalments'>): CheckoutCourier[] {
  const { goodsGross } = priceLines(input.rows, input.tiers);
  const lead = Math.max(0, ...input.rows.map((r) => (r.status === 'order' ? Number(r.shipping_days) : 0)));
  const options = courierOptions(input.couriers, input.freeShippingFrom, fromCents(goodsGross), lead, input.region);
  return options.map((option, index) => ({
    id: Number(input.couriers[index].id),
    name: option.courier.name,
    icon: option.courier.icon,
    group: option.prepaid === 'dvp' ? 'dvp' : 'prepaid',
    cost: { value: option.cost.value, formatted: option.cost.formatted },
    days: option.deliveryTime.time.days,
    workingDays: option.deliveryTime.workingDays,
  }));
}

function priceLines(rows: CheckoutLineRow[], tiers: QuoteInput['tiers']) {
  const priced = rows.map((r) => {
    const subscription = r.additional === SUBSCRIPTION_ADDITIONAL && r.subscription_gross !== null;
    const unitCents = rebatedUnitCents(tiers.get(Number(r.product_id)) ?? [], Math.round((subscription ? r.subscription_gross! : r.price_gross) * 100), Number(r.count));
    return { row: r, unitCents };
  });
  const totals = basketTotals(priced.map((p) => ({ unitCents: p.unitCents, quantity: Number(p.row.count), vat: Number(p.row.vat) })));
  return { priced, totals, goodsGross: totals.gross };
}

/** The instalment rule's input for these lines at this amount. */
export function instalmentInput(rows: CheckoutLineRow[], total: number) {
  return { price: total, basketCount: rows.length, allProductsAllow: rows.every((r) => allowsInstalments(r.type)) };
}

/**
 * A quote's total in cents in the instalment limits' terms: the gross total against gross limits,
 * goods and shipping net against net ones (issue 34, point 17).
 */
export function instalmentCents(quote: Pick<CheckoutQuote, 'total' | 'goodsNet' | 'shippingNet'>, instalments: Pick<InstalmentParams, 'priceType'> | null): Cents {
  return toCents(amountInLimitTerms({ gross: quote.total.value, net: quote.goodsNet.value + quote.shippingNet.value }, instalments?.priceType ?? 'gross'));
}

/** The payments this courier's group allows for these lines at this total (in the limits' terms: instalmentCents). */
export function paymentsAllowed(rows: CheckoutLineRow[], group: 'prepaid' | 'dvp', totalCents: Cents, instalments: InstalmentParams | null): PaymentId[] {
  return paymentsFor(group, instalmentInput(rows, fromCents(totalCents)), instalments);
}

/** The review's amounts for this courier and payment; null when the courier is not offered for this basket. */
export function buildQuote(input: QuoteInput, courierId: number, payment: PaymentId): CheckoutQuote | null {
  const courier = checkoutCouriers(input).find((c) => c.id === courierId);
  if (!courier) return null;
  const { priced, totals } = priceLines(input.rows, input.tiers);
  const shipping = Math.round(courier.cost.value * 100);
  const shippingNet = netOf(shipping, SHIPPING_VAT);
  const lines: QuoteLine[] = priced.map(({ row: r, unitCents }, index) => {
    const fit: FitStatus | null = input.fits === null ? null : (input.fits.get(Number(r.product_id)) ?? 'none');
    return {
      productId: Number(r.product_id),
      sizeId: r.size_id,
      name: r.name,
      code: r.catalog_no,
      size: r.size_name,
      quantity: Number(r.count),
      unit: Number(r.count) > 1 ? r.unit_plural : r.unit,
      link: productLink(Number(r.product_id), r.slug),
      unitNet: amount(netOf(unitCents, Number(r.vat))),
      unitGross: amount(unitCents),
      lineNet: amount(totals.lines[index].net),
      lineGross: amount(totals.lines[index].gross),
      vatRate: Number(r.vat),
      vehicle: r.vehicle_label ?? null,
      fit,
    };
  });
  const total = totals.gross + shipping;
  const vat = totals.gross - totals.net + (shipping - shippingNet);
  const snapshot: Snapshot = { l: lines.map((l, i) => [l.productId, l.sizeId, l.quantity, priced[i].unitCents, `${l.name} · ${l.size}`]), s: shipping, t: total, c: courier.id, p: payment };
  return {
    lines,
    priceType: input.priceType,
    goodsNet: amount(totals.net),
    goodsGross: amount(totals.gross),
    shipping: amount(shipping),
    shippingNet: amount(shippingNet),
    vat: amount(vat),
    total: amount(total),
    courier,
    payment,
    fingerprint: Buffer.from(JSON.stringify(snapshot)).toString('base64url'),
  };
}

/** What a quote's fingerprint records: each line (product, size, quantity, unit price in cents, its name), shipping, total, courier, payment. */
interface Snapshot {
  l: Array<[number, string, number, number, string]>;
  s: number;
  t: number;
  c: number;
  p: string;
}

function readSnapshot(fingerprint: string): Snapshot | null {
  try {
    const value = JSON.parse(Buffer.from(fingerprint, 'base64url').toString('utf8')) as Snapshot;
    return Array.isArray(value.l) && typeof value.s === 'number' && typeof value.t === 'number' ? value : null;
  } catch {
    return null;
  }
}

/** What changed between the quote the shopper saw (its fingerprint) and the quote now, line by line, then shipping and the total. */
export function quoteChanges(seen: string, now: CheckoutQuote): QuoteChange[] {
  const before = readSnapshot(seen);
  if (!before) return [{ line: null, kind: 'total', before: '', after: now.total.formatted }];
  const after = readSnapshot(now.fingerprint)!;
  const key = (line: Snapshot['l'][number]) => `${line[0]}|${line[1]}`;
  const old = new Map(before.l.map((line) => [key(line), line]));
  const changes: QuoteChange[] = [];
  for (const line of after.l) {
    const was = old.get(key(line));
    old.delete(key(line));
    if (!was) changes.push({ line: line[4], kind: 'added', before: '', after: String(line[2]) });
    else if (was[2] !== line[2]) changes.push({ line: line[4], kind: 'quantity', before: String(was[2]), after: String(line[2]) });
    else if (was[3] !== line[3]) changes.push({ line: line[4], kind: 'price', before: formatCents(was[3]), after: formatCents(line[3]) });
  }
  for (const was of old.values()) changes.push({ line: String(was[4]), kind: 'removed', before: String(was[2]), after: '' });
  if (before.s !== after.s) changes.push({ line: null, kind: 'shipping', before: formatCents(before.s), after: formatCents(after.s) });
  if (before.t !== after.t) changes.push({ line: null, kind: 'total', before: formatCents(before.t), after: formatCents(after.t) });
  return changes;
}
