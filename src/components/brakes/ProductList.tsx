import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import { finderBasketRequested } from '../../../store/actions';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import type { BrakeProduct } from '../../api/wire';
import { axisSide, basketSize, catalogueNumber, categoryIcon, compareAlert, drawingUrl, FINDER_MIN_COMPARE, finderListingLink, layoutSize } from '../../domain/brakeFinder';
import { useFinder } from './useFinder';
import { useLocalPath } from '../useLocalPath';
import { BrakePrice } from './BrakePrice';
import { selectPriceType } from '../../../store/shopDataSlice';
import { thumbnailImage } from '../../domain/thumbnails';
import { FitNoteSlot } from '../FitNoteSlot';

/** The products section: axis list (when more than one), category list, product list and the compare list. */
export function ProductList() {
  const { t } = useTranslation();
  const local = useLocalPath();
  const { context, send, matches } = useFinder();
  const axes = useAppSelector((state) => state.finder.axes);
  const categories = useAppSelector((state) => state.finder.categories);
  const products = useAppSelector((state) => state.finder.products);
  const loadingCategories = matches('products.active.loadingCategories');
  const loadingProducts = matches('products.active.loadingProducts');
  const showCategories = categories.length > 0 && !loadingCategories;
  const showProducts = matches('products.active.list');

  return (
    <div className="finder-products" aria-busy={loadingCategories || loadingProducts || undefined}>
      {axes.length > 1 ? (
        <fieldset className="finder-choices finder-axes">
          <legend>{t('finder.axes')}</legend>
          <div className={`finder-choices__list finder-choices__list--n${layoutSize(axes.length)}`}>
            {axes.map(([id, name, count]) => {
              const side = axisSide(id, axes.length);
              return (
                <button key={id} type="button" className="finder-choice" aria-pressed={context?.axis === id} onClick={() => send({ type: 'CHOOSE_AXIS', axis: id })}>
                  <span className="finder-choice__name">{side ? t(`axis.${side}`) : name}</span>
                  <span className="finder-choice__count">{t('finder.count', { count })}</span>
                </button>
              );
            })}
          </div>
        </fieldset>
      ) : null}
      {loadingCategories ? <p role="status">{t('finder.loading')}</p> : null}
      {showCategories ? (
        <fieldset className="finder-choices finder-categories">
          <legend>{t('finder.categories')}</legend>
          <div className={`finder-choices__list finder-choices__list--n${layoutSize(categories.length)}`}>
            {categories.map(([id, name, count]) => (
              <button
                key={id}
                type="button"
                className="finder-choice finder-choice--category"
                aria-pressed={context?.category === id}
                onClick={() => send({ type: 'CHOOSE_CATEGORY', category: id, label: name })}
              >
                <img className="finder-choice__icon" src={categoryIcon(id)} alt="" width="48" height="48" loading="lazy" />
                <span className="finder-choice__name">{name}</span>
                <span className="finder-choice__count">{t('finder.count', { count })}</span>
              </button>
            ))}
          </div>
        </fieldset>
      ) : null}
      {loadingProducts ? <p role="status">{t('finder.loading')}</p> : null}
      {showProducts ? (
        <>
          <h3 className="finder-products__title">{t('finder.productList')}</h3>
          {context?.engine ? (
            <p className="finder-products__listing">
              {/* The finder's result in the listing: the vehicle as traits_alt[172622], with axis and category. */}
              <a href={local(finderListingLink(context.engine, context.axis, context.category))}>{t('finder.showInListing')}</a>
            </p>
          ) : null}
          <ul className={`finder-list finder-list--n${layoutSize(products.length)}`}>
            {products.map((product) => (
              <li key={product.id}>
                <FinderProduct product={product} ticked={context?.compare.includes(product.id) ?? false} category={context?.category ?? null} axis={context?.axis ?? null} />
              </li>
            ))}
          </ul>
          <CompareList products={products} />
        </>
      ) : null}
    </div>
  );
}

