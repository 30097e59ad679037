import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from '../i18n/react';
import { categoryIconUrl } from '../domain/brakes';
import { categoryHref } from '../domain/listingLinks';
import { useAppSelector } from '../../store/hooks';
import { CATEGORY_SLIDER_BREAKPOINTS, CATEGORY_SLIDER_WIDEST, SLIDER_DEFAULTS, slidesToShowAt } from '../domain/slider';
import { useLocalPath } from './useLocalPath';

/** The carousel (react-slick) is its own chunk, shared with the hotspot slider: phones never load it. */
const CategorySlider = lazy(() => import(/* webpackChunkName: "slider" */ './CategorySlider'));

/** Brake category pictures (the configurator's icons); other categories get the fallback icon. */
export const CATEGORY_ICONS: Record<number, string> = {
  148728: categoryIconUrl('pastiglie.svg'),
  151538: categoryIconUrl('dischi.svg'),
  154315: categoryIconUrl('kit.svg'),
  156891: categoryIconUrl('kit-dischi.svg'),
  158346: categoryIconUrl('kit-completi.svg'),
};

/** Pictures of the shop's other categories (not brake parts, so not in CATEGORY_ICONS). */
const OTHER_CATEGORY_ICONS: Record<number, string> = {
  160001: categoryIconUrl('accessori.svg'),
};

/** A category's picture: its own, else the platform's fallback icon. */
export function categoryPicture(id: number): string {
  return CATEGORY_ICONS[id] ?? OTHER_CATEGORY_ICONS[id] ?? categoryIconUrl(null);
}

/** A search-categories row: [id, name, product count]. */
export type CategoryRow = [number, string, number];

/**
 * Rows shown as tiles: those with products, and only the brake ones when asked; `keepEmpty`
 * (counts for the chosen engine) keeps zero-count rows, shown as disabled tiles.
 */
export function visibleCategories(rows: CategoryRow[], brakesOnly = false, keepEmpty = false): CategoryRow[] {
  return rows.filter(([id, , count]) => (keepEmpty || count > 0) && (!brakesOnly || CATEGORY_ICONS[id]));
}

/** One category: its picture, name and product count, linking to its listing (for the chosen engine, if any); disabled at zero. */
export function CategoryTile({ row: [id, name, count] }: { row: CategoryRow }) {
  const { t } = useTranslation();
  const local = useLocalPath();
  const engineId = useAppSelector((state) => state.vehicle.categoryCounts?.engineId ?? null);
  const content = (
    <>
      <img src={categoryPicture(id)} alt="" width="72" height="72" />
      <span className="category-tile__name">{name}</span>
      <span className="category-tile__count">{count === 0 && engineId ? t('vehicle.noProductsForEngine') : t('home.productsCount', { count })}</span>
    </>
  );
  if (count === 0) return <span className="category-tile category-tile--disabled" data-disabled="true">{content}</span>;
  return (
    <a className="category-tile" href={local(categoryHref(id, engineId ? [['traits_alt[49]', engineId]] : []))}>
      {content}
    </a>
  );
}

/**
 * Category tiles from search-categories rows [id, name, count]: active with products,
 * hidden when empty (disabled instead with `keepEmpty`); `brakesOnly` keeps the brake categories.
 */
export function CategoryTiles({ rows, brakesOnly = false, keepEmpty = false }: { rows: CategoryRow[]; brakesOnly?: boolean; keepEmpty?: boolean }) {
  return (
    <ul className="category-tiles">
      {visibleCategories(rows, brakesOnly, keepEmpty).map((row) => (
        <li key={row[0]}>
          <CategoryTile row={row} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The viewport's width, followed on resize (debounced like the slider's own resize handling).
 * 0 until mounted: the server cannot know it, so the first render (server and hydration alike)
 * is the tiles, which CSS lays out for every width.
 */
export function useViewportWidth(debounceMs: number = SLIDER_DEFAULTS.resizeDebounceMs): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    setWidth(window.innerWidth);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setWidth(window.innerWidth), debounceMs);
    };
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      clearTimeout(timer);
    };
  }, [debounceMs]);
  return width;
}

/**
 * The home page's categories: a carousel where the category slider's breakpoints give a
 * slide count (6 above 1170 px, 5 above 979, 3 above 757), plain tiles at 757 px and below.
 */
export function CategorySection({ rows, title, headingId, keepEmpty = false }: { rows: CategoryRow[]; title: string; headingId: string; keepEmpty?: boolean }) {
  const width = useViewportWidth();
  const slidesToShow = slidesToShowAt(width, CATEGORY_SLIDER_WIDEST, CATEGORY_SLIDER_BREAKPOINTS);
  const visible = visibleCategories(rows, false, keepEmpty);
  const tiles = (
    <section className="category-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <CategoryTiles rows={visible} keepEmpty={keepEmpty} />
    </section>
  );
  if (slidesToShow === 'unslick' || visible.length === 0) return tiles;
  return (
    <Suspense fallback={tiles}>
      <CategorySlider rows={visible} title={title} headingId={headingId} slidesToShow={slidesToShow} />
    </Suspense>
  );
}
