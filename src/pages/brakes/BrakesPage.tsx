import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../store/hooks';
import { LoadingState } from '../../components/LoadingState';
import { CategoryCompass } from '../../components/CategoryCompass';

/** The brake finder is its own chunk. */
const BrakeFinder = lazy(() => import(/* webpackChunkName: "brake-finder-ui" */ '../../components/brakes/BrakeFinder').then((module) => ({ default: module.BrakeFinder })));

/** The brake system page: the brake finder (started at once) before the page's content, then the categories. */
export default function BrakesPage() {
  const { t } = useTranslation();
  const categories = useAppSelector((state) => state.page.categories);
  return (
    <div className="page page--brakes">
      <h1>{t('brakes.title')}</h1>
      <p className="lead">{t('brakes.lead')}</p>
      <Suspense fallback={null}>
        <BrakeFinder startsAtOnce />
      </Suspense>
      <LoadingState />
      <section aria-labelledby="brakes-categories">
        <h2 id="brakes-categories">{t('brakes.categories')}</h2>
        <CategoryCompass rows={categories} />
      </section>
    </div>
  );
}
