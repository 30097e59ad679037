import { useTranslation } from '../i18n/react';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { flowMatches, flowSend } from '../../store/flowsSlice';
import type { MiniBasketContext } from '../../machines/miniBasket';
import { lineKey, miniBasketView } from '../domain/miniBasket';
import '../styles/basket.css';
import { PriceText } from './PriceText';
import { SidePanel } from './SidePanel';
import { useLocalPath } from './useLocalPath';
import { selectPriceType } from '../../store/shopDataSlice';
import { thumbnailImage } from '../domain/thumbnails';

const FLOW = 'miniBasket';

/**
 * The mini basket (top basket): a side panel (SidePanel.tsx) with the basket's products, total,
 * shipping and the way to the basket page. Full rows below 10 products, a compact list from 10,
 * no list above 22. The machine decides when it is open.
 */
export function MiniBasket() {
  const { t } = useTranslation();
  const local = useLocalPath();
  const dispatch = useAppDispatch();
  const flow = useAppSelector((state) => state.flows[FLOW] as (typeof state.flows)[string] & { context: MiniBasketContext });
  const basket = useAppSelector((state) => state.basket.summary);
  // Net prices when the shop's price type is net: worth_net_formatted, shippingCost_net_formatted.
  const net = useAppSelector(selectPriceType) === 'net';
  const open = flowMatches(flow, 'open');
  const send = (event: { type: string; [key: string]: unknown }) => dispatch(flowSend({ id: FLOW, event }));

  const view = miniBasketView(basket?.productsCounter ?? 0);
  const removing = flow?.context.removing ?? [];
  return (
    <SidePanel open={open} title={t('miniBasket.title')} titleId="mini-basket-title" closeLabel={t('miniBasket.close')} onClose={() => send({ type: 'CLOSE' })} block="mini-basket">
      {basket ? (
        <>
          <p className="mini-basket__count">{t('miniBasket.products', { count: basket.productsCounter })}</p>
          {basket.withdrawn?.length ? (
            // Lines a catalogue import took away: named and dismissed on the basket page.
            <p className="mini-basket__withdrawn">
              <a href={local('/basketedit.php')}>{t('basket.withdrawnNote', { count: basket.withdrawn.length })}</a>
            </p>
          ) : null}
          {view === 'full' || view === 'list' ? (
            <ul className={`mini-basket__lines mini-basket__lines--${view}`}>
              {basket.products.map((line) => {
                const key = lineKey(line);
                const busy = removing.includes(key);
                return (
                  <li key={key} className="mini-basket__line" aria-busy={busy || undefined}>
                    {view === 'full' ? <img {...thumbnailImage(line.icon, 48)} alt="" width="48" height="48" loading="lazy" /> : null}
                    <span className="mini-basket__name">
                      <a href={local(line.link)}>{line.name}</a>
                      {line.size_name && line.size !== 'uniw' ? <small> · {line.size_name}</small> : null}
                      {line.vehicle ? <small className="basket-vehicle">{t('fit.forVehicle', { vehicle: line.vehicle.label })}</small> : null}
                    </span>
                    <span className="mini-basket__qty">× {String(line.count).replace('.', ',')}</span>
                    <strong className="mini-basket__worth">
                      <PriceText amount={line.worth_unit} formatted={net ? line.prices.worth_net_formatted : line.prices.worth_gros_formatted} net={net} />
                    </strong>
                    <button type="button" className="mini-basket__remove" disabled={busy} aria-label={t('miniBasket.remove', { name: line.name })} onClick={() => send({ type: 'REMOVE', key })}>
                      {busy ? (
                        t('miniBasket.removing')
                      ) : (
                        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                          <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
                        </svg>
                      )}
                    </button>
                  </li>
                );
              })}
            </ul>
          ) : null}
          <dl className="mini-basket__totals">
            <dt>{t('miniBasket.shipping')}</dt>
            <dd>{net ? t('shop.netPrice', { amount: basket.shippingCost_net_formatted }) : basket.shippingCost_formatted}</dd>
            <dt>{t('miniBasket.total')}</dt>
            <dd className="mini-basket__total">{net ? t('shop.netPrice', { amount: basket.worth_net_formatted }) : basket.worth_formatted}</dd>
          </dl>
          <p className={`free-shipping${basket.toShippingFree === 0 ? ' free-shipping--active' : ''}`}>
            {basket.toShippingFree === 0 ? t('basket.freeShipping') : t('basket.toFreeShipping', { amount: basket.toShippingFree_formatted })}
          </p>
          <div className="mini-basket__actions">
            <button type="button" className="button button--ghost" onClick={() => send({ type: 'CLOSE' })}>
              {t('miniBasket.back')}
            </button>
            <a className="button" href={local('/basketedit.php')}>
              {t('miniBasket.goToBasket')}
            </a>
            {basket.products.length > 0 ? (
              <a className="button button--primary" href={local('/checkout.php')}>
                {t('miniBasket.checkout')}
              </a>
            ) : null}
          </div>
        </>
      ) : null}
    </SidePanel>
  );
}
