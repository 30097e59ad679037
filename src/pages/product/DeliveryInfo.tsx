import { useTranslation } from '../../i18n/react';
import { useAppSelector } from '../../../store/hooks';
import type { ProductPageData, ShippingOption } from '../../api/wire';
import { selectChosenOffer } from '../../../store/productSelectors';
import { showsShippingInfo } from '../../domain/shippingTime';
import { isPhysical } from '../../domain/productOffer';

/**
 * The delivery info box: couriers in two groups, prepaid and pay-on-delivery, with cost and time.
 * Not shown where the chosen size shows no shipping information (an "order" status with an
 * unknown delivery time hides it on the whole page: storefront spec, section 4).
 */
export function DeliveryInfo({ product }: { product: ProductPageData }) {
  const { t } = useTranslation();
  const shipping = useAppSelector((state) => state.product.shipping);
  const offer = useAppSelector(selectChosenOffer);
  if (shipping.status === 'idle') return null;
  if (offer && !showsShippingInfo({ availability: offer.availability, delivery: offer.delivery, physical: isPhysical(product.product_type) })) return null;
  const groups: Array<[string, ShippingOption[]]> = [
    ['buy.prepaid', shipping.options.filter((o) => o.prepaid === 'prepaid')],
    ['buy.payOnDelivery', shipping.options.filter((o) => o.prepaid === 'dvp')],
  ];
  return (
    <section className="delivery-info" aria-labelledby="delivery-info-title" aria-busy={shipping.status === 'loading' || undefined}>
      <h2 id="delivery-info-title">{t('buy.deliveryTitle')}</h2>
      {shipping.status === 'failed' ? <p>{t('buy.deliveryFailed')}</p> : null}
      {shipping.status === 'loading' && !shipping.options.length ? <p>{t('buy.deliveryLoading')}</p> : null}
      {groups.map(([title, options]) =>
        options.length ? (
          <div key={title} className="delivery-info__group">
            <h3>{t(title)}</h3>
            <ul>
              {options.map((option) => (
                <li key={option.courier.name + option.prepaid}>
                  <img src={option.courier.icon} alt="" width="32" height="20" loading="lazy" />
                  <span className="delivery-info__name">{option.courier.name}</span>
                  <span className="delivery-info__time">{t('buy.deliveryDays', { count: option.deliveryTime.time.days })}</span>
                  <strong className="delivery-info__cost">{option.cost.value === 0 ? t('buy.freeShipping') : option.cost.formatted}</strong>
                </li>
              ))}
            </ul>
          </div>
        ) : null,
      )}
    </section>
  );
}
