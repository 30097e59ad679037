import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../store/hooks';

/** The site header: logo, search, basket with its badge, the chosen vehicle's slot. */
export function Header() {
  const { t } = useTranslation();
  const basket = useAppSelector((state) => state.basket.summary);
  const query = useAppSelector((state) => state.page.location?.query.text ?? '');
  const count = basket?.productsCounter ?? 0;
  return (
    <header className="site-header">
      <a className="skip-link" href="#content">
        {t('shop.skipToContent')}
      </a>
      <div className="site-header__bar">
        <a className="logo" href="/main.php" aria-label={`${t('shop.name')} – ${t('shop.tagline')}`}>
          <svg className="logo__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
            <rect width="32" height="32" rx="7" fill="#c8102e" />
            <circle cx="16" cy="16" r="10" fill="none" stroke="#fff" strokeWidth="3" />
            <circle cx="16" cy="16" r="3.5" fill="#fff" />
          </svg>
          <span className="logo__text">
            Freni<strong>Shop</strong>
          </span>
        </a>
        <form className="search-box" role="search" action="/search.php" method="get">
          <label className="visually-hidden" htmlFor="search-text">
            {t('header.searchLabel')}
          </label>
          <input id="search-text" name="text" type="search" defaultValue={query} placeholder={t('header.searchPlaceholder')} autoComplete="off" />
          <button type="submit" className="search-box__submit">
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.4" />
              <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
            </svg>
            <span className="visually-hidden">{t('header.searchSubmit')}</span>
          </button>
        </form>
        <a className="basket-link" href="/basketedit.php">
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
      <nav className="category-nav" aria-label={t('header.mainNav')}>
        <ul>
          <li>
            <a href="/search.php?traits_alt[24]=148728">{t('footer.links.pads')}</a>
          </li>
          <li>
            <a href="/search.php?traits_alt[24]=151538">{t('footer.links.discs')}</a>
          </li>
          <li>
            <a href="/search.php?traits_alt[24]=154315">{t('footer.links.kits')}</a>
          </li>
          <li>
            <a href="/brakes.php">{t('footer.links.brakes')}</a>
          </li>
        </ul>
      </nav>
    </header>
  );
}
