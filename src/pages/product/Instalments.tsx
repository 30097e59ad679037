import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../store/hooks';
import { formatPrice } from '../../domain/priceMask';
import { instalmentCheck } from '../../domain/instalments';

/**
 * The instalment calculator (brake-shop spec, section 4): buying in instalments is allowed only
 * between minPrice and maxPrice; outside them a message says to raise or lower the quantity.
 */
export function Instalments() {
  const { t } = useTranslation();
  const params = useAppSelector((state) => state.product.instalment);
  if (!params) return null;
  const amount = (value: number) => (params.priceType === 'net' ? t('instalments.netSuffix', { amount: formatPrice(value) }) : formatPrice(value));
  const check = instalmentCheck({ price: params.totalPrice, basketCount: 0, allProductsAllow: true }, params);
  return (
    <section className="instalments" aria-labelledby="instalments-title">
      <h2 id="instalments-title">{t('instalments.title')}</h2>
      {check === 'allowed' ? (
        <p>
          {t('instalments.available', { name: params.instalmentName, min: amount(params.minPrice), max: amount(params.maxPrice) })}{' '}
          <a href={params.link}>{t('instalments.calculate')}</a>
        </p>
      ) : null}
      {check === 'belowMin' ? <p>{t('instalments.belowMin', { min: amount(params.minPrice) })}</p> : null}
      {check === 'aboveMax' ? <p>{t('instalments.aboveMax', { max: amount(params.maxPrice) })}</p> : null}
    </section>
  );
}