/** A product: picture, link (new tab), catalogue number, drawing, price, compare tick and the basket form. */
function FinderProduct({ product, ticked, category, axis }: { product: BrakeProduct; ticked: boolean; category: number | null; axis: number | null }) {
  const { t } = useTranslation();
  const local = useLocalPath();
  const dispatch = useAppDispatch();
  const { send } = useFinder();
  const size = basketSize(product);
  const priceType = useAppSelector(selectPriceType);
  const busy = useAppSelector((state) => state.basket.adding.includes(`${product.id}|${size}`));
  const [drawingMissing, setDrawingMissing] = useState(false);
  const code = catalogueNumber(product.versionName);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // While the add is on its way, the form does not submit again.
    if (busy) return;
    const data = new FormData(event.currentTarget);
    dispatch(finderBasketRequested({ product: Number(data.get('product')), size: String(data.get('size')), number: String(data.get('number') ?? '') }));
  };
  return (
    <article className="finder-product" data-product-id={product.id}>
      <a className="finder-product__link" href={local(product.link)} target="_blank" rel="noopener" aria-label={t('finder.openProduct', { name: product.name })}>
        <img className="finder-product__image" {...thumbnailImage(product.icon, 96)} alt="" width="120" height="120" loading="lazy" />
        <span className="finder-product__name">{product.name}</span>
      </a>
      <dl className="finder-product__facts">
        <dt>{t('finder.catalogueNumber')}</dt>
        <dd>{code}</dd>
        <dt>{t('finder.producer')}</dt>
        <dd>{product.producer.name}</dd>
      </dl>
      <FitNoteSlot productId={product.id} categoryId={category} axisId={axis} />
      {drawingMissing ? null : (
        <img
          className="finder-product__drawing"
          src={drawingUrl(product.versionName)}
          alt={t('finder.drawing', { code })}
          width="240"
          height="160"
          loading="lazy"
          onError={() => setDrawingMissing(true)}
        />
      )}
      <p className="finder-product__price">
        <span className="visually-hidden">{t('finder.price')}: </span>
        <BrakePrice product={product} priceType={priceType} />
      </p>
      <label className="finder-product__compare">
        <input type="checkbox" checked={ticked} onChange={(event) => send({ type: 'TICK', id: product.id, ticked: event.target.checked })} />
        <span>{t('finder.compareTick', { name: product.name })}</span>
      </label>
      <div className="finder-product__actions">
        <button type="button" className="button button--ghost finder-product__details" onClick={() => send({ type: 'SHOW_DETAILS', id: product.id })}>
          {t('finder.details')}
          <span className="visually-hidden"> {product.name}</span>
        </button>
        <form className="finder-product__basket" onSubmit={onSubmit}>
          <input type="hidden" name="size" value={size} />
          <input type="hidden" name="product" value={product.id} />
          <input type="hidden" name="number" value="1" />
          <button type="submit" className="button" aria-disabled={busy || undefined} aria-busy={busy || undefined}>
            {busy ? t('finder.adding') : t('finder.addToBasket')}
            <span className="visually-hidden"> {product.name}</span>
          </button>
        </form>
      </div>
    </article>
  );
}

/** The compare list: the ticked products and the compare link, disabled below 2. */
function CompareList({ products }: { products: BrakeProduct[] }) {
  const { t } = useTranslation();
  const { context, send } = useFinder();
  const names = useAppSelector((state) => state.finder.names);
  const ids = context?.compare ?? [];
  // A product ticked in another category or restored from compareBrakes is named from what the finder has seen.
  const nameOf = (id: number) => products.find((p) => p.id === id)?.name ?? names[id] ?? t('finder.comparedUnnamed', { id });
  const disabled = compareAlert(ids.length) !== null;
  return (
    <div className="finder-compare" role="group" aria-labelledby="brake-finder-compare-title">
      <h3 id="brake-finder-compare-title" className="finder-compare__title">
        {t('finder.compareList')}
      </h3>
      {ids.length ? (
        <ul className="finder-compare__list">
          {ids.map((id) => (
            <li key={id}>
              <span>{nameOf(id)}</span>
              <button type="button" className="finder-compare__remove" aria-label={t('finder.removeCompared', { name: nameOf(id) })} onClick={() => send({ type: 'REMOVE_COMPARED', id })}>
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {ids.length < FINDER_MIN_COMPARE ? (
        <p className="finder-compare__hint" id="brake-finder-compare-hint">
          {t('finder.brake_compare_length')}
        </p>
      ) : null}
      <button
        type="button"
        className={`button finder-compare__link${disabled ? ' finder-compare__link--disabled' : ''}`}
        aria-disabled={disabled || undefined}
        aria-describedby={disabled ? 'brake-finder-compare-hint' : undefined}
        onClick={() => send({ type: 'COMPARE' })}
      >
        {t('finder.compareLink', { count: ids.length })}
      </button>
    </div>
  );
}

