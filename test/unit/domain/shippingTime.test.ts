import fc from 'fast-check';
import { isPhysical } from '../../../src/domain/productOffer';
import type { ShippingTime, SizeAvailability, SizeDelivery } from '../../../src/api/wire';
import {
  DAYS_PER_MONTH,
  isUnknownDelivery,
  MONTHS_AFTER_DAYS,
  minutesOfDay,
  ORDER_BY_LEAD_HOURS,
  shippingCostLabel,
  shippingPromise,
  type ShippingPromiseInput,
} from '../../../src/domain/shippingTime';

/** A local wall-clock time on a fixed day: the promise reads the shop's local hours. */
const at = (hours: number, minutes = 0) => new Date(2026, 10, 23, hours, minutes, 0, 0);

function time(overrides: Partial<ShippingTime> = {}): ShippingTime {
  return {
    days: 2,
    hours: 0,
    minutes: 0,
    week_day: 3,
    week_amount: 0,
    today: 'false',
    time: '2026-11-25',
    today_shipment_deadline: '14:00',
    unknown_time: 'false',
    ...overrides,
  };
}

type Availability = ShippingPromiseInput['availability'];

function availability(overrides: Partial<SizeAvailability> = {}, shipping: Partial<ShippingTime> = {}): Availability {
  return {
    status: 'enable',
    delivery_days_undefined: 'false',
    delay_time: { unknown_delivery_time: 'false' },
    shipping_time: time(shipping),
    ...overrides,
  };
}

const delivery = (overrides: Partial<SizeDelivery> = {}): SizeDelivery => ({ shipping: 6.9, shipping_formatted: '6,90 €', undefined: 'false', ...overrides });

function promise(input: Partial<ShippingPromiseInput> = {}) {
  return shippingPromise({ availability: availability(), delivery: delivery(), physical: true, now: at(9), ...input });
}

describe('shipping time constants (spec section 9)', () => {
  it('order-by lead of 3 hours; months above 29 days; 30 days a month', () => {
    expect(ORDER_BY_LEAD_HOURS).toBe(3);
    expect(MONTHS_AFTER_DAYS).toBe(29);
    expect(DAYS_PER_MONTH).toBe(30);
  });
});

describe('minutesOfDay', () => {
  it.each([
    ['14:00', 840],
    ['00:00', 0],
    ['9:05', 545],
    [' 23:59 ', 1439],
  ])('reads %p as %p minutes since midnight', (text, minutes) => {
    expect(minutesOfDay(text)).toBe(minutes);
  });

  it.each(['24:00', '12:60', '1400', '', '14:0', 'ab:cd', '14:00:00'])('gives null for %p', (text) => {
    expect(minutesOfDay(text)).toBeNull();
  });
});

