import DOMPurify from 'dompurify';
import { Fragment, lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../store/hooks';
import { LoadingState } from '../../components/LoadingState';
import { catalogueNumber } from '../../domain/brakes';
import { HotspotZone } from '../../components/HotspotZone';
import { BuyBox } from './BuyBox';
import { DeliveryInfo } from './DeliveryInfo';
import { Instalments } from './Instalments';
import { hasBrakeForm, splitDescription } from '../../domain/brakeFinder';
import '../../styles/product.css';

/** The brake finder (products with a brake form) is its own chunk. */
const BrakeFinder = lazy(() => import(/* webpackChunkName: "brake-finder-ui" */ '../../components/brakes/BrakeFinder').then((module) => ({ default: module.BrakeFinder })));

/** XML attributes shown among the facts: category (24) and axle (148722). */
const FACT_ATTRIBUTES = ['24', '148722'];

/**
 * The product page (storefront spec, sections 2-5 and 7-9): picture and facts, the buy box
 * (sizes, prices, availability, shipping time, quantity, add to basket), the delivery info
 * box, the instalment calculator and the description; quick facts come from the product XML.
 */
export default function ProductPage() {
  const { t } = useTranslation();
  const product = useAppSelector((state) => state.page.product);
  const attributes = useAppSelector((state) => state.product.attributes);
  // The long description is server HTML: sanitised before it reaches the page.
  const description = useMemo(() => (product ? DOMPurify.sanitize(product.longDescription) : ''), [product]);
  // A brake product carries the finder inside its description, before the engine list (collapsed).
  const finderSplit = useMemo(() => (product && hasBrakeForm(product.awardedParameters) ? splitDescription(description) : null), [product, description]);
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
            {/* Quick facts from the product XML (category, axle); the full data is in the description. */}
            {attributes
              .filter((attribute) => FACT_ATTRIBUTES.includes(attribute.id))
              .map((attribute) => (
                <Fragment key={attribute.id}>
                  <dt>{attribute.name}</dt>
                  <dd>{attribute.values.join(', ')}</dd>
                </Fragment>
              ))}
          </dl>
          <BuyBox product={product} />
        </div>
      </div>
      <div className="product__extras">
        <DeliveryInfo />
        <Instalments />
      </div>
      <section className="product__description" aria-labelledby="product-description">
        <h2 id="product-description">{t('product.description')}</h2>
        {finderSplit ? (
          <>
            <div dangerouslySetInnerHTML={{ __html: finderSplit.before }} />
            <Suspense fallback={null}>
              <BrakeFinder startsAtOnce={false} headingLevel={3} />
            </Suspense>
            <div dangerouslySetInnerHTML={{ __html: finderSplit.after }} />
          </>
        ) : (
          <div dangerouslySetInnerHTML={{ __html: description }} />
        )}
      </section>
      <HotspotZone zone="hotspot_related" zonesType="projector" product={product.product_id} title={t('product.related')} />
    </div>
  );
}
