import { useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import type { BrakeProduct } from '../../api/wire';
import { ALL_CATEGORIES, buildComparison, DRAWING_BASE_URL, MIN_COMPARE, type TraitEngines } from '../../domain/comparison';
import { CompareTables } from './CompareTables';
import type { PriceType } from '../../domain/priceType';
import '../../styles/compare.css';
import { addPageTexts } from '../../i18n/runtime';
import itCompare from '../../i18n/it.compare';

// The comparison's own Italian texts join the catalogue as its chunk loads.
addPageTexts(itCompare);

export interface ComparePanelProps {
  /** The products to compare, in column order (the finder keeps them; ids under compareBrakes). */
  products: BrakeProduct[];
  /** The finder's category; 154315 (all categories) or null: one table per category present, with a bundle list. */
  categoryId: number | null;
  onRemove(id: number): void;
  onClose(): void;
  /** Move focus to the panel's heading when it opens (default true). */
  focusOnOpen?: boolean;
  /** Engine lists from the traits for products whose description has none. */
  engines?: TraitEngines;
  /**
   * One product's details ("Dettagli" on a finder product): its table, not a comparison, so the
   * 2-product minimum (which is the compare link's, brake-shop spec section 5) does not apply.
   */
  single?: boolean;
  /** The shop's price type for the products' prices (default gross). */
  priceType?: PriceType;
  /** Each product's fit on the chosen vehicle (issue 25), drawn by the caller. */
  fitNote?: (productId: number) => ReactNode;
}

/**
 * The compare panel (compare_brakes, brake-shop spec sections 2 and 4): a heading, a close
 * button and the comparison tables built from the table definition per category. Removing a
 * product hands focus to the heading, so keyboard users keep their place when the button goes.
 */
export function ComparePanel({ products, categoryId, onRemove, onClose, focusOnOpen = true, engines, single = false, priceType = 'gross', fitNote }: ComparePanelProps) {
  const { t } = useTranslation();
  const headingId = `${useId()}heading`;
  const heading = useRef<HTMLHeadingElement>(null);
  const removed = useRef(false);
  const tables = useMemo(() => buildComparison(products, categoryId, DRAWING_BASE_URL, engines), [products, categoryId, engines]);
  const allCategories = categoryId === null || categoryId === ALL_CATEGORIES;

  const focusWhenOpened = useRef(focusOnOpen);
  useEffect(() => {
    if (focusWhenOpened.current) heading.current?.focus();
  }, []);

  useEffect(() => {
    if (!removed.current) return;
    removed.current = false;
    heading.current?.focus();
  }, [products]);

  const remove = (id: number) => {
    removed.current = true;
    onRemove(id);
  };

  return (
    <section id="compare_brakes" className="compare-panel" aria-labelledby={headingId}>
      <div className="compare-panel__head">
        <h2 id={headingId} ref={heading} tabIndex={-1} className="compare-panel__title">
          {t(single ? 'compare.detailsTitle' : 'compare.title')}
        </h2>
        <button type="button" className="compare-panel__close" onClick={onClose}>
          <span aria-hidden="true">×</span> {t(single ? 'compare.closeDetails' : 'compare.close')}
        </button>
      </div>
      {products.length < (single ? 1 : MIN_COMPARE) ? (
        <p className="compare-panel__minimum" role="status">
          {t('compare.minimum')}
        </p>
      ) : (
        <CompareTables tables={tables} products={products} bundleList={allCategories} onRemove={remove} engines={engines} priceType={priceType} fitNote={fitNote} />
      )}
    </section>
  );
}

export default ComparePanel;
