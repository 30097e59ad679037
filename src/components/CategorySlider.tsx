import 'slick-carousel/slick/slick.css';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import Slider from 'react-slick';
import { useTranslation } from '../i18n/react';
import { useAppDispatch, useFlow } from '../../store/hooks';
import { flowSend } from '../../store/flowsSlice';
import { flowStartRequested, flowStopRequested } from '../../sagas/flows';
import type { SliderContext } from '../../machines/slider';
import { SLIDER_DEFAULTS, SLIDER_KEYS } from '../domain/slider';
import { CategoryTile, type CategoryRow } from './CategoryTiles';
import { useSlideImageRetry } from './useSlideImageRetry';

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
  const dispatch = useAppDispatch();
  const id = CATEGORY_SLIDER_FLOW;
  const flow = useFlow<SliderContext>(id);
  const slider = useRef<Slider>(null);
  const root = useRef<HTMLDivElement>(null);
  // A slide image that fails to load is asked again (3 times, 500 ms apart).
  useSlideImageRetry(root);
  const send = (event: { type: string; [key: string]: unknown }) => dispatch(flowSend({ id, event }));
  const count = rows.length;

  // The flow lives as long as the carousel; the width at start is its first layout.
  const initialShow = useRef(slidesToShow);
  useEffect(() => {
    dispatch(flowStartRequested({ id, machine: 'slider', input: { count, slidesToShow: initialShow.current, infinite: false, autoplay: true } }));
    return () => {
      dispatch(flowStopRequested({ id }));
    };
  }, [dispatch, id, count]);
  useEffect(() => {
    dispatch(flowSend({ id, event: { type: 'LAYOUT', slidesToShow } }));
  }, [dispatch, id, slidesToShow]);

  const current = flow?.context.current ?? 0;
  useEffect(() => {
    slider.current?.slickGoTo(current);
  }, [current]);

  // Slides out of view can be neither seen nor focused.
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    // react-slick marks the slides in view slick-active (its aria-hidden, once removed, is not
    // set again): inert follows the class; aria-hidden goes, inert already hides the slide.
    const sync = () =>
      element.querySelectorAll<HTMLElement>('.slick-slide').forEach((slide) => {
        const hidden = !slide.classList.contains('slick-active');
        if (slide.inert !== hidden) slide.inert = hidden;
        if (slide.hasAttribute('aria-hidden')) slide.removeAttribute('aria-hidden');
      });
    sync();
    const observer = new MutationObserver(sync);
    observer.observe(element, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-hidden', 'class'] });
    return () => observer.disconnect();
  }, [rows, slidesToShow]);

  const shown = Math.min(slidesToShow, count);
  const last = Math.max(0, count - shown);
  const atStart = current <= 0;
  const atEnd = current >= last;
  const moves = count > shown;
  const playing = flow?.value === 'playing';
  const pausedByShopper = flow?.value === 'paused' || flow?.value === 'still';
  // Finite: the arrows stop at the ends (the autoplay alone turns back there).
  const previous = () => !atStart && send({ type: 'PREV' });
  const next = () => !atEnd && send({ type: 'NEXT' });
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.keyCode !== SLIDER_KEYS.left && event.keyCode !== SLIDER_KEYS.right) return;
    event.preventDefault();
    if (event.keyCode === SLIDER_KEYS.left ? !atStart : !atEnd) send({ type: 'KEY', keyCode: event.keyCode });
  };
  return (
    <div
      ref={root}
      role="region"
      className="category-slider"
      aria-roledescription={t('slider.carousel')}
      aria-labelledby={headingId}
      onMouseEnter={() => send({ type: 'HOVER_START' })}
      onMouseLeave={() => send({ type: 'HOVER_END' })}
      onFocus={() => send({ type: 'FOCUS_IN' })}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) send({ type: 'FOCUS_OUT' });
      }}
      onKeyDown={onKeyDown}
      data-state={typeof flow?.value === 'string' ? flow.value : ''}
      data-current={current}
      data-slides-to-show={shown}
    >
      <div className="category-slider__head">
        <h2 id={headingId}>{title}</h2>
        <div className="category-slider__controls">
          {moves ? (
            <button type="button" onClick={() => send({ type: pausedByShopper ? 'PLAY' : 'PAUSE' })}>
              {pausedByShopper ? t('slider.play') : t('slider.pause')}
            </button>
          ) : null}
          <button type="button" onClick={previous} aria-label={t('slider.previous')} aria-disabled={atStart}>
            ‹
          </button>
          <button type="button" onClick={next} aria-label={t('slider.next')} aria-disabled={atEnd}>
            ›
          </button>
        </div>
      </div>
      {/* Still the page's category tiles, drawn as a track. */}
      <div className="category-tiles category-slider__viewport" aria-live={playing ? 'off' : 'polite'}>
        <Slider
          ref={slider}
          className="category-slider__track"
          arrows={false}
          dots={false}
          infinite={false}
          accessibility={false}
          autoplay={false}
          waitForAnimate={false}
          speed={SLIDER_DEFAULTS.speed}
          slidesToShow={shown}
          slidesToScroll={SLIDER_DEFAULTS.slidesToScroll}
          touchThreshold={SLIDER_DEFAULTS.touchThreshold}
          afterChange={(index: number) => send({ type: 'GO', index })}
        >
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
