import { and, assign, setup } from 'xstate';
import { canAddSlide, canRemoveSlide, SLIDER_DEFAULTS, stepSlide } from '../src/domain/slider';

/**
 * Slider (storefront spec section 4): the current slide and the autoplay's mode. Playing
 * advances every 3000 ms; hovering interrupts and focus inside pauses it until they end; the
 * shopper can pause outright. Finite sliders reverse direction at the ends. Adding or
 * removing a slide at an out-of-range index is refused.
 */
export interface SliderContext {
  current: number;
  count: number;
  slidesToShow: number;
  slidesToScroll: number;
  infinite: boolean;
  direction: 1 | -1;
  autoplay: boolean;
  autoplaySpeed: number;
  hovered: boolean;
  focussed: boolean;
}

export type SliderInput = Partial<Pick<SliderContext, 'count' | 'slidesToShow' | 'slidesToScroll' | 'infinite' | 'autoplay' | 'autoplaySpeed'>>;

export type SliderEvent =
  | { type: 'NEXT' }
  | { type: 'PREV' }
  | { type: 'GO'; index: number }
  | { type: 'KEY'; keyCode: number }
  | { type: 'PAUSE' }
  | { type: 'PLAY' }
  | { type: 'HOVER_START' }
  | { type: 'HOVER_END' }
  | { type: 'FOCUS_IN' }
  | { type: 'FOCUS_OUT' }
  | { type: 'LAYOUT'; slidesToShow: number }
  | { type: 'ADD_SLIDE'; index: number }
  | { type: 'REMOVE_SLIDE'; index: number };

const options = (context: SliderContext) => ({ count: context.count, slidesToShow: context.slidesToShow, slidesToScroll: context.slidesToScroll, infinite: context.infinite });