describe('shippingPromise', () => {
  describe('hidden', () => {
    it.each(['product_virtual', 'product_service'] as const)('for a %s product (not physical)', (type) => {
      expect(promise({ physical: isPhysical(type) })).toEqual({ kind: 'hidden' });
    });

    it('for an unavailable size (status disable)', () => {
      expect(promise({ availability: availability({ status: 'disable' }) })).toEqual({ kind: 'hidden' });
    });

    it('when the delivery is undefined', () => {
      expect(promise({ delivery: delivery({ undefined: 'true' }) })).toEqual({ kind: 'hidden' });
    });

    it('hidden wins over an unknown delivery time', () => {
      expect(promise({ physical: false, availability: availability({ delivery_days_undefined: 'true' }) })).toEqual({ kind: 'hidden' });
    });
  });

  describe('unknown delivery time (status order with unknown delivery)', () => {
    it('from delay_time.unknown_delivery_time', () => {
      const a = availability({ status: 'order', delay_time: { unknown_delivery_time: 'true' } });
      expect(isUnknownDelivery(a)).toBe(true);
      expect(promise({ availability: a })).toEqual({ kind: 'unknown' });
    });

    it('from delivery_days_undefined', () => {
      expect(promise({ availability: availability({ status: 'order', delivery_days_undefined: 'true' }) })).toEqual({ kind: 'unknown' });
    });

    it('from shipping_time.unknown_time', () => {
      expect(promise({ availability: availability({ status: 'order' }, { unknown_time: 'true' }) })).toEqual({ kind: 'unknown' });
    });

    it('a missing delivery object does not hide the promise', () => {
      expect(promise({ delivery: null, availability: availability({ delivery_days_undefined: 'true' }) })).toEqual({ kind: 'unknown' });
      expect(promise({ delivery: undefined })).toEqual({ kind: 'days', days: 2 });
    });

    it('a known delivery time is not unknown', () => {
      expect(isUnknownDelivery(availability())).toBe(false);
    });
  });

  describe('today', () => {
    const today = availability({}, { today: 'true', days: 0, today_shipment_deadline: '14:00' });

    it('before the deadline and more than 3 hours ahead: no countdown', () => {
      expect(promise({ availability: today, now: at(9) })).toEqual({ kind: 'today', deadline: '14:00', orderWithin: null });
      expect(promise({ availability: today, now: at(10, 59) })).toEqual({ kind: 'today', deadline: '14:00', orderWithin: null });
    });

    it('exactly 3 hours before the deadline the countdown starts', () => {
      expect(promise({ availability: today, now: at(11) })).toEqual({ kind: 'today', deadline: '14:00', orderWithin: { hours: 3, minutes: 0 } });
    });

    it('counts down in hours and minutes within the last 3 hours', () => {
      expect(promise({ availability: today, now: at(12, 15) })).toEqual({ kind: 'today', deadline: '14:00', orderWithin: { hours: 1, minutes: 45 } });
      expect(promise({ availability: today, now: at(13, 59) })).toEqual({ kind: 'today', deadline: '14:00', orderWithin: { hours: 0, minutes: 1 } });
    });

    it('honours another lead time', () => {
      expect(promise({ availability: today, now: at(9), leadHours: 6 })).toEqual({ kind: 'today', deadline: '14:00', orderWithin: { hours: 5, minutes: 0 } });
      expect(promise({ availability: today, now: at(12), leadHours: 1 })).toEqual({ kind: 'today', deadline: '14:00', orderWithin: null });
    });

    it('before the shopper\u2019s clock is known (the page drawn by the server), the data\u2019s "ships today" stands, without a countdown', () => {
      expect(promise({ availability: today, now: null })).toEqual({ kind: 'today', deadline: '14:00', orderWithin: null });
      expect(promise({ availability: today, now: null, leadHours: 24 })).toEqual({ kind: 'today', deadline: '14:00', orderWithin: null });
    });

    it('at or after the deadline it is no longer today: it ships in at least one day', () => {
      expect(promise({ availability: today, now: at(14) })).toEqual({ kind: 'days', days: 1 });
      expect(promise({ availability: today, now: at(18, 30) })).toEqual({ kind: 'days', days: 1 });
    });

    it('without a readable deadline it is not today', () => {
      const noDeadline = availability({}, { today: 'true', days: 1, today_shipment_deadline: '' });
      expect(promise({ availability: noDeadline, now: at(9) })).toEqual({ kind: 'days', days: 1 });
    });

    it('today=false is never today, even before the deadline', () => {
      expect(promise({ availability: availability({}, { today: 'false', days: 3 }), now: at(9) })).toEqual({ kind: 'days', days: 3 });
    });
  });

  describe('days and months', () => {
    const inDays = (days: number) => promise({ availability: availability({}, { days }) });

    it('ships in N days', () => {
      expect(inDays(1)).toEqual({ kind: 'days', days: 1 });
      expect(inDays(5)).toEqual({ kind: 'days', days: 5 });
    });

    it('at least one day; fractional days round up', () => {
      expect(inDays(0)).toEqual({ kind: 'days', days: 1 });
      expect(inDays(2.5)).toEqual({ kind: 'days', days: 3 });
    });

    it('29 days stays in days', () => {
      expect(inDays(29)).toEqual({ kind: 'days', days: 29 });
    });

    it('30 days gives 1 month', () => {
      expect(inDays(30)).toEqual({ kind: 'months', months: 1 });
    });

    it('months are rounded up: 60 days -> 2, 61 days -> 3', () => {
      expect(inDays(60)).toEqual({ kind: 'months', months: 2 });
      expect(inDays(61)).toEqual({ kind: 'months', months: 3 });
    });
  });

  describe('properties', () => {
    it('a physical product with days 1..29 and today=false ships in exactly those days', () => {
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 29 }), fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), (days, h, m) => {
          expect(promise({ availability: availability({}, { days, today: 'false' }), now: at(h, m) })).toEqual({ kind: 'days', days });
        }),
      );
    });

    it('months are at least 1 and cover the days (months * 30 >= days)', () => {
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 5000 }), (days) => {
          const result = promise({ availability: availability({}, { days, today: 'false' }) });
          if (result.kind === 'months') {
            expect(days).toBeGreaterThan(MONTHS_AFTER_DAYS);
            expect(result.months).toBeGreaterThanOrEqual(1);
            expect(result.months * DAYS_PER_MONTH).toBeGreaterThanOrEqual(days);
            // ... and no more months than needed.
            expect((result.months - 1) * DAYS_PER_MONTH).toBeLessThan(days);
          } else {
            expect(result).toEqual({ kind: 'days', days });
            expect(days).toBeLessThanOrEqual(MONTHS_AFTER_DAYS);
          }
        }),
      );
    });

    it('a countdown never exceeds the lead time and is only given before the deadline', () => {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.integer({ min: 0, max: 1439 }), (h, m, deadlineMinutes) => {
          const deadline = `${Math.floor(deadlineMinutes / 60)}:${String(deadlineMinutes % 60).padStart(2, '0')}`;
          const result = promise({ availability: availability({}, { today: 'true', days: 1, today_shipment_deadline: deadline }), now: at(h, m) });
          const now = h * 60 + m;
          if (now < deadlineMinutes) {
            expect(result.kind).toBe('today');
            if (result.kind === 'today' && result.orderWithin) {
              const left = result.orderWithin.hours * 60 + result.orderWithin.minutes;
              expect(left).toBe(deadlineMinutes - now);
              expect(left).toBeLessThanOrEqual(ORDER_BY_LEAD_HOURS * 60);
              expect(result.orderWithin.minutes).toBeLessThan(60);
            } else {
              expect(deadlineMinutes - now).toBeGreaterThan(ORDER_BY_LEAD_HOURS * 60);
            }
          } else {
            expect(result).toEqual({ kind: 'days', days: 1 });
          }
        }),
      );
    });
  });
});

