import { assign, setup } from 'xstate';

/**
 * The site's one alert (storefront spec, section 4): fades in over 500 ms, hides by itself
 * after its duration (5000 ms by default; basket errors 4000 ms, the no-engine hint 7000 ms)
 * or when clicked. Styles: info, warning, error, success. A new alert replaces the shown one.
 */
export const ALERT_FADE_IN_MS = 500;
export const ALERT_DEFAULT_DURATION_MS = 5000;

export type AlertStyle = 'info' | 'warning' | 'error' | 'success';

export interface AlertMessage {
  /** i18n key of the text, and its interpolation values. */
  key: string;
  params?: Record<string, string | number>;
  /** A second text after the first (a refused add: the place's failure text, then the server's reason). */
  detail?: { key: string; params?: Record<string, string | number> };
  style: AlertStyle;
  /** Milliseconds on screen after the fade-in; default 5000. */
  duration?: number;
}

export type AlertEvent = { type: 'SHOW'; message: AlertMessage } | { type: 'CLICK' } | { type: 'DISMISS' };

export const alertMachine = setup({
  types: {
    context: {} as { message: AlertMessage | null; shown: number },
    events: {} as AlertEvent,
  },
  actions: {
    storeMessage: assign({
      message: ({ event }) => (event.type === 'SHOW' ? event.message : null),
      // Counts alerts so the view can restart its fade when one replaces another.
      shown: ({ context }) => context.shown + 1,
    }),
    clearMessage: assign({ message: null }),
  },
  delays: {
    fadeIn: ALERT_FADE_IN_MS,
    displayTime: ({ context }) => context.message?.duration ?? ALERT_DEFAULT_DURATION_MS,
  },
}).createMachine({
  id: 'alert',
  context: { message: null, shown: 0 },
  initial: 'hidden',
  states: {
    hidden: {
      entry: 'clearMessage',
      on: { SHOW: { target: 'fadingIn', actions: 'storeMessage' } },
    },
    fadingIn: {
      after: { fadeIn: 'visible' },
      on: {
        SHOW: { target: 'fadingIn', reenter: true, actions: 'storeMessage' },
        CLICK: 'hidden',
        DISMISS: 'hidden',
      },
    },
    visible: {
      after: { displayTime: 'hidden' },
      on: {
        SHOW: { target: 'fadingIn', actions: 'storeMessage' },
        CLICK: 'hidden',
        DISMISS: 'hidden',
      },
    },
  },
});
