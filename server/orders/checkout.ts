import { randomBytes } from 'node:crypto';
import type { CheckoutCourier, CheckoutFieldErrors, CheckoutForm, CouriersAnswer, OrderView, PaymentId, PlaceAnswer, ReviewAnswer } from '../../src/api/checkoutWire';
import { PAYMENT_IDS } from '../../src/api/checkoutWire';
import { detailsErrors, checkoutRegion, orderErrors, readCheckoutDetails } from '../../src/domain/checkout';
import { ZIP_RANGES } from '../../src/domain/zipRanges';
import { COUNTRY_REGIONS } from '../../src/domain/deliveryRegion';
import { formatCents } from '../money';
import type { ShopRepository } from '../db/repository';
import { buildQuote, checkoutCouriers, paymentsAllowed, type StoredOrder } from './orderStore';
import { instalmentCents } from './quote';
import { PAYMENT_METHODS } from './payments';

/**
 * The checkout's server side (issue 32), the same for the storefront's calls
 * (server/routes/checkout.ts) and the plain forms that work without JavaScript (the page route):
 * read and bound the form, check every rule the page checks (src/domain/checkout.ts), price the
 * basket now, place the order in one repository transaction.
 */
export interface CheckoutContext {
  repo: ShopRepository;
  visitorId: string;
  language: string;
  priceType: 'net' | 'gross';
}

/** A checkout key or a confirmation token: 32 random bytes, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

const KEY = /^[A-Za-z0-9_-]{16,64}$/;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function isOrderToken(value: string): boolean {
  return TOKEN.test(value);
}

/** Every field of a posted checkout form, trimmed and bounded; nothing else is read. */
export function readCheckoutForm(source: Record<string, unknown>): CheckoutForm {
  const text = (name: string, max: number) => (typeof source[name] === 'string' ? (source[name] as string).trim().slice(0, max) : '');
  return {
    ...readCheckoutDetails(source),
    courier: text('courier', 12),
    payment: text('payment', 16),
    key: text('key', 64),
    quote: text('quote', 16_000),
    vehicle: text('vehicle', 12),
    fit_confirmed: text('fit_confirmed', 2) === '1' || text('fit_confirmed', 2) === 'on' ? '1' : '',
  };
}

function vehicleOf(form: CheckoutForm): number | null {
  return /^\d{1,9}$/.test(form.vehicle) ? Number(form.vehicle) : null;
}

/** The region of the form's address, or the country's mainland region while the postcode is not usable yet. */
function regionOf(form: Pick<CheckoutForm, 'country' | 'postcode'>, language: string): { id: string; answer: CouriersAnswer['region'] } {
  const region = checkoutRegion(ZIP_RANGES, form, language);
  const mainland = COUNTRY_REGIONS[form.country] ?? COUNTRY_REGIONS.IT;
  if (region.kind === 'mainland' || region.kind === 'remote') return { id: region.region, answer: { kind: region.kind, id: region.region } };
  return { id: mainland, answer: { kind: region.kind } };
}

/** The couriers for the visitor's basket and this address, and the payments each group allows. */
export async function couriersFor(ctx: CheckoutContext, form: Pick<CheckoutForm, 'country' | 'postcode'>): Promise<CouriersAnswer> {
  const region = regionOf(form, ctx.language);
  const reads = await ctx.repo.checkoutReads({ visitorId: ctx.visitorId, vehicle: null, region: region.id, priceType: ctx.priceType });
  const couriers = checkoutCouriers(reads);
  const worth = (group: 'prepaid' | 'dvp') => {
    const cheapest = couriers.filter((c) => c.group === group).sort((a, b) => a.cost.value - b.cost.value)[0];
    const quote = cheapest ? buildQuote(reads, cheapest.id, group === 'dvp' ? 'cod' : 'transfer') : null;
    return quote ? instalmentCents(quote, reads.instalments) : 0;
  };
  return {
    region: region.answer,
    couriers,
    payments: { prepaid: paymentsAllowed(reads.rows, 'prepaid', worth('prepaid'), reads.instalments), dvp: paymentsAllowed(reads.rows, 'dvp', worth('dvp'), reads.instalments) },
  };
}

/** The form's errors beyond the details': the courier and the payment. */
function choiceErrors(form: CheckoutForm, couriers: CheckoutCourier[]): CheckoutFieldErrors {
  const errors: CheckoutFieldErrors = {};
  if (!form.courier) errors.courier = { key: 'checkout.errors.courier' };
  else if (!couriers.some((c) => String(c.id) === form.courier)) errors.courier = { key: 'checkout.errors.courierUnavailable' };
  if (!form.payment) errors.payment = { key: 'checkout.errors.payment' };
  else if (!(PAYMENT_IDS as readonly string[]).includes(form.payment)) errors.payment = { key: 'checkout.errors.paymentUnavailable' };
  return errors;
}

