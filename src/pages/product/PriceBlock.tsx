import { useTranslation } from '../../i18n/react';
import { useAppSelector } from '../../../store/hooks';
import type { BundlePrice, ProductPageData, SizePrices } from '../../api/wire';
import { formatPrice } from '../../domain/priceMask';
import { bundleSaving, hasReduction, priceView } from '../../domain/productOffer';

interface Props {
  product: ProductPageData;
  sizeId: string;
  prices: SizePrices;
  bundle?: BundlePrice;
  freeLabel: boolean;
}

/**
 * The price of the chosen size under the page's price type: the price (or the phone-price
 * text for a price of zero), crossed-out reference prices with the saving and the lowest
 * price of the last 30 days, points, advance and the bundle's saving.
 */
export function PriceBlock({ product, sizeId, prices, bundle, freeLabel }: Props) {
  const { t } = useTranslation();
  const view = priceView(prices, product.price_type);
  const lowest = useAppSelector((state) => state.product.lowestPrice[sizeId]);
  const saving = bundleSaving(bundle, product.price_type);
  const suffix = t(view.net ? 'buy.net' : 'buy.gross');
  return (
    <div className="price-block">
      {view.phonePrice ? (
        freeLabel ? (
          <p className="price-block__price">
            <span className="badge--free">{t('buy.free')}</span>
          </p>
        ) : view.points > 0 ? (
          <p className="price-block__points">{t('buy.points', { points: view.points })}</p>
        ) : (
          <p className="price-block__phone">{t('buy.phonePrice')}</p>
        )
      ) : (
        <>
          <p className="price-block__price">
            <strong>{view.formatted}</strong> <small>{suffix}</small>
          </p>
          {view.srp || view.maxprice ? (
            <p className="price-block__was">
              {view.maxprice ? (
                <span>
                  {t('buy.maxprice')}: <s>{view.maxprice}</s>
                </span>
              ) : null}
              {view.srp ? (
                <span>
                  {t('buy.srp')}: <s>{view.srp}</s>
                </span>
              ) : null}
            </p>
          ) : null}
          {view.yousave ? <p className="price-block__save">{t('buy.youSave', { amount: formatPrice(view.yousave.amount), percent: view.yousave.percent })}</p> : null}
          {hasReduction(view) && lowest ? <p className="price-block__lowest">{t('buy.lowestPrice', { price: lowest.formatted })}</p> : null}
          {view.advance ? (
            <p className="price-block__advance">
              {t('buy.advance')}: {view.advance}
            </p>
          ) : null}
          {saving ? <p className="price-block__save">{t('buy.bundleSaving', { amount: formatPrice(saving.amount), percent: saving.percent })}</p> : null}
        </>
      )}
      {view.pointsReceived > 0 && !view.phonePrice ? <p className="price-block__earn">{t('buy.pointsReceived', { points: view.pointsReceived })}</p> : null}
    </div>
  );
}
