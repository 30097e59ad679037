import 'slick-carousel/slick/slick.css';
import Slider from 'react-slick';
import { useTranslation } from '../i18n/react';
import { HOTSPOT_SLIDER_BREAKPOINTS, HOTSPOT_SLIDER_WIDEST, slidesToShowAt } from '../domain/slider';
import { useViewportWidth } from './CategoryTiles';
import { useCarousel } from './useCarousel';
import { localizeHtmlLinks } from '../domain/languagePaths';
import { useEffect } from 'react';
import { useFlow } from '../../store/hooks';
import type { LayoutModeNumber } from '../../machines/layoutMode';
import { slideSources, sourceForMode } from '../domain/responsiveImage';

/**
 * The hotspot products as a carousel (the shared carousel: useCarousel). The slides shown follow
 * the viewport by the hotspot breakpoints. WAI-ARIA carousel: labelled region, slides as groups,
 * previous / next / pause controls; slides out of view are inert.
 */
export default function HotspotSlider({ zone, labelledBy, slides }: { zone: string; labelledBy: string; slides: string[] }) {
  const { t, i18n } = useTranslation();
  // Loaded after the page (its slides come by ajax): the window is there from the first render.
  const width = useViewportWidth() || window.innerWidth;
  const carousel = useCarousel<HTMLElement>(`slider:${zone}`, slides.length, slidesToShowAt(width, HOTSPOT_SLIDER_WIDEST, HOTSPOT_SLIDER_BREAKPOINTS));
  // The slides' images follow the layout mode as cards do (data-src_mobile|tablet|desktop; issue 34, point 12).
  const mode = useFlow<{ mode: LayoutModeNumber | null }>('layoutMode')?.context.mode ?? null;
  const root = carousel.root;
  useEffect(() => {
    if (mode === null || !root.current) return;
    for (const img of Array.from(root.current.querySelectorAll<HTMLImageElement>('img[data-src_mobile], img[data-src_tablet], img[data-src_desktop]'))) {
      const source = sourceForMode(slideSources((name) => img.getAttribute(`data-${name}`)), mode);
      if (source && img.getAttribute('src') !== source) img.setAttribute('src', source);
    }
  }, [mode, slides, root]);
  return (
    <section ref={carousel.root} className="hotspot-slider" aria-roledescription={t('slider.carousel')} aria-labelledby={labelledBy} {...carousel.regionProps}>
      <div className="hotspot-slider__controls">
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
      <div aria-live={carousel.playing ? 'off' : 'polite'}>
        <Slider {...carousel.sliderProps}>
          {slides.map((html, index) => (
            <div key={index} role="group" aria-roledescription={t('slider.slide')} aria-label={t('slider.position', { n: index + 1, total: slides.length })}>
              <div className="hotspot-slider__slide" dangerouslySetInnerHTML={{ __html: localizeHtmlLinks(html, i18n.language) /* the products' links in the page's language */ }} />
            </div>
          ))}
        </Slider>
      </div>
    </section>
  );
}
