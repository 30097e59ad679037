import { assign, emit, setup } from 'xstate';
import { BANNER_COOKIE_DAYS } from '../src/domain/banners';

/**
 * The dismissible banners (brake-shop spec section 4): hidden until the saga has read which
 * ones the shopper closed before (their cookies), then shown; closing one removes it and asks
 * for its cookie (1 day by default).
 */
/** The flow's id: the page runs one. */
export const BANNERS_FLOW = 'banners';

export type BannersEvent = { type: 'READ'; dismissed: string[] } | { type: 'DISMISS'; id: string };
export type BannersEmitted = { type: 'remember'; id: string; days: number };

export const bannersMachine = setup({
  types: {
    context: {} as { dismissed: string[] },
    events: {} as BannersEvent,
    emitted: {} as BannersEmitted,
  },
  actions: {
    takeDismissed: assign(({ event }) => (event.type === 'READ' ? { dismissed: [...event.dismissed] } : {})),
    dismiss: assign(({ context, event }) => (event.type === 'DISMISS' && !context.dismissed.includes(event.id) ? { dismissed: [...context.dismissed, event.id] } : {})),
    remember: emit(({ event }) => ({ type: 'remember' as const, id: event.type === 'DISMISS' ? event.id : '', days: BANNER_COOKIE_DAYS })),
  },
}).createMachine({
  id: 'banners',
  context: { dismissed: [] },
  initial: 'reading',
  states: {
    reading: { on: { READ: { target: 'shown', actions: 'takeDismissed' } } },
    shown: { on: { DISMISS: { actions: ['dismiss', 'remember'] } } },
  },
});
