import { and, assign, emit, raise, setup, stateIn } from 'xstate';
import { searchPlan } from '../src/domain/codeSearch';
import { moveActive } from '../src/domain/liveSearch';
import { canSubmitSearch } from '../src/domain/searchText';

/**
 * The header's live search (brake-shop spec sections 4, 5 and 9), two regions side by side:
 * - request: typing waits 500 ms idle (a code query 1000 ms from 4 characters; see
 *   `searchPlan`), then asks for results; typing again restarts the wait and cancels the
 *   request in flight. Text too short for a search cancels everything.
 * - popup: the dropdown opens when results arrive and closes when they are empty or the fetch
 *   fails; only-OE mode when the only hits are replacement codes. Arrow keys move the active
 *   option, Enter follows it or submits the text (3 characters at least, else an alert), Escape
 *   closes and a second Escape clears the text.
 * The machine never fetches: it emits `fetch` / `cancel` / `follow` / `submit` / `tooShort`
 * for the saga and learns answers as RESULTS / FAILED, matched by request id.
 */
export type LiveSearchEvent =
  | { type: 'TYPED'; text: string }
  | { type: 'PREFILL'; text: string }
  | { type: 'RESULTS'; requestId: number; count: number; onlyOe: boolean }
  | { type: 'FAILED'; requestId: number }
  | { type: 'NEXT' }
  | { type: 'PREVIOUS' }
  | { type: 'HOVER'; index: number }
  | { type: 'ENTER' }
  | { type: 'SUBMIT' }
  | { type: 'ESCAPE' }
  | { type: 'FOCUS' }
  | { type: 'BLUR' };

export type LiveSearchEmitted =
  | { type: 'fetch'; requestId: number; query: string; code: boolean }
  | { type: 'cancel'; requestId: number }
  | { type: 'follow'; index: number }
  | { type: 'submit'; text: string }
  | { type: 'tooShort' };

export interface LiveSearchContext {
  /** The input's text. */
  query: string;
  requestId: number;
  /** Options in the dropdown, and which is active (-1: none). */
  optionCount: number;
  active: number;
  onlyOe: boolean;
}

