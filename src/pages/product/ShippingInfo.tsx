import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import type { ShippingOption, SizeAvailability, SizeDelivery } from '../../api/wire';
import { ORDER_BY_LEAD_HOURS, shippingCostLabel, shippingPromise } from '../../domain/shippingTime';

const MINUTE_MS = 60_000;

/**
 * The shipping promise and cost of the chosen size; the "order within" countdown starts the
 * page's order-by lead time (the shop's setting, with the page data) before the deadline and
 * ticks each minute.
 */
export function ShippingInfo({
  availability,
  delivery,
  physical,
  leadHours = ORDER_BY_LEAD_HOURS,
  couriers = [],
}: {
  availability: SizeAvailability;
  delivery: SizeDelivery;
  physical: boolean;
  leadHours?: number;
  /** The couriers the delivery box lists for this size and quantity, when known: "from" is the cheapest. */
  couriers?: readonly ShippingOption[];
}) {
  const { t } = useTranslation();
  // The server does not know the shopper's clock: the first render (server and hydration alike)
  // shows the data's promise, the countdown starts once mounted.
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    setNow(new Date());
    const timer = window.setInterval(() => setNow(new Date()), MINUTE_MS);
    return () => window.clearInterval(timer);
  }, []);
  const promise = shippingPromise({ availability, delivery, physical, now, leadHours });
  const cost = shippingCostLabel(delivery, physical && promise.kind !== 'unknown' && promise.kind !== 'hidden', couriers);
  if (promise.kind === 'hidden') return null;
  return (
    <div className="shipping-info">
      {promise.kind === 'unknown' ? <p className="shipping-info__unknown">{t('buy.unknownShipping')}</p> : null}
      {promise.kind === 'today' ? (
        <p className="shipping-info__when">
          {promise.orderWithin ? t('buy.orderWithin', promise.orderWithin) : t('buy.shipsToday', { deadline: promise.deadline })}
        </p>
      ) : null}
      {promise.kind === 'days' ? <p className="shipping-info__when">{t('buy.shipsInDays', { count: promise.days })}</p> : null}
      {promise.kind === 'months' ? <p className="shipping-info__when">{t('buy.shipsInMonths', { count: promise.months })}</p> : null}
      {cost.kind === 'free' ? <p className="shipping-info__cost shipping-info__cost--free">{t('buy.freeShipping')}</p> : null}
      {cost.kind === 'from' ? <p className="shipping-info__cost">{t('buy.shippingFrom', { cost: cost.cost })}</p> : null}
    </div>
  );
}