export const sliderMachine = setup({
  types: {
    context: {} as SliderContext,
    events: {} as SliderEvent,
    input: {} as SliderInput,
  },
  guards: {
    autoplayOn: ({ context }) => context.autoplay && context.count > context.slidesToShow,
    isFocussed: ({ context }) => context.focussed,
    isHovered: ({ context }) => context.hovered,
    isLeftKey: ({ event }) => event.type === 'KEY' && event.keyCode === 37,
    isRightKey: ({ event }) => event.type === 'KEY' && event.keyCode === 39,
    canAdd: ({ context, event }) => event.type === 'ADD_SLIDE' && canAddSlide(event.index, context.count),
    canRemove: ({ context, event }) => event.type === 'REMOVE_SLIDE' && canRemoveSlide(event.index, context.count),
    isValidIndex: ({ context, event }) => event.type === 'GO' && Number.isInteger(event.index) && event.index >= 0 && event.index < context.count,
  },
  actions: {
    autoAdvance: assign(({ context }) => stepSlide({ current: context.current, direction: context.direction }, options(context))),
    stepForward: assign(({ context }) => ({ current: stepSlide({ current: context.current, direction: 1 }, options(context), 1).current })),
    stepBack: assign(({ context }) => ({ current: stepSlide({ current: context.current, direction: -1 }, options(context), -1).current })),
    goTo: assign({ current: ({ context, event }) => (event.type === 'GO' ? event.index : context.current) }),
    markHovered: assign({ hovered: true }),
    unmarkHovered: assign({ hovered: false }),
    markFocussed: assign({ focussed: true }),
    unmarkFocussed: assign({ focussed: false }),
    setLayout: assign(({ context, event }) => {
      const slidesToShow = event.type === 'LAYOUT' && event.slidesToShow > 0 ? event.slidesToShow : context.slidesToShow;
      // A finite slider never starts past its last full page.
      const current = context.infinite ? context.current : Math.min(context.current, Math.max(0, context.count - slidesToShow));
      return { slidesToShow, current };
    }),
    addSlide: assign(({ context, event }) => ({
      count: context.count + 1,
      current: event.type === 'ADD_SLIDE' && event.index <= context.current && context.count > 0 ? context.current + 1 : context.current,
    })),
    removeSlide: assign(({ context, event }) => {
      const count = context.count - 1;
      const index = event.type === 'REMOVE_SLIDE' ? event.index : -1;
      const current = index < context.current ? context.current - 1 : Math.min(context.current, Math.max(count - 1, 0));
      return { count, current: Math.max(current, 0) };
    }),
  },
  delays: { autoplaySpeed: ({ context }) => context.autoplaySpeed },
}).createMachine({
  id: 'slider',
  context: ({ input }) => ({
    current: 0,
    count: input.count ?? 0,
    slidesToShow: input.slidesToShow ?? SLIDER_DEFAULTS.slidesToShow,
    slidesToScroll: input.slidesToScroll ?? SLIDER_DEFAULTS.slidesToScroll,
    infinite: input.infinite ?? true,
    direction: 1,
    autoplay: input.autoplay ?? false,
    autoplaySpeed: input.autoplaySpeed ?? SLIDER_DEFAULTS.autoplaySpeed,
    hovered: false,
    focussed: false,
  }),
  on: {
    NEXT: { actions: 'stepForward' },
    PREV: { actions: 'stepBack' },
    GO: { guard: 'isValidIndex', actions: 'goTo' },
    KEY: [
      { guard: 'isLeftKey', actions: 'stepBack' },
      { guard: 'isRightKey', actions: 'stepForward' },
    ],
    LAYOUT: { actions: 'setLayout' },
    ADD_SLIDE: { guard: 'canAdd', actions: 'addSlide' },
    REMOVE_SLIDE: { guard: 'canRemove', actions: 'removeSlide' },
  },
  initial: 'deciding',
  states: {
    deciding: {
      always: [
        { guard: and(['autoplayOn', 'isFocussed']), target: 'focussed' },
        { guard: and(['autoplayOn', 'isHovered']), target: 'interrupted' },
        { guard: 'autoplayOn', target: 'playing' },
        { target: 'still' },
      ],
    },
    /** No autoplay (off, or everything fits on screen). A new layout decides again. */
    still: {
      on: {
        PLAY: { target: 'playing' },
        LAYOUT: { target: 'deciding', actions: 'setLayout' },
        HOVER_START: { actions: 'markHovered' },
        HOVER_END: { actions: 'unmarkHovered' },
        FOCUS_IN: { actions: 'markFocussed' },
        FOCUS_OUT: { actions: 'unmarkFocussed' },
      },
    },
    playing: {
      after: { autoplaySpeed: { target: 'playing', reenter: true, actions: 'autoAdvance' } },
      on: {
        PAUSE: 'paused',
        HOVER_START: { target: 'interrupted', actions: 'markHovered' },
        FOCUS_IN: { target: 'focussed', actions: 'markFocussed' },
        // At a new width everything may fit: decide again.
        LAYOUT: { target: 'deciding', actions: 'setLayout' },
        // A manual step restarts the wait for the next automatic one.
        NEXT: { target: 'playing', reenter: true, actions: 'stepForward' },
        PREV: { target: 'playing', reenter: true, actions: 'stepBack' },
      },
    },
    /** Paused by the shopper: stays until PLAY. */
    paused: {
      on: {
        PLAY: [{ guard: 'isFocussed', target: 'focussed' }, { guard: 'isHovered', target: 'interrupted' }, { target: 'playing' }],
        HOVER_START: { actions: 'markHovered' },
        HOVER_END: { actions: 'unmarkHovered' },
        FOCUS_IN: { actions: 'markFocussed' },
        FOCUS_OUT: { actions: 'unmarkFocussed' },
      },
    },
    /** The pointer is over the slider. */
    interrupted: {
      on: {
        HOVER_END: [{ guard: 'isFocussed', target: 'focussed', actions: 'unmarkHovered' }, { target: 'playing', actions: 'unmarkHovered' }],
        FOCUS_IN: { actions: 'markFocussed' },
        FOCUS_OUT: { actions: 'unmarkFocussed' },
        PAUSE: 'paused',
      },
    },
    /** Keyboard focus is inside the slider. */
    focussed: {
      on: {
        FOCUS_OUT: [{ guard: 'isHovered', target: 'interrupted', actions: 'unmarkFocussed' }, { target: 'playing', actions: 'unmarkFocussed' }],
        HOVER_START: { actions: 'markHovered' },
        HOVER_END: { actions: 'unmarkHovered' },
        PAUSE: 'paused',
      },
    },
  },
});
