import { Fragment, lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { FinderSection } from '../../components/brakes/FinderSection';
import '../../styles/finder.css';
import { useTranslation } from '../../i18n/react';
import { useAppSelector } from '../../../store/hooks';
import { LoadingState } from '../../components/LoadingState';
import { catalogueNumber } from '../../domain/brakes';
import { photoImage } from '../../domain/responsiveImage';
import { PRODUCT_PHOTO } from '../../domain/photoPlaces/product';
import { ResponsiveImage } from '../../components/ResponsiveImage';
import { HotspotZone } from '../../components/HotspotZone';
import { BuyBox } from './BuyBox';
import { FitNoteSlot } from '../../components/FitNoteSlot';
import { TRAIT } from '../../api/wire';
import { DeliveryInfo } from './DeliveryInfo';
import { Instalments } from './Instalments';
import { hasBrakeForm, splitDescription, techNameOf } from '../../domain/brakePlacement';
import '../../styles/product.css';
import itOffer from '../../i18n/it.offer';
import itMeasures from '../../i18n/it.measures';
import itCodeGroup from '../../i18n/it.codeGroup';
import { addPageTexts } from '../../i18n/runtime';
import { productMeasures } from '../../domain/brakeMeasures';
import { useLocalPath } from '../../components/useLocalPath';

// This page's own texts join the catalogue with its chunk.
addPageTexts(itOffer);
addPageTexts(itMeasures);
addPageTexts(itCodeGroup);

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
  const local = useLocalPath();
  const product = useAppSelector((state) => state.page.product);
  const attributes = useAppSelector((state) => state.product.attributes);
  // The long description is server HTML, sanitised before it reached the store (src/app/pageData.ts withCleanHtml).
  const description = product ? product.longDescription : '';
  // A brake product carries the finder inside its description (collapsed): before the heading its
  // data-tech-name names when there is one, else before the engine list.
  const finderSplit = useMemo(
    () => (product && hasBrakeForm(product.awardedParameters) ? splitDescription(description, techNameOf(description)) : null),
    [product, description],
  );
  if (!product) return <LoadingState />;
  return (
    <div className="page page--product">
      <div className="product">
        <ProductPhoto icon={product.icon} name={product.name} />
        <div className="product__info">
          <h1>{product.name}</h1>
          {/* The price comes right after the name: on a phone's first screen both show (the facts, which
              the product XML completes later, follow the buy box and push nothing down). */}
          <BuyBox product={product} />
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
            {/* A disc's or pad's measures (issue 37), from the product's traits: drawn by the server. */}
            {productMeasures(product.awardedParameters, product.category.id).map(({ measure, values }) => (
              <Fragment key={measure.key}>
                <dt>{t(`measures.${measure.key}`)}</dt>
                <dd data-measure={measure.key}>{values.map((value) => (measure.unit === 'mm' ? t('measures.millimetres', { value }) : value)).join(', ')}</dd>
              </Fragment>
            ))}
          </dl>
          {/* Its group of equivalent codes (issue 37): each a search for that code. */}
          {product.codeGroup?.length ? (
            <section className="product__codes" aria-labelledby="product-codes">
              <h2 id="product-codes">{t('codeGroup.title')}</h2>
              <ul>
                {product.codeGroup.map(({ code, relation }) => (
                  <li key={code} data-relation={relation}>
                    {t(`codeGroup.${relation}`)}{' '}
                    <a href={local(`/search.php?text=${encodeURIComponent(code)}`)} aria-label={t('codeGroup.search', { code })}>
                      {code}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {/* Whether the part fits the chosen vehicle, and with what note (issue 25). */}
          <FitNoteSlot
            productId={product.product_id}
            categoryId={product.category.id}
            axisId={product.awardedParameters.find((parameter) => parameter.id === TRAIT.axis)?.values[0]?.id ?? null}
          />
        </div>
      </div>
      <div className="product__extras">
        <DeliveryInfo product={product} />
        <Instalments />
      </div>
      <section className="product__description" aria-labelledby="product-description">
        <h2 id="product-description">{t('product.description')}</h2>
        {finderSplit ? (
          <>
            <div dangerouslySetInnerHTML={{ __html: finderSplit.before }} />
            <ProductFinder />
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

/**
 * The brake finder inside a product description stays collapsed until its first section label
 * is clicked; until then only its labels are on the page (its code loads on that click).
 */
function ProductFinder() {
  const { t } = useTranslation();
  const [started, setStarted] = useState(false);
  // Focus stays on the label the shopper clicked: the real finder's, once it is there.
  useEffect(() => {
    if (!started) return;
    let frame = 0;
    const focusLabel = () => {
      const label = document.getElementById('brake-finder-data-label');
      if (label) label.focus();
      else frame = requestAnimationFrame(focusLabel);
    };
    frame = requestAnimationFrame(focusLabel);
    return () => cancelAnimationFrame(frame);
  }, [started]);
  if (started) {
    return (
      <Suspense fallback={<p role="status">{t('finder.loading')}</p>}>
        <BrakeFinder startsAtOnce headingLevel={3} />
      </Suspense>
    );
  }
  return (
    <div className="brake-finder" role="region" aria-label={t('finder.title')}>
      <FinderSection name="data" title={t('finder.sections.data')} state="collapsed" open={false} level={3} onToggle={() => setStarted(true)} />
      <FinderSection name="products" title={t('finder.sections.products')} state="disabled" open={false} level={3} onToggle={() => undefined} />
      <FinderSection name="details" title={t('finder.sections.details')} state="disabled" open={false} level={3} onToggle={() => undefined} />
    </div>
  );
}

/** The product's picture: the page's largest, sized per layout and fetched first (the server preloads it). */
function ProductPhoto({ icon, name }: { icon: string; name: string }) {
  const photo = photoImage(icon, PRODUCT_PHOTO);
  return <ResponsiveImage className="product__image" sources={photo.sources} srcSet={photo.srcSet} sizes={photo.sizes} alt={name} width={320} height={320} priority />;
}
