import { useTranslation } from '../i18n/react';
import { categoryHref } from '../domain/listingLinks';
import { categoryPicture, visibleCategories, type CategoryRow } from './CategoryTiles';
import '../styles/compass.css';
import { useLocalPath } from './useLocalPath';

/**
 * The circular category "compass" (brake-shop spec section 2): the brake categories around a
 * centre that holds their total, each with its count; below it the promo categories (the same
 * categories, products on offer). On phones it is a plain list in the same order.
 */
export function CategoryCompass({ rows, engineId = null }: { rows: CategoryRow[]; engineId?: number | null }) {
  const { t } = useTranslation();
  const local = useLocalPath();
  // With the counts of a chosen engine, a category without its parts stays, disabled (as the home tiles).
  const brakes = visibleCategories(rows, true, engineId !== null);
  if (!brakes.length) return null;
  const total = brakes.reduce((sum, [, , count]) => sum + count, 0);
  return (
    <nav className="compass" aria-label={t('brakes.compass')}>
      <div className="compass__dial">
        <p className="compass__centre">
          <strong>{total}</strong>
          <span>{t('brakes.compassTotal')}</span>
        </p>
        <ul className="compass__items" style={{ ['--items' as string]: brakes.length }}>
          {brakes.map(([id, name, count], index) => (
            <li key={id} className="compass__item" data-count={count} style={{ ['--angle' as string]: `${(360 / brakes.length) * index - 90}deg` }}>
              {count === 0 ? (
                <span className="compass__link compass__link--disabled" data-disabled="true">
                  <img src={categoryPicture(id)} alt="" width="40" height="40" />
                  <span className="compass__name">{name}</span>
                  <span className="compass__count">{t('vehicle.noProductsForEngine')}</span>
                </span>
              ) : (
                <a className="compass__link" href={local(categoryHref(id, engineId !== null ? [['traits_alt[49]', engineId]] : []))}>
                  <img src={categoryPicture(id)} alt="" width="40" height="40" />
                  <span className="compass__name">{name}</span>
                  <span className="compass__count">{t('home.productsCount', { count })}</span>
                </a>
              )}
            </li>
          ))}
        </ul>
      </div>
      <div className="compass__promo">
        <h3>{t('brakes.promo')}</h3>
        <ul>
          {brakes.filter(([, , count]) => count > 0).map(([id, name]) => (
            <li key={id}>
              <a href={local(categoryHref(id, [['promo', 1], ...(engineId !== null ? [['traits_alt[49]', engineId] as const] : [])]))}>{name}</a>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
