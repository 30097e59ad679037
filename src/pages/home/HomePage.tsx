import { useTranslation } from '../../i18n/react';
import { useAppSelector } from '../../../store/hooks';
import { ProductGrid } from '../../components/ProductCard';
import { LoadingState } from '../../components/LoadingState';
import { CategorySection } from '../../components/CategoryTiles';
import { HotspotZone } from '../../components/HotspotZone';
import { NewsDateBadge } from '../../components/NewsDateBadge';
import { VehicleConfigurator } from '../../components/VehicleConfigurator';
import { engineCategoryRows } from '../../domain/vehicle';

/** The shop's news: dates here, titles and texts in the page's language (i18n `newsItems`, issue 34). */
const NEWS = [
  { date: '2026-11-02', key: 'winter' },
  { date: '2026-10-14', key: 'kits' },
  { date: '2026-09-21', key: 'finder' },
] as const;

/** Home: the category tiles with their counts, the most wanted products, the shop's news. */
export default function HomePage() {
  const { t, i18n } = useTranslation();
  const categories = useAppSelector((state) => state.page.categories);
  // With an engine chosen, the tiles show its counts (zero: a disabled tile).
  const engineCounts = useAppSelector((state) => state.vehicle.categoryCounts);
  const popular = useAppSelector((state) => state.page.listing?.products ?? []);
  return (
    <div className="page page--home">
      <section className="hero">
        <h1>{t('home.title')}</h1>
        <p>{t('home.lead')}</p>
      </section>
      <VehicleConfigurator headingId="home-vehicle" />
      <LoadingState />
      <CategorySection rows={engineCategoryRows(categories, engineCounts?.rows ?? null)} keepEmpty={engineCounts !== null} title={t('home.categories')} headingId="home-categories" />
      <HotspotZone zone="hotspot_promo" zonesType="main" title={t('home.offers')} />
      <section aria-labelledby="home-popular">
        <h2 id="home-popular">{t('home.popular')}</h2>
        <ProductGrid products={popular} />
      </section>
      <section className="news" aria-labelledby="home-news">
        <h2 id="home-news">{t('home.news')}</h2>
        <ul className="news-list">
          {NEWS.map((item) => (
            <li className="news-item" key={item.date}>
              <NewsDateBadge date={item.date} locale={i18n.language} />
              <h3 className="news-item__title">{t(`newsItems.${item.key}.title`)}</h3>
              <p>{t(`newsItems.${item.key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
