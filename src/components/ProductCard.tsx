import { useRef } from 'react';
import { useTranslation } from '../i18n/react';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { listAddRequested } from '../../store/actions';
import type { ListingProduct } from '../api/wire';
import { catalogueNumber } from '../domain/brakes';
import { smallSource } from '../domain/responsiveImage';
import { ResponsiveImage } from './ResponsiveImage';
import { useEqualHeight } from './useEqualHeight';
import { PriceText } from './PriceText';

/** What lines up across a row of cards: the names (the rest follows them). */
export const PRODUCT_CARD_ROW_ITEMS = ['.product-card__name'] as const;

/** A product in a list: picture, name, catalogue number, producer, availability and price. */
export function ProductCard({ product, eager = false }: { product: ListingProduct; eager?: boolean }) {
  const { t } = useTranslation();
  return (
    <article className="product-card" data-product-id={product.id}>
      <a className="product-card__link" href={product.link}>
        <ResponsiveImage
          className="product-card__image"
          sources={{ src_mobile: smallSource(product.icon), src_tablet: product.icon, src_desktop: product.icon }}
          alt=""
          width={160}
          height={160}
          eager={eager}
        />
        <h3 className="product-card__name">{product.name}</h3>
      </a>
      <p className="product-card__meta">
        <span>{product.producer}</span> · <span className="product-card__code">{catalogueNumber(product.versionName)}</span>
      </p>
      {product.fits ? <p className="product-card__fits">{t('listing.fits')}</p> : null}
      <p className={`product-card__status status--${product.status}`}>{product.status_description}</p>
      <p className="product-card__price">
        <PriceText amount={product.price.value} formatted={product.price.formatted} />
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

/** Cards in a grid whose rows keep the card names at one height, so the lines below align. */
export function ProductGrid({ products, eagerCount = 2 }: { products: readonly ListingProduct[]; eagerCount?: number }) {
  const grid = useRef<HTMLDivElement>(null);
  useEqualHeight(grid, PRODUCT_CARD_ROW_ITEMS);
  return (
    <div ref={grid} className="product-grid">
      {products.map((product, index) => (
        <ProductCard key={product.id} product={product} eager={index < eagerCount} />
      ))}
    </div>
  );
}
