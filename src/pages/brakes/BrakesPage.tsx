import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../store/hooks';
import { LoadingState } from '../../components/LoadingState';
import { CATEGORY_ICONS } from '../categoryIcons';

/** The brake system page: where the brake finder lives; its categories for now. */
export default function BrakesPage() {
  const { t } = useTranslation();
  const categories = useAppSelector((state) => state.page.categories);
  return (
    <div className="page page--brakes">
      <h1>{t('brakes.title')}</h1>
      <p className="lead">{t('brakes.lead')}</p>
      <LoadingState />
      <section aria-labelledby="brakes-categories">
        <h2 id="brakes-categories">{t('brakes.categories')}</h2>
        <ul className="category-tiles">
          {categories
            .filter(([id, , count]) => count > 0 && CATEGORY_ICONS[id])
            .map(([id, name, count]) => (
              <li key={id}>
                <a className="category-tile" href={`/search.php?traits_alt[24]=${id}`}>
                  <img src={CATEGORY_ICONS[id]} alt="" width="72" height="72" />
                  <span className="category-tile__name">{name}</span>
                  <span className="category-tile__count">{t('home.productsCount', { count })}</span>
                </a>
              </li>
            ))}
        </ul>
      </section>
    </div>
  );
}