export const liveSearchMachine = setup({
  types: {
    context: {} as LiveSearchContext,
    events: {} as LiveSearchEvent,
    emitted: {} as LiveSearchEmitted,
  },
  guards: {
    isSearchable: ({ event }) => event.type === 'TYPED' && searchPlan(event.text).kind !== 'none',
    isTooShort: ({ event }) => event.type === 'TYPED' && searchPlan(event.text).kind === 'none',
    isCurrentRequest: ({ context, event }) => 'requestId' in event && event.requestId === context.requestId,
    hasResults: ({ context, event }) => event.type === 'RESULTS' && event.requestId === context.requestId && event.count > 0,
    hasOnlyOe: ({ context, event }) => event.type === 'RESULTS' && event.requestId === context.requestId && event.count > 0 && event.onlyOe,
    hasOptions: ({ context }) => context.optionCount > 0,
    hasOnlyOeOptions: ({ context }) => context.optionCount > 0 && context.onlyOe,
    hasActiveOption: ({ context }) => context.active >= 0 && context.active < context.optionCount,
    canSubmit: ({ context }) => canSubmitSearch(context.query),
  },
  actions: {
    storeQuery: assign(({ event }) => (event.type === 'TYPED' || event.type === 'PREFILL' ? { query: event.text, active: -1 } : {})),
    forgetOptions: assign({ optionCount: 0, active: -1, onlyOe: false }),
    storeOptions: assign(({ event }) => (event.type === 'RESULTS' ? { optionCount: event.count, onlyOe: event.onlyOe, active: -1 } : {})),
    startRequest: assign({ requestId: ({ context }) => context.requestId + 1 }),
    requestFetch: emit(({ context }) => ({ type: 'fetch' as const, requestId: context.requestId, query: context.query.trim(), code: searchPlan(context.query).kind === 'code' })),
    cancelRequest: emit(({ context }) => ({ type: 'cancel' as const, requestId: context.requestId })),
    activateNext: assign({ active: ({ context }) => moveActive(context.active, context.optionCount, 1) }),
    activatePrevious: assign({ active: ({ context }) => moveActive(context.active, context.optionCount, -1) }),
    activateHovered: assign({ active: ({ context, event }) => (event.type === 'HOVER' && event.index >= 0 && event.index < context.optionCount ? event.index : context.active) }),
    deactivate: assign({ active: -1 }),
    followActive: emit(({ context }) => ({ type: 'follow' as const, index: context.active })),
    submitText: emit(({ context }) => ({ type: 'submit' as const, text: context.query.trim() })),
    rejectShortText: emit({ type: 'tooShort' as const }),
    clearText: raise({ type: 'TYPED' as const, text: '' }),
  },
  delays: {
    typingDelay: ({ context }) => {
      const plan = searchPlan(context.query);
      return plan.kind === 'none' ? 0 : plan.delayMs;
    },
  },
}).createMachine({
  id: 'liveSearch',
  context: { query: '', requestId: 0, optionCount: 0, active: -1, onlyOe: false },
  type: 'parallel',
  on: {
    // The text the page was opened with (a listing's ?text=): shown, not searched.
    PREFILL: { actions: 'storeQuery' },
  },
  states: {
    request: {
      initial: 'idle',
      // Transitions stay inside this region (a region-wide re-entry would reset the popup too).
      states: {
        idle: {
          on: {
            TYPED: [{ guard: 'isSearchable', target: 'waiting', actions: 'storeQuery' }, { actions: 'storeQuery' }],
          },
        },
        waiting: {
          after: { typingDelay: { target: 'loading', actions: ['startRequest', 'requestFetch'] } },
          on: {
            // Each keystroke restarts the idle wait.
            TYPED: [
              { guard: 'isSearchable', target: 'waiting', reenter: true, actions: 'storeQuery' },
              { target: 'idle', actions: 'storeQuery' },
            ],
          },
        },
        loading: {
          on: {
            TYPED: [
              { guard: 'isSearchable', target: 'waiting', actions: ['cancelRequest', 'storeQuery'] },
              { target: 'idle', actions: ['cancelRequest', 'storeQuery'] },
            ],
            RESULTS: { guard: 'isCurrentRequest', target: 'idle' },
            FAILED: { guard: 'isCurrentRequest', target: 'idle' },
          },
        },
      },
    },
    popup: {
      initial: 'closed',
      on: {
        TYPED: { guard: 'isTooShort', target: '.closed', actions: 'forgetOptions' },
        // Answers count only while their request is the one under way (not cancelled since).
        RESULTS: [
          { guard: and(['hasOnlyOe', stateIn({ request: 'loading' })]), target: '.open.onlyOe', actions: 'storeOptions' },
          { guard: and(['hasResults', stateIn({ request: 'loading' })]), target: '.open.results', actions: 'storeOptions' },
          { guard: and(['isCurrentRequest', stateIn({ request: 'loading' })]), target: '.closed', actions: 'forgetOptions' },
        ],
        FAILED: { guard: and(['isCurrentRequest', stateIn({ request: 'loading' })]), target: '.closed', actions: 'forgetOptions' },
        SUBMIT: [{ guard: 'canSubmit', actions: 'submitText' }, { actions: 'rejectShortText' }],
      },
      states: {
        closed: {
          on: {
            NEXT: [
              { guard: 'hasOnlyOeOptions', target: 'open.onlyOe', actions: 'activateNext' },
              { guard: 'hasOptions', target: 'open.results', actions: 'activateNext' },
            ],
            PREVIOUS: [
              { guard: 'hasOnlyOeOptions', target: 'open.onlyOe', actions: 'activatePrevious' },
              { guard: 'hasOptions', target: 'open.results', actions: 'activatePrevious' },
            ],
            FOCUS: [
              { guard: 'hasOnlyOeOptions', target: 'open.onlyOe' },
              { guard: 'hasOptions', target: 'open.results' },
            ],
            ENTER: [{ guard: 'canSubmit', actions: 'submitText' }, { actions: 'rejectShortText' }],
            // The second Escape: the text goes, and with it any search under way.
            ESCAPE: { actions: 'clearText' },
          },
        },
        open: {
          initial: 'results',
          exit: 'deactivate',
          on: {
            NEXT: { actions: 'activateNext' },
            PREVIOUS: { actions: 'activatePrevious' },
            HOVER: { actions: 'activateHovered' },
            ENTER: [{ guard: 'hasActiveOption', actions: 'followActive' }, { guard: 'canSubmit', actions: 'submitText' }, { actions: 'rejectShortText' }],
            ESCAPE: { target: 'closed' },
            BLUR: { target: 'closed' },
          },
          states: {
            results: {},
            onlyOe: {},
          },
        },
      },
    },
  },
});
