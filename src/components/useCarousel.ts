import { useEffect, useRef, type FocusEvent, type KeyboardEvent } from 'react';
import type Slider from 'react-slick';
import type { SliderContext } from '../../machines/slider';
import { flowSend, flowStartRequested, flowStopRequested } from '../../store/flowsSlice';
import { useAppDispatch, useFlow } from '../../store/hooks';
import { SLIDER_DEFAULTS, SLIDER_KEYS } from '../domain/slider';
import { useSlideImageRetry } from './useSlideImageRetry';

/**
 * The one way a carousel runs (the home page's categories, the hotspot zones): react-slick draws
 * and swipes, the slider machine owns the current slide and the autoplay. The hook starts the
 * flow for the carousel's life, tells it the slides shown when the layout changes, moves
 * react-slick to the machine's slide, keeps slides out of view inert, retries slide images
 * that fail (3 times, 500 ms apart) and gives the region's and the track's props: hover and
 * focus hold the autoplay, left / right arrow keys move, the arrows stop at the ends.
 */
export function useCarousel<Root extends HTMLElement>(id: string, count: number, slidesToShow: number) {
  const dispatch = useAppDispatch();
  const flow = useFlow<SliderContext>(id);
  const slider = useRef<Slider>(null);
  const root = useRef<Root>(null);
  useSlideImageRetry(root);
  const send = (event: { type: string; [key: string]: unknown }) => dispatch(flowSend({ id, event }));

  // The flow lives as long as the carousel; the slides shown at start are its first layout.
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

  // Slides out of view can be neither seen nor focused. react-slick marks the slides in view
  // slick-active (its aria-hidden, once removed, is not set again): inert follows the class;
  // aria-hidden goes, inert already hides the slide. It re-creates its track at breakpoints:
  // new slides are watched too.
  useEffect(() => {
    const element = root.current;
    if (!element) return;
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
  }, [count, slidesToShow]);

  const shown = Math.min(slidesToShow, count);
  const atStart = current <= 0;
  const atEnd = current >= Math.max(0, count - shown);
  // The button says what the shopper chose: a hover or focus only holds the autoplay.
  const pausedByShopper = flow?.value === 'paused' || flow?.value === 'still';
  return {
    root,
    current,
    shown,
    atStart,
    atEnd,
    moves: count > shown,
    playing: flow?.value === 'playing',
    pausedByShopper,
    // Finite: the arrows stop at the ends (the autoplay alone turns back there).
    previous: () => !atStart && send({ type: 'PREV' }),
    next: () => !atEnd && send({ type: 'NEXT' }),
    togglePlay: () => send({ type: pausedByShopper ? 'PLAY' : 'PAUSE' }),
    regionProps: {
      onMouseEnter: () => send({ type: 'HOVER_START' }),
      onMouseLeave: () => send({ type: 'HOVER_END' }),
      onFocus: () => send({ type: 'FOCUS_IN' }),
      onBlur: (event: FocusEvent) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) send({ type: 'FOCUS_OUT' });
      },
      onKeyDown: (event: KeyboardEvent) => {
        if (event.keyCode !== SLIDER_KEYS.left && event.keyCode !== SLIDER_KEYS.right) return;
        event.preventDefault();
        if (event.keyCode === SLIDER_KEYS.left ? !atStart : !atEnd) send({ type: 'KEY', keyCode: event.keyCode });
      },
      'data-state': typeof flow?.value === 'string' ? flow.value : '',
      'data-current': current,
    },
    sliderProps: {
      ref: slider,
      arrows: false,
      dots: false,
      infinite: false,
      accessibility: false,
      autoplay: false,
      waitForAnimate: false,
      speed: SLIDER_DEFAULTS.speed,
      slidesToShow: shown,
      slidesToScroll: SLIDER_DEFAULTS.slidesToScroll,
      touchThreshold: SLIDER_DEFAULTS.touchThreshold,
      afterChange: (index: number) => send({ type: 'GO', index }),
    },
  };
}
