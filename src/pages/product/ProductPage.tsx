import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../store/hooks';
import { LoadingState } from '../../components/LoadingState';
import { catalogueNumber } from '../../domain/brakes';
import { HotspotZone } from '../../components/HotspotZone';
import { BuyBox } from './BuyBox';
import { DeliveryInfo } from './DeliveryInfo';
import { Instalments } from './Instalments';
import '../../styles/product.css';

/**
 * The product page (storefront spec, sections 2-5 and 7-9): picture and facts, the buy box
 * (sizes, prices, availability, shipping time, quantity, add to basket), the delivery info
 * box, the instalment calculator, technical data from the product XML and the description.
 */
export default function ProductPage() {
  const { t } = useTranslation();
  const product = useAppSelector((state) => state.page.product);
  const attributes = useAppSelector((state) => state.product.attributes);
  // The long description is server HTML: sanitised before it reaches the page.
  const description = useMemo(() => (product ? DOMPurify.sanitize(product.longDescription) : ''), [product]);
  if (!product) return <LoadingState />;
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
          </dl>
          <BuyBox product={product} />
        </div>
      </div>
      <div className="product__extras">
        <DeliveryInfo />
        <Instalments />
      </div>
      {attributes.length ? (
        <section className="product__attributes" aria-labelledby="product-attributes">
          <h2 id="product-attributes">{t('buy.attributes')}</h2>
          <dl className="attributes">
            {attributes.map((attribute) => (
              <div key={attribute.id} className="attributes__row">
                <dt>{attribute.name}</dt>
                <dd>{attribute.values.join(', ')}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      <section className="product__description" aria-labelledby="product-description">
        <h2 id="product-description">{t('product.description')}</h2>
        <div dangerouslySetInnerHTML={{ __html: description }} />
      </section>
      <HotspotZone zone="hotspot_related" zonesType="projector" product={product.product_id} title={t('product.related')} />
    </div>
  );
}
