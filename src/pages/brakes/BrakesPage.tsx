import { useTranslation } from '../../i18n/react';
import { useAppSelector } from '../../../store/hooks';
import { LoadingState } from '../../components/LoadingState';
import { CategoryCompass } from '../../components/CategoryCompass';

import { BrakeFinder } from '../../components/brakes/BrakeFinder';

/**
 * The brake system page: the brake finder (the page's main content, so in the page's own chunk
 * and drawn by the server: nothing pops in and shifts the page) (started at once) before the page's content, then the categories. */
export default function BrakesPage() {
  const { t } = useTranslation();
  const categories = useAppSelector((state) => state.page.categories);
  return (
    <div className="page page--brakes">
      <h1>{t('brakes.title')}</h1>
      <p className="lead">{t('brakes.lead')}</p>
      <BrakeFinder startsAtOnce />
      <LoadingState />
      <section aria-labelledby="brakes-categories">
        <h2 id="brakes-categories">{t('brakes.categories')}</h2>
        <CategoryCompass rows={categories} />
      </section>
    </div>
  );
}
