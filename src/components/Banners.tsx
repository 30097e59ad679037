import { useMemo } from 'react';
import { useTranslation } from '../i18n/react';
import { flowMatches, flowSend } from '../../store/flowsSlice';
import { useAppDispatch, useAppSelector, useFlow } from '../../store/hooks';
import { BANNERS_FLOW } from '../../machines/banners';
import { bannersToShow, type BannerId } from '../domain/banners';
import '../styles/forms.css';

const TEXT_KEYS: Record<BannerId, string> = { discount_code: 'forms.banners.discount', free_shipping: 'forms.banners.freeShipping' };
const NAME_KEYS: Record<BannerId, string> = { discount_code: 'forms.banners.discountName', free_shipping: 'forms.banners.freeShippingName' };

/**
 * The banners to show: those not dismissed (until the flow has read the dismissal cookies, the
 * server's reading of the same cookies, drawn with the page, decides; with neither, none); the
 * free-shipping one only while it tells what the snippet bar does not (missing or reached).
 */
export function useShownBanners(): BannerId[] {
  const flow = useFlow<{ dismissed: string[] }>(BANNERS_FLOW);
  const serverDismissed = useAppSelector((state) => state.shopData.dismissedBanners);
  const basket = useAppSelector((state) => state.basket.summary);
  const hasCode = useAppSelector((state) => state.shopData.shop.discountCode !== null);
  const dismissed = flow && flowMatches(flow, 'shown') ? flow.context.dismissed : serverDismissed;
  // No discount code in the shop's settings: no discount banner.
  return useMemo(() => (dismissed ? bannersToShow(dismissed, basket).filter((id) => hasCode || id !== 'discount_code') : []), [dismissed, basket, hasCode]);
}

/**
 * The dismissible banners (brake-shop spec sections 2 and 4): a discount code and free
 * shipping. Each one's close button removes it and remembers that for a day (a cookie).
 */
export function Banners() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const shown = useShownBanners();
  const basket = useAppSelector((state) => state.basket.summary);
  // The code, its discount and the threshold are the shop's settings (the owner's, in the back office).
  const shop = useAppSelector((state) => state.shopData.shop);
  if (!shown.length) return null;
  // The free-shipping banner follows the basket: reached, or what is still missing.
  const text = (id: BannerId) => {
    if (id === 'free_shipping' && basket) {
      return basket.toShippingFree === 0 ? t('basket.freeShipping') : t('basket.toFreeShipping', { amount: basket.toShippingFree_formatted });
    }
    return t(TEXT_KEYS[id], { code: shop.discountCode ?? '', percent: shop.discountPercent, amount: shop.freeShippingFrom });
  };
  return (
    <div className="banners">
      {shown.map((id) => (
        <div key={id} className={`banner banner--${id}`} data-banner={id}>
          <p className="banner__text">{text(id)}</p>
          <button type="button" className="banner__close" aria-label={t('forms.banners.close', { name: t(NAME_KEYS[id]) })} onClick={() => dispatch(flowSend({ id: BANNERS_FLOW, event: { type: 'DISMISS', id } }))}>
            <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
              <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      ))}
    </div>
  );
}