describe('shippingCostLabel', () => {
  it('shipping 0 gives the free-shipping label', () => {
    expect(shippingCostLabel(delivery({ shipping: 0, shipping_formatted: '0,00 €' }), true)).toEqual({ kind: 'free' });
  });

  it('otherwise a from-cost label with the formatted cost', () => {
    expect(shippingCostLabel(delivery({ shipping: 6.9, shipping_formatted: '6,90 €' }), true)).toEqual({ kind: 'from', cost: '6,90 €' });
  });

  it('"from" is the cheapest courier once the couriers are known (issue 34, point 10: not 6,90 € beside a courier at 4,90 €)', () => {
    const courier = (value: number, formatted: string) => ({ cost: { value, formatted } });
    const couriers = [courier(6.9, '6,90 €'), courier(5.9, '5,90 €'), courier(4.9, '4,90 €'), courier(9.9, '9,90 €')];
    expect(shippingCostLabel(delivery({ shipping: 6.9, shipping_formatted: '6,90 €' }), true, couriers)).toEqual({ kind: 'from', cost: '4,90 €' });
    // Free with one of them (free shipping reached): the free-shipping label.
    expect(shippingCostLabel(delivery({ shipping: 6.9, shipping_formatted: '6,90 €' }), true, [courier(0, '0,00 €'), courier(8.9, '8,90 €')])).toEqual({ kind: 'free' });
  });

  it('hidden for virtual/service products, an undefined delivery, or no delivery data', () => {
    expect(shippingCostLabel(delivery({ shipping: 0 }), false)).toEqual({ kind: 'hidden' });
    expect(shippingCostLabel(delivery({ undefined: 'true' }), true)).toEqual({ kind: 'hidden' });
    expect(shippingCostLabel(null, true)).toEqual({ kind: 'hidden' });
    expect(shippingCostLabel(undefined, true)).toEqual({ kind: 'hidden' });
  });
});
