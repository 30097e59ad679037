import { useTranslation } from '../../i18n/react';
import { useAppSelector } from '../../../store/hooks';
import { LoadingState } from '../../components/LoadingState';
import { CategoryCompass } from '../../components/CategoryCompass';

import { BrakeFinder } from '../../components/brakes/BrakeFinder';
import { engineCategoryRows } from '../../domain/vehicle';

/**
 * The brake system page: the brake finder (the page's main content, so in the page's own chunk
 * and drawn by the server: nothing pops in and shifts the page) (started at once) before the page's content, then the categories. */
export default function BrakesPage() {
  const { t } = useTranslation();
  const categories = useAppSelector((state) => state.page.categories);
  // With a saved engine, the compass counts are that engine's, as the home tiles' (zero: a disabled item).
  const engineCounts = useAppSelector((state) => state.vehicle.categoryCounts);
  return (
    <div className="page page--brakes">
      <h1>{t('brakes.title')}</h1>
      <p className="lead">{t('brakes.lead')}</p>
      <BrakeFinder startsAtOnce />
      <LoadingState />
      <section aria-labelledby="brakes-categories">
        <h2 id="brakes-categories">{t('brakes.categories')}</h2>
        <CategoryCompass rows={engineCategoryRows(categories, engineCounts?.rows ?? null)} engineId={engineCounts?.engineId ?? null} />
      </section>
    </div>
  );
}
