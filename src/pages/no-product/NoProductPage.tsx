import { useTranslation } from '../../i18n/react';
import { useLocalPath } from '../../components/useLocalPath';
import { useAppSelector } from '../../../store/hooks';
import { CATEGORY_LINKS } from '../../components/categoryLinks';
import itNotFound from '../../i18n/it.notFound';
import { addPageTexts } from '../../i18n/runtime';

// This page's own texts join the catalogue with its chunk.
addPageTexts(itNotFound);

/**
 * The not-found page (status 404, noindex): unknown products and every unknown page address
 * land here, in the shop's layout, with a search box that works without the script (it submits
 * to /search.php, which the server answers with results) and the links to the categories.
 */
export default function NoProductPage() {
  const { t } = useTranslation();
  const local = useLocalPath();
  // A product's address (or the platform's own no-product page) says the product is not found; any other, the page.
  const product = /^\/(product-|noproduct\.php$)/.test(useAppSelector((state) => state.page.location?.path ?? ''));
  return (
    <div className="page page--no-product">
      <h1>{t(product ? 'noProduct.title' : 'noProduct.pageTitle')}</h1>
      <p className="lead">{t(product ? 'noProduct.lead' : 'noProduct.pageLead')}</p>
      <form className="not-found__search" action={local('/search.php')} method="get" role="search" aria-label={t('noProduct.searchLabel')}>
        <label>
          <span className="not-found__label">{t('noProduct.searchLabel')}</span> <input type="search" name="text" maxLength={120} required />
        </label>{' '}
        <button type="submit" className="button">
          {t('noProduct.searchSubmit')}
        </button>
      </form>
      <nav aria-labelledby="not-found-categories">
        <h2 id="not-found-categories">{t('noProduct.categories')}</h2>
        <ul className="not-found__categories">
          {CATEGORY_LINKS.map((link) => (
            <li key={link.href}>
              <a href={local(link.href)}>{t(link.label)}</a>
            </li>
          ))}
        </ul>
      </nav>
      <a className="button" href={local('/main.php')}>
        {t('noProduct.home')}
      </a>
    </div>
  );
}
