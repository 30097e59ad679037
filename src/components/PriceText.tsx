import { useTranslation } from '../i18n/react';
import { showsPhonePriceText } from '../domain/productOffer';

/**
 * A price as a list, the live search, the finder, the mini basket or a comparison shows it: a
 * price of zero shows the phone-price text instead (brake-shop spec, section 5); a net price (the
 * shop's price type, section 6) says it is net. Shared by every place that shows a price outside
 * the product page's own price block.
 */
export function PriceText({ amount, formatted, net = false, className }: { amount: number | null | undefined; formatted: string; net?: boolean; className?: string }) {
  const { t } = useTranslation();
  const phone = showsPhonePriceText(amount);
  return (
    <span className={[className, phone ? 'price--phone' : ''].filter(Boolean).join(' ') || undefined} data-phone-price={phone || undefined}>
      {phone ? t('shop.phonePrice') : net ? t('shop.netPrice', { amount: formatted }) : formatted}
    </span>
  );
}
