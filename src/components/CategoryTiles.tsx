import { useTranslation } from 'react-i18next';
import { categoryIconUrl } from '../domain/brakes';

/** Brake category pictures (the configurator's icons); other categories get the fallback icon. */
export const CATEGORY_ICONS: Record<number, string> = {
  148728: categoryIconUrl('pastiglie.svg'),
  151538: categoryIconUrl('dischi.svg'),
  154315: categoryIconUrl('kit.svg'),
  156891: categoryIconUrl('kit-dischi.svg'),
  158346: categoryIconUrl('kit-completi.svg'),
};

/**
 * Category tiles from search-categories rows [id, name, count]: active with products,
 * hidden when empty; `brakesOnly` keeps the brake categories.
 */
export function CategoryTiles({ rows, brakesOnly = false }: { rows: Array<[number, string, number]>; brakesOnly?: boolean }) {
  const { t } = useTranslation();
  return (
    <ul className="category-tiles">
      {rows
        .filter(([id, , count]) => count > 0 && (!brakesOnly || CATEGORY_ICONS[id]))
        .map(([id, name, count]) => (
          <li key={id}>
            <a className="category-tile" href={`/search.php?traits_alt[24]=${id}`}>
              <img src={CATEGORY_ICONS[id] ?? categoryIconUrl(null)} alt="" width="72" height="72" />
              <span className="category-tile__name">{name}</span>
              <span className="category-tile__count">{t('home.productsCount', { count })}</span>
            </a>
          </li>
        ))}
    </ul>
  );
}
