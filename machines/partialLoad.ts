import { assign, emit, setup } from 'xstate';

/**
 * Partial page load (storefront spec, section 2): the target regions are marked loading, the
 * target address (plus an optional suffix) is fetched, the regions are replaced with the
 * fetched ones and the address bar updated without a reload. A new load cancels the one in
 * flight: its request is aborted and its late answer ignored (answers carry a request id).
 * Failure, or no answer within 16000 ms, navigates fully to the target.
 */
export const PARTIAL_LOAD_TIMEOUT_MS = 16_000;

export type PartialLoadEvent =
  | { type: 'LOAD'; url: string; suffix?: string; push?: boolean }
  | { type: 'LOADED'; requestId: number }
  | { type: 'FAILED'; requestId: number };

export type PartialLoadEmitted =
  | { type: 'fetch'; requestId: number; url: string; suffix: string }
  | { type: 'cancel'; requestId: number }
  | { type: 'apply'; requestId: number; url: string; push: boolean }
  | { type: 'navigate'; url: string };

export interface PartialLoadContext {
  requestId: number;
  url: string | null;
  suffix: string;
  push: boolean;
}

export const partialLoadMachine = setup({
  types: {
    context: {} as PartialLoadContext,
    events: {} as PartialLoadEvent,
    emitted: {} as PartialLoadEmitted,
  },
  guards: {
    isCurrentRequest: ({ context, event }) => 'requestId' in event && event.requestId === context.requestId,
  },
  actions: {
    startRequest: assign(({ context, event }) =>
      event.type === 'LOAD' ? { requestId: context.requestId + 1, url: event.url, suffix: event.suffix ?? '', push: event.push ?? true } : {},
    ),
    requestFetch: emit(({ context }) => ({ type: 'fetch' as const, requestId: context.requestId, url: context.url!, suffix: context.suffix })),
    cancelRequest: emit(({ context }) => ({ type: 'cancel' as const, requestId: context.requestId })),
    applyRegions: emit(({ context }) => ({ type: 'apply' as const, requestId: context.requestId, url: context.url!, push: context.push })),
    navigateFully: emit(({ context }) => ({ type: 'navigate' as const, url: context.url! })),
  },
  delays: { partialLoadTimeout: PARTIAL_LOAD_TIMEOUT_MS },
}).createMachine({
  id: 'partialLoad',
  context: { requestId: 0, url: null, suffix: '', push: true },
  initial: 'idle',
  states: {
    idle: {
      on: { LOAD: { target: 'loading', actions: ['startRequest', 'requestFetch'] } },
    },
    loading: {
      after: { partialLoadTimeout: { target: 'failed', actions: 'cancelRequest' } },
      on: {
        LOAD: { target: 'loading', reenter: true, actions: ['cancelRequest', 'startRequest', 'requestFetch'] },
        LOADED: { guard: 'isCurrentRequest', target: 'idle', actions: 'applyRegions' },
        FAILED: { guard: 'isCurrentRequest', target: 'failed' },
      },
    },
    failed: {
      entry: 'navigateFully',
      // The browser is leaving; a new load before it does still works.
      on: { LOAD: { target: 'loading', actions: ['startRequest', 'requestFetch'] } },
    },
  },
});
