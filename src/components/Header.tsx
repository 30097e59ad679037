import { useTranslation } from '../i18n/react';
import { HEADER_SLOT_ID, STICKY_HEADER_FLOW } from '../../store/actions';
import { flowMatches, flowSend } from '../../store/flowsSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { CATEGORY_LINKS } from './categoryLinks';
import { miniBasketShowable } from '../domain/miniBasket';
import { LiveSearch } from './LiveSearch';
import { SideMenu } from './SideMenu';
import { useLocalPath } from './useLocalPath';
import { lazy, Suspense } from 'react';

/** The garage's button loads for shoppers who keep a vehicle (issue 25), with its texts. */
const GarageButton = lazy(() => import(/* webpackChunkName: "garage-button" */ './GarageButton').then((module) => ({ default: module.GarageButton })));

/**
 * The site header: side menu button (phones), logo, live search, basket with its badge, the
 * category navigation. On desktop views it becomes fixed once scrolled past (the stickyHeader
 * flow); its place in the page is kept meanwhile so nothing below moves.
 */
export function Header() {
  const { t } = useTranslation();
  const local = useLocalPath();
  const dispatch = useAppDispatch();
  const basket = useAppSelector((state) => state.basket.summary);
  const sticky = useAppSelector((state) => state.flows[STICKY_HEADER_FLOW]);
  const fixed = flowMatches(sticky, 'fixed');
  const reserved = fixed ? (sticky?.context as { height: number }).height : undefined;
  const count = basket?.productsCounter ?? 0;
  const wishlist = useAppSelector((state) => state.basket.wishlistCount);
  const garageCount = useAppSelector((state) => state.vehicle.garage.vehicles.length);
  // The shop's name is its setting (the owner's, in the back office).
  const shopName = useAppSelector((state) => state.shopData.shop.name);
  return (
    <div id={HEADER_SLOT_ID} className="site-header-slot" style={reserved ? { height: reserved } : undefined}>
      <header className={fixed ? 'site-header site-header--fixed' : 'site-header'}>
        <a className="skip-link" href="#content">
          {t('shop.skipToContent')}
        </a>
        <div className="site-header__bar">
          <SideMenu />
          <a className="logo" href={local('/main.php')} aria-label={`${shopName} – ${t('shop.tagline')}`}>
            <svg className="logo__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
              <rect width="32" height="32" rx="7" fill="#c8102e" />
              <circle cx="16" cy="16" r="10" fill="none" stroke="#fff" strokeWidth="3" />
              <circle cx="16" cy="16" r="3.5" fill="#fff" />
            </svg>
            <span className="logo__text">
              Freni<strong>Shop</strong>
            </span>
          </a>
          <LiveSearch />
          <div className="header-actions">
            {wishlist > 0 ? (
              <span className="wishlist-count" role="img" aria-label={t('header.wishlistCount', { count: wishlist })}>
                <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
                </svg>
                <span aria-hidden="true">{wishlist}</span>
              </span>
            ) : null}
            {garageCount ? (
              <Suspense fallback={null}>
                <GarageButton />
              </Suspense>
            ) : null}
            <a
              className="basket-link"
              href={local('/basketedit.php')}
              aria-haspopup={miniBasketShowable(count) ? 'dialog' : undefined}
              onClick={(event) => {
                // The mini basket opens over the page when it may be shown; empty or above the hide threshold, the link leads to the basket page.
                if (!miniBasketShowable(count) || event.metaKey || event.ctrlKey || event.shiftKey) return;
                event.preventDefault();
                dispatch(flowSend({ id: 'miniBasket', event: { type: 'OPEN' } }));
              }}
            >
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M3 4h2.2l2.3 11h10.8L21 7H6.3" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
                <circle cx="9" cy="19.5" r="1.6" fill="currentColor" />
                <circle cx="17" cy="19.5" r="1.6" fill="currentColor" />
              </svg>
              <span className="basket-link__label">{t('header.basket')}</span>
              <span className="visually-hidden"> ({t('header.basketCount', { count })})</span>
              {count > 0 ? (
                <span className="badge" data-testid="basket-count" aria-hidden="true">
                  {count}
                </span>
              ) : null}
            </a>
          </div>
        </div>
        <nav className="category-nav" aria-label={t('header.mainNav')}>
          <ul>
            {CATEGORY_LINKS.map((link) => (
              <li key={link.href}>
                <a href={local(link.href)}>{t(link.label)}</a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
    </div>
  );
}
