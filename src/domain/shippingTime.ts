import type { ShippingTime, SizeAvailability, SizeDelivery } from '../api/wire';

/**
 * The product page's shipping promise (storefront spec, sections 3, 4 and 9): "ships today if
 * you order before the deadline", "ships in N days", in months when the days exceed 29, or an
 * unknown-shipping note for products on order with an unknown delivery time.
 */
export const ORDER_BY_LEAD_HOURS = 3;
export const MONTHS_AFTER_DAYS = 29;
export const DAYS_PER_MONTH = 30;

export type ShippingPromise =
  | { kind: 'hidden' }
  | { kind: 'unknown' }
  /** Ships today when ordered before the deadline; `orderWithin` counts down in the last hours. */
  | { kind: 'today'; deadline: string; orderWithin: { hours: number; minutes: number } | null }
  | { kind: 'days'; days: number }
  | { kind: 'months'; months: number };

/** Minutes since midnight of "HH:MM", or null for anything else. */
export function minutesOfDay(text: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : null;
}

export interface ShippingPromiseInput {
  availability: Pick<SizeAvailability, 'status' | 'delivery_days_undefined' | 'shipping_time' | 'delay_time'>;
  delivery?: Pick<SizeDelivery, 'undefined'> | null;
  /** Virtual and service products show no shipping info. */
  physical: boolean;
  /**
   * The shopper's time; null while it is not known (the server draws the page, and the browser's
   * first render must equal it): the data's own "ships today" then stands, without a countdown.
   */
  now: Date | null;
  /** The order-by lead time (the page data's order_by_lead_hours). */
  leadHours?: number;
}

export function isUnknownDelivery(availability: ShippingPromiseInput['availability']): boolean {
  return (
    availability.delay_time?.unknown_delivery_time === 'true' ||
    availability.delivery_days_undefined === 'true' ||
    availability.shipping_time?.unknown_time === 'true'
  );
}

/**
 * Whether the page shows shipping information at all (the promise, the cost, the delivery info box
 * with its couriers): not for virtual or service products, an unavailable size, a size whose
 * delivery is undefined, nor one on order with an unknown delivery time, whose whole page shows
 * only the unknown-shipping note instead (storefront spec, section 4).
 */
export function showsShippingInfo({ availability, delivery, physical }: Omit<ShippingPromiseInput, 'now' | 'leadHours'>): boolean {
  return physical && availability.status !== 'disable' && delivery?.undefined !== 'true' && !isUnknownDelivery(availability);
}

export function shippingPromise({ availability, delivery, physical, now, leadHours = ORDER_BY_LEAD_HOURS }: ShippingPromiseInput): ShippingPromise {
  if (!physical || availability.status === 'disable' || delivery?.undefined === 'true') return { kind: 'hidden' };
  if (isUnknownDelivery(availability)) return { kind: 'unknown' };
  const time: Partial<ShippingTime> = availability.shipping_time ?? {};
  const deadline = minutesOfDay(time.today_shipment_deadline ?? '');
  const nowMinutes = now ? now.getHours() * 60 + now.getMinutes() : null;
  if (time.today === 'true' && deadline !== null && (nowMinutes === null || nowMinutes < deadline)) {
    const left = nowMinutes === null ? null : deadline - nowMinutes;
    const orderWithin = left !== null && left <= leadHours * 60 ? { hours: Math.floor(left / 60), minutes: left % 60 } : null;
    return { kind: 'today', deadline: time.today_shipment_deadline!, orderWithin };
  }
  const days = Math.max(1, Math.ceil(Number(time.days) || 0));
  if (days > MONTHS_AFTER_DAYS) return { kind: 'months', months: Math.ceil(days / DAYS_PER_MONTH) };
  return { kind: 'days', days };
}

export type ShippingCostLabel = { kind: 'hidden' } | { kind: 'free' } | { kind: 'from'; cost: string };

/**
 * Shipping cost 0 gives the free-shipping label; otherwise a from-cost label. "From" is the
 * cheapest courier's cost once the couriers for the size and quantity are known (issue 34,
 * point 10: never above a courier the delivery box lists), the size's shipping cost before.
 */
export function shippingCostLabel(
  delivery: Pick<SizeDelivery, 'shipping' | 'shipping_formatted' | 'undefined'> | null | undefined,
  physical: boolean,
  couriers: ReadonlyArray<{ cost: { value: number; formatted: string } }> = [],
): ShippingCostLabel {
  if (!physical || !delivery || delivery.undefined === 'true') return { kind: 'hidden' };
  const cheapest = couriers.reduce<{ value: number; formatted: string } | null>((best, option) => (best === null || option.cost.value < best.value ? option.cost : best), null);
  const cost = cheapest ?? { value: delivery.shipping, formatted: delivery.shipping_formatted };
  return cost.value === 0 ? { kind: 'free' } : { kind: 'from', cost: cost.formatted };
}
