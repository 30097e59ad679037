import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../store/hooks';
import { LoadingState } from '../../components/LoadingState';
import { CategoryTiles } from '../../components/CategoryTiles';

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
        <CategoryTiles rows={categories} brakesOnly />
      </section>
    </div>
  );
}
