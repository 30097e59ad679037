import { useTranslation } from '../i18n/react';
import type { InstalmentParams } from '../api/wire';
import { formatPrice } from '../domain/priceMask';
import { instalmentCheck, type InstalmentInput } from '../domain/instalments';
import { useLocalPath } from './useLocalPath';

/**
 * The instalment calculator (brake-shop spec, section 4), on the product and basket pages:
 * allowed only between minPrice and maxPrice (net prices with the net suffix); otherwise the
 * message for the minimum or maximum not met, too many products, or products not allowing it.
 */
export function InstalmentOffer({ params, input, headingId, linkTo }: { params: InstalmentParams; input: InstalmentInput; headingId: string; linkTo?: string }) {
  const { t } = useTranslation();
  const local = useLocalPath();
  const amount = (value: number) => (params.priceType === 'net' ? t('instalments.netSuffix', { amount: formatPrice(value) }) : formatPrice(value));
  const check = instalmentCheck(input, params);
  return (
    <section className="instalments" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('instalments.title')}</h2>
      {check === 'allowed' ? (
        <p>
          {t('instalments.available', { name: params.instalmentName, min: amount(params.minPrice), max: amount(params.maxPrice) })}{' '}
          <a href={local(linkTo ?? params.link)} data-instalment-link={linkTo ? 'basket' : 'direct'}>
            {t('instalments.calculate')}
          </a>
        </p>
      ) : null}
      {check === 'belowMin' ? <p>{t('instalments.belowMin', { min: amount(params.minPrice) })}</p> : null}
      {check === 'aboveMax' ? <p>{t('instalments.aboveMax', { max: amount(params.maxPrice) })}</p> : null}
      {check === 'tooManyProducts' ? <p>{t('instalments.tooManyProducts')}</p> : null}
      {check === 'notAllProducts' ? <p>{t('instalments.notAllProducts')}</p> : null}
    </section>
  );
}