/** The review: every rule checked again, then the basket priced now for this courier and payment. */
export async function review(ctx: CheckoutContext, form: CheckoutForm): Promise<ReviewAnswer> {
  const details = readCheckoutDetails(form as unknown as Record<string, unknown>);
  const region = regionOf(form, ctx.language);
  const reads = await ctx.repo.checkoutReads({ visitorId: ctx.visitorId, vehicle: vehicleOf(form), region: region.id, priceType: ctx.priceType });
  if (reads.rows.length === 0) return { status: 'invalid', errors: { basket: { key: 'checkout.errors.emptyBasket' } } };
  const couriers = checkoutCouriers(reads);
  const errors = orderErrors({ ...detailsErrors(details, ZIP_RANGES, ctx.language), ...choiceErrors(form, couriers) });
  if (!errors.courier && !errors.payment) {
    const courier = couriers.find((c) => String(c.id) === form.courier)!;
    const quote = buildQuote(reads, courier.id, form.payment as PaymentId)!;
    if (!paymentsAllowed(reads.rows, courier.group, instalmentCents(quote, reads.instalments), reads.instalments).includes(form.payment as PaymentId)) {
      errors.payment = { key: 'checkout.errors.paymentUnavailable' };
    } else if (Object.keys(errors).length === 0) {
      return { status: 'review', quote };
    }
  }
  return { status: 'invalid', errors: orderErrors(errors) };
}

/** Places the order: the review's checks again, then one transaction (server/orders/orderStore.ts). */
export async function place(ctx: CheckoutContext, form: CheckoutForm, now = new Date()): Promise<{ answer: PlaceAnswer; order: StoredOrder | null; repeated: boolean }> {
  if (!KEY.test(form.key)) return { answer: { status: 'refused', code: 'invalid_key', message: 'La pagina di cassa è scaduta: ricaricarla' }, order: null, repeated: false };
  const details = readCheckoutDetails(form as unknown as Record<string, unknown>);
  const errors = orderErrors({ ...detailsErrors(details, ZIP_RANGES, ctx.language), ...(form.courier && /^\d{1,9}$/.test(form.courier) ? {} : { courier: { key: 'checkout.errors.courier' } }) });
  if (!(PAYMENT_IDS as readonly string[]).includes(form.payment)) errors.payment = { key: 'checkout.errors.payment' };
  if (Object.keys(errors).length) return { answer: { status: 'invalid', errors: orderErrors(errors) }, order: null, repeated: false };
  const result = await ctx.repo.placeOrder({
    visitorId: ctx.visitorId,
    key: form.key,
    token: newToken(),
    language: ctx.language,
    priceType: ctx.priceType,
    details,
    region: regionOf(form, ctx.language).id,
    courierId: Number(form.courier),
    payment: form.payment as PaymentId,
    vehicle: vehicleOf(form),
    fitConfirmed: form.fit_confirmed === '1',
    quote: form.quote,
    now,
  });
  if (result.kind === 'placed') return { answer: { status: 'placed', order: { number: result.order.number, link: orderLink(ctx.language, result.order.token) } }, order: result.order, repeated: result.repeated };
  if (result.kind === 'changed') return { answer: { status: 'changed', quote: result.quote, changes: result.changes }, order: null, repeated: false };
  return { answer: { status: 'refused', code: result.code, message: result.message, ...(result.params ? { params: result.params } : {}) }, order: null, repeated: false };
}

/** The confirmation page's address, in the order's language. */
export function orderLink(language: string, token: string): string {
  return `${language === 'it' ? '' : `/${language}`}/order/${token}`;
}

/** What the confirmation page and the mails show of an order. */
export function orderView(order: StoredOrder): OrderView {
  const method = PAYMENT_METHODS[order.payment as PaymentId] ?? PAYMENT_METHODS.transfer;
  return {
    number: order.number,
    status: order.status,
    createdAt: order.created_at,
    email: order.email,
    name: order.name,
    address: `${order.street}, ${order.postcode} ${order.city}, ${order.country}`,
    courier: order.courier_name,
    deliveryDays: order.delivery_days,
    payment: method.id,
    lines: order.lines.map((line) => ({
      name: line.name,
      code: line.catalog_no,
      size: line.size_name,
      quantity: Number(line.quantity),
      unit: line.unit,
      lineGross: formatCents(Number(line.line_gross)),
      lineNet: formatCents(Number(line.line_net)),
      vehicle: line.vehicle_label,
      fit: (line.fit as OrderView['lines'][number]['fit']) ?? null,
    })),
    goodsNet: formatCents(order.goods_net),
    goodsGross: formatCents(order.goods_gross),
    shipping: formatCents(order.shipping_gross),
    vat: formatCents(order.vat),
    total: formatCents(order.total),
    totalValue: order.total / 100,
    priceType: order.price_type === 'net' ? 'net' : 'gross',
    instructions: method.instructions(order),
  };
}
