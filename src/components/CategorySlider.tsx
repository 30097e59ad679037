import 'slick-carousel/slick/slick.css';
import Slider from 'react-slick';
import { useTranslation } from '../i18n/react';
import { CategoryTile, type CategoryRow } from './CategoryTiles';
import { useCarousel } from './useCarousel';

export const CATEGORY_SLIDER_FLOW = 'slider:categories';

/**
 * The home page's categories as a carousel (react-slick draws, the slider machine owns the
 * current slide and the autoplay). Only mounted where the category breakpoints give a slide
 * count; `slidesToShow` comes from the parent, which follows the viewport. WAI-ARIA carousel:
 * a region with aria-roledescription, slides as groups labelled "n of m", previous / next /
 * pause controls, left / right arrow keys; slides out of view are inert.
 */
export default function CategorySlider({ rows, title, headingId, slidesToShow }: { rows: CategoryRow[]; title: string; headingId: string; slidesToShow: number }) {
  const { t } = useTranslation();
  const count = rows.length;
  const carousel = useCarousel<HTMLDivElement>(CATEGORY_SLIDER_FLOW, count, slidesToShow);
  return (
    <div
      ref={carousel.root}
      role="region"
      className="category-slider"
      aria-roledescription={t('slider.carousel')}
      aria-labelledby={headingId}
      {...carousel.regionProps}
      data-slides-to-show={carousel.shown}
    >
      <div className="category-slider__head">
        <h2 id={headingId}>{title}</h2>
        <div className="category-slider__controls">
          {carousel.moves ? (
            <button type="button" onClick={carousel.togglePlay}>
              {carousel.pausedByShopper ? t('slider.play') : t('slider.pause')}
            </button>
          ) : null}
          <button type="button" onClick={carousel.previous} aria-label={t('slider.previous')} aria-disabled={carousel.atStart}>
            ‹
          </button>
          <button type="button" onClick={carousel.next} aria-label={t('slider.next')} aria-disabled={carousel.atEnd}>
            ›
          </button>
        </div>
      </div>
      {/* Still the page's category tiles, drawn as a track. */}
      <div className="category-tiles category-slider__viewport" aria-live={carousel.playing ? 'off' : 'polite'}>
        <Slider className="category-slider__track" {...carousel.sliderProps}>
          {rows.map((row, index) => (
            <div key={row[0]} role="group" aria-roledescription={t('slider.slide')} aria-label={t('slider.position', { n: index + 1, total: count })}>
              <div className="category-slider__slide">
                <CategoryTile row={row} />
              </div>
            </div>
          ))}
        </Slider>
      </div>
    </div>
  );
}
