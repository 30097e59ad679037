import 'slick-carousel/slick/slick.css';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import Slider from 'react-slick';
import { useTranslation } from '../i18n/react';
import { useAppDispatch, useFlow } from '../../store/hooks';
import { flowSend } from '../../store/flowsSlice';
import { flowStartRequested, flowStopRequested } from '../../sagas/flows';
import type { SliderContext } from '../../machines/slider';
import { HOTSPOT_SLIDER_BREAKPOINTS, HOTSPOT_SLIDER_WIDEST, SLIDER_DEFAULTS, slidesToShowAt } from '../domain/slider';
import { useSlideImageRetry } from './useSlideImageRetry';

/**
 * The hotspot products as a carousel (react-slick draws and swipes; the slider machine owns
 * the current slide and the autoplay). WAI-ARIA carousel: labelled region, slides as groups,
 * previous / next / pause controls; slides out of view are inert.
 */
export default function HotspotSlider({ zone, labelledBy, slides }: { zone: string; labelledBy: string; slides: string[] }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const id = `slider:${zone}`;
  const flow = useFlow<SliderContext>(id);
  const slider = useRef<Slider>(null);
  const root = useRef<HTMLElement>(null);
  // A slide image that fails to load is asked again (3 times, 500 ms apart).
  useSlideImageRetry(root);
  const send = (event: { type: string; [key: string]: unknown }) => dispatch(flowSend({ id, event }));

  useEffect(() => {
    const slidesToShow = slidesToShowAt(window.innerWidth, HOTSPOT_SLIDER_WIDEST, HOTSPOT_SLIDER_BREAKPOINTS);
    dispatch(flowStartRequested({ id, machine: 'slider', input: { count: slides.length, slidesToShow, infinite: false, autoplay: true } }));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(
        () => dispatch(flowSend({ id, event: { type: 'LAYOUT', slidesToShow: slidesToShowAt(window.innerWidth, HOTSPOT_SLIDER_WIDEST, HOTSPOT_SLIDER_BREAKPOINTS) } })),
        SLIDER_DEFAULTS.resizeDebounceMs,
      );
    };
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      clearTimeout(timer);
      dispatch(flowStopRequested({ id }));
    };
  }, [dispatch, id, slides.length]);

  const current = flow?.context.current ?? 0;
  useEffect(() => {
    slider.current?.slickGoTo(current);
  }, [current]);

  // Slides out of view can be neither seen nor focused.
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const sync = () =>
      element.querySelectorAll<HTMLElement>('.slick-slide').forEach((slide) => {
        const hidden = slide.getAttribute('aria-hidden') === 'true';
        slide.inert = hidden;
        slide.removeAttribute('aria-hidden');
      });
    sync();
    const observer = new MutationObserver(sync);
    // react-slick re-creates its track at breakpoints: watch for new slides too.
    observer.observe(element, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-hidden'] });
    return () => observer.disconnect();
  }, [slides]);

  const playing = flow?.value === 'playing';
  // The button says what the shopper chose: a hover or focus only holds the autoplay.
  const pausedByShopper = flow?.value === 'paused' || flow?.value === 'still';
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.keyCode === 37 || event.keyCode === 39) {
      event.preventDefault();
      send({ type: 'KEY', keyCode: event.keyCode });
    }
  };
  return (
    <section
      ref={root}
      className="hotspot-slider"
      aria-roledescription={t('slider.carousel')}
      aria-labelledby={labelledBy}
      onMouseEnter={() => send({ type: 'HOVER_START' })}
      onMouseLeave={() => send({ type: 'HOVER_END' })}
      onFocus={() => send({ type: 'FOCUS_IN' })}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) send({ type: 'FOCUS_OUT' });
      }}
      onKeyDown={onKeyDown}
      data-state={typeof flow?.value === 'string' ? flow.value : ''}
      data-current={current}
    >
      <div className="hotspot-slider__controls">
        <button type="button" onClick={() => send({ type: pausedByShopper ? 'PLAY' : 'PAUSE' })}>
          {pausedByShopper ? t('slider.play') : t('slider.pause')}
        </button>
        <button type="button" onClick={() => send({ type: 'PREV' })} aria-label={t('slider.previous')}>
          ‹
        </button>
        <button type="button" onClick={() => send({ type: 'NEXT' })} aria-label={t('slider.next')}>
          ›
        </button>
      </div>
      <div aria-live={playing ? 'off' : 'polite'}>
        <Slider
          ref={slider}
          arrows={false}
          dots={false}
          infinite={false}
          accessibility={false}
          autoplay={false}
          waitForAnimate={false}
          speed={SLIDER_DEFAULTS.speed}
          // The machine holds the slides shown for the viewport (hotspot breakpoints), so the
          // drawing and the autoplay's ends agree.
          slidesToShow={flow?.context.slidesToShow ?? slidesToShowAt(window.innerWidth, HOTSPOT_SLIDER_WIDEST, HOTSPOT_SLIDER_BREAKPOINTS)}
          slidesToScroll={SLIDER_DEFAULTS.slidesToScroll}
          touchThreshold={SLIDER_DEFAULTS.touchThreshold}
          afterChange={(index: number) => send({ type: 'GO', index })}
        >
          {slides.map((html, index) => (
            <div key={index} role="group" aria-roledescription={t('slider.slide')} aria-label={t('slider.position', { n: index + 1, total: slides.length })}>
              <div className="hotspot-slider__slide" dangerouslySetInnerHTML={{ __html: html }} />
            </div>
          ))}
        </Slider>
      </div>
    </section>
  );
}
