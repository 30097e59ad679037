import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../store/hooks';
import { ProductCard } from '../../components/ProductCard';
import { LoadingState } from '../../components/LoadingState';
import { CategoryTiles } from '../../components/CategoryTiles';
import { HotspotZone } from '../../components/HotspotZone';

/** Home: the category tiles with their counts, then the most wanted products. */
export default function HomePage() {
  const { t } = useTranslation();
  const categories = useAppSelector((state) => state.page.categories);
  const popular = useAppSelector((state) => state.page.listing?.products ?? []);
  return (
    <div className="page page--home">
      <section className="hero">
        <h1>{t('home.title')}</h1>
        <p>{t('home.lead')}</p>
      </section>
      <LoadingState />
      <section aria-labelledby="home-categories">
        <h2 id="home-categories">{t('home.categories')}</h2>
        <CategoryTiles rows={categories} />
      </section>
      <HotspotZone zone="hotspot_promo" zonesType="main" title={t('home.offers')} />
      <section aria-labelledby="home-popular">
        <h2 id="home-popular">{t('home.popular')}</h2>
        <div className="product-grid">
          {popular.map((product, index) => (
            <ProductCard key={product.id} product={product} eager={index < 2} />
          ))}
        </div>
      </section>
    </div>
  );
}
