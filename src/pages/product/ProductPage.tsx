import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../store/hooks';
import { LoadingState } from '../../components/LoadingState';
import { catalogueNumber } from '../../domain/brakes';
import { HotspotZone } from '../../components/HotspotZone';

/** The product page: picture, name, producer, catalogue number, price, availability, description. */
export default function ProductPage() {
  const { t } = useTranslation();
  const product = useAppSelector((state) => state.page.product);
  // The long description is server HTML: sanitised before it reaches the page.
  const description = useMemo(() => (product ? DOMPurify.sanitize(product.longDescription) : ''), [product]);
  if (!product) return <LoadingState />;
  const firstSize = Object.values(product.sizes)[0];
  return (
    <div className="page page--product">
      <div className="product">
        <img className="product__image" src={product.icon} alt={product.name} width="320" height="320" />
        <div className="product__info">
          <h1>{product.name}</h1>
          <dl className="product__facts">
            <dt>{t('product.producer')}</dt>
            <dd>{product.producer.name}</dd>
            <dt>{t('product.catalogueNumber')}</dt>
            <dd>{catalogueNumber(product.versionName)}</dd>
            <dt>{t('product.availability')}</dt>
            <dd className={`status--${firstSize?.availability.status}`}>{firstSize?.availability.status_description}</dd>
          </dl>
          {firstSize && firstSize.price.value > 0 ? (
            <p className="product__price">
              {firstSize.price.price_formatted} <small>{t('product.priceGross')}</small>
            </p>
          ) : null}
        </div>
      </div>
      <section className="product__description" aria-labelledby="product-description">
        <h2 id="product-description">{t('product.description')}</h2>
        <div dangerouslySetInnerHTML={{ __html: description }} />
      </section>
      <HotspotZone zone="hotspot_related" zonesType="projector" product={product.product_id} title={t('product.related')} />
    </div>
  );
}
