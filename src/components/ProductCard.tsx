import { useRef } from 'react';
import { useTranslation } from '../i18n/react';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { listAddRequested } from '../../store/actions';
import type { ListingProduct } from '../api/wire';
import { catalogueNumber } from '../domain/brakes';
import { photoImage } from '../domain/responsiveImage';
import { CARD_PHOTO } from '../domain/photoPlaces/card';
import { ResponsiveImage } from './ResponsiveImage';
import { useEqualHeight } from './useEqualHeight';
import { PriceText } from './PriceText';
import { useLocalPath } from './useLocalPath';
import { priceOfType } from '../domain/priceType';
import { selectPriceType } from '../../store/shopDataSlice';
import { FitNoteSlot } from './FitNoteSlot';
import { selectFit } from '../../store/fitmentSelectors';

/** What lines up across a row of cards: the names (the rest follows them). */
export const PRODUCT_CARD_ROW_ITEMS = ['.product-card__name'] as const;

/** A product in a list: picture, name, catalogue number, producer, availability and price. */
export function ProductCard({ product, eager = false, priority = false }: { product: ListingProduct; eager?: boolean; priority?: boolean }) {
  const { t } = useTranslation();
  const local = useLocalPath();
  const priceType = useAppSelector(selectPriceType);
  const price = priceOfType(priceType, product.price, product.price_net);
  const photo = photoImage(product.icon, CARD_PHOTO);
  // The fit on the chosen vehicle replaces the listing's own "fits your vehicle" once it is known.
  const fitKnown = useAppSelector((state) => selectFit(state, product.id) !== undefined);
  return (
    <article className="product-card" data-product-id={product.id}>
      <a className="product-card__link" href={local(product.link)}>
        <ResponsiveImage
          className="product-card__image"
          sources={photo.sources}
          srcSet={photo.srcSet}
          sizes={photo.sizes}
          alt=""
          width={160}
          height={160}
          eager={eager}
          priority={priority}
        />
        <h3 className="product-card__name">{product.name}</h3>
      </a>
      <p className="product-card__meta">
        <span>{product.producer}</span> · <span className="product-card__code">{catalogueNumber(product.versionName)}</span>
      </p>
      {fitKnown ? (
        <FitNoteSlot productId={product.id} categoryId={product.category.id} axisId={product.axis?.id ?? null} />
      ) : product.fits ? (
        <p className="product-card__fits">{t('listing.fits')}</p>
      ) : null}
      <p className={`product-card__status status--${product.status}`}>{product.status_description}</p>
      <p className="product-card__price">
        <PriceText amount={product.price.value} formatted={price.formatted} net={price !== product.price} />
      </p>
      {product.listSize ? <ListAdd product={product} size={product.listSize} /> : null}
    </article>
  );
}

/** Adds 1 of the product from the list; the button shows loading while the add is on its way. */
function ListAdd({ product, size }: { product: ListingProduct; size: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const busy = useAppSelector((state) => state.basket.adding.includes(`${product.id}|${size}`));
  return (
    <button
      type="button"
      className="button list-add"
      aria-label={t('miniBasket.addOne', { name: product.name })}
      aria-busy={busy || undefined}
      onClick={() => dispatch(listAddRequested({ product: product.id, size }))}
    >
      {busy ? t('miniBasket.adding') : t('miniBasket.add')}
    </button>
  );
}

/**
 * Cards in a grid whose rows keep the card names at one height, so the lines below align. The
 * first row's pictures load at once (the rest lazily); `priorityFirst`: the first card's picture
 * is the page's largest (a listing), fetched first.
 */
export function ProductGrid({ products, eagerCount = 2, priorityFirst = false }: { products: readonly ListingProduct[]; eagerCount?: number; priorityFirst?: boolean }) {
  const grid = useRef<HTMLDivElement>(null);
  useEqualHeight(grid, PRODUCT_CARD_ROW_ITEMS);
  return (
    <div ref={grid} className="product-grid">
      {products.map((product, index) => (
        <ProductCard key={product.id} product={product} eager={index < eagerCount} priority={priorityFirst && index === 0} />
      ))}
    </div>
  );
}
