import { assign, emit, raise, setup } from 'xstate';
import {
  chooseDropdown,
  compareAlert,
  disabledDropdownAlert,
  engineLetter,
  FINDER_MIN_COMPARE,
  FINDER_PASTE_DELAY_MS,
  FINDER_TYPING_DELAY_MS,
  NO_CHOICE,
  selectSubmitAlert,
  toggleCompared,
  vehicleLabel,
  vehicleSearchReady,
  type Dropdown,
  type VehicleChoice,
} from '../src/domain/brakeFinder';

/**
 * The brake finder (brake-shop spec, sections 2-5 and 8-9). Three sections run side by side:
 * data (tabs select and search), products (axis list, category list, product list) and
 * details (the comparison). Each is disabled, active or in error, and its label changes with
 * the choice made in it. A label click toggles its section unless the section is disabled.
 * Opening data activates it; a vehicle result activates products; a detail request
 * activates details; clearing products clears details. Fetch answers carry the request id
 * they answer, so a stale answer is ignored (the saga also cancels the stale fetch).
 */
export type FinderSection = 'data' | 'products' | 'details';
export type FinderTab = 'select' | 'search';

/** i18n keys of the finder's texts (section `finder`). */
export type FinderErrorKey = 'brake_error1' | 'brake_error2' | 'brake_error3' | 'brake_error4';
export type FinderAlertKey =
  | 'brake_choose_brand'
  | 'brake_choose_model'
  | 'brake_choose_brand_and_model'
  | 'brake_number'
  | 'brake_compare'
  | 'brake_compare_length'
  | 'brake_length'
  | 'brake_error4';

export type BrakeFinderEvent =
  | { type: 'TOGGLE'; section: FinderSection }
  | { type: 'OPEN_TAB'; tab: FinderTab }
  | { type: 'RETRY' }
  | { type: 'BRANDS_LOADED' }
  | { type: 'BRANDS_FAILED' }
  /** `engine` (last dropdown): the engine field, the option's direct engine id or the built result. */
  | { type: 'CHOOSE'; dropdown: Dropdown; value: string | null; engine?: string | null }
  | { type: 'ENGINE_DATA_LOADED'; letter: string }
  | { type: 'ENGINE_DATA_FAILED'; letter: string }
  | { type: 'DISABLED_CLICK'; dropdown: Dropdown }
  /** `engine`: the engine field of the choice so far (built when no engine option with an id is chosen). */
  | { type: 'SUBMIT_SELECT'; engine?: string | null }
  | { type: 'TYPE'; query: string }
  | { type: 'PASTE'; query: string; mobile: boolean }
  | { type: 'MATCHED'; query: string; count: number; onlyId: number | null; onlyLabel?: string | null }
  | { type: 'SEARCH_FAILED' }
  | { type: 'SUBMIT_SEARCH' }
  | { type: 'CHOOSE_VEHICLE'; engineId: number; label: string }
  | { type: 'VEHICLE'; engine: string | null; label: string }
  | { type: 'AXES_LOADED'; request: number; count: number; onlyAxis: number | null }
  | { type: 'CHOOSE_AXIS'; axis: number }
  | { type: 'CATEGORIES_LOADED'; request: number; count: number }
  | { type: 'CHOOSE_CATEGORY'; category: number; label: string }
  | { type: 'PRODUCTS_LOADED'; request: number; count: number }
  | { type: 'LOAD_FAILED'; request: number }
  | { type: 'CLEAR_PRODUCTS' }
  | { type: 'CLEAR_DETAILS' }
  | { type: 'TICK'; id: number; ticked: boolean }
  | { type: 'COMPARE' }
  | { type: 'SHOW_DETAILS'; id: number }
  | { type: 'DETAILS_LOADED'; request: number }
  | { type: 'DETAILS_FAILED'; request: number }
  | { type: 'REMOVE_COMPARED'; id: number }
  | { type: 'CLOSE_DETAILS' };

export type BrakeFinderEmitted =
  | { type: 'loadBrands' }
  | { type: 'loadEngineData'; letter: string }
  | { type: 'searchVehicles'; query: string }
  | { type: 'fetchAxes'; request: number; engine: string }
  | { type: 'fetchCategories'; request: number; engine: string; axis: number }
  | { type: 'fetchProducts'; request: number; engine: string; axis: number; category: number }
  | { type: 'fetchDetails'; request: number; ids: number[] }
  | { type: 'clearProducts' }
  | { type: 'persistCompare'; ids: number[] }
  | { type: 'scrollTo'; section: FinderSection }
  | { type: 'alert'; key: FinderAlertKey };

export interface BrakeFinderContext {
  /** Elsewhere than a product page the finder starts at once (data opened and loading). */
  startsAtOnce: boolean;
  open: Record<FinderSection, boolean>;
  choice: VehicleChoice;
  /** The changed labels: the vehicle on data, the category on products. */
  labels: { data: string | null; products: string | null };
  /** The engine field (traits_alt[49]): a direct engine id or a built "Brand|Model|..." result. */
  engine: string | null;
  axis: number | null;
  category: number | null;
  query: string;
  matches: number;
  onlyMatch: { id: number; label: string } | null;
  compare: number[];
  detailsIds: number[];
  detailsMode: 'compare' | 'single' | null;
  errors: { data: FinderErrorKey | null; products: FinderErrorKey | null; details: FinderErrorKey | null };
  productsRequest: number;
  detailsRequest: number;
}

export interface BrakeFinderInput {
  startsAtOnce?: boolean;
  compare?: number[];
}

const is = <T extends BrakeFinderEvent['type']>(event: BrakeFinderEvent, type: T): event is Extract<BrakeFinderEvent, { type: T }> => event.type === type;

export const brakeFinderMachine = setup({
  types: {
    context: {} as BrakeFinderContext,
    events: {} as BrakeFinderEvent,
    emitted: {} as BrakeFinderEmitted,
    input: {} as BrakeFinderInput | undefined,
  },
  guards: {
    startsAtOnce: ({ context }) => context.startsAtOnce,
    opensSearch: ({ event }) => is(event, 'OPEN_TAB') && event.tab === 'search',
    opensSelect: ({ event }) => is(event, 'OPEN_TAB') && event.tab === 'select',
    togglesData: ({ event }) => is(event, 'TOGGLE') && event.section === 'data',
    togglesProducts: ({ event }) => is(event, 'TOGGLE') && event.section === 'products',
    togglesDetails: ({ event }) => is(event, 'TOGGLE') && event.section === 'details',
    choosesBrand: ({ event }) => is(event, 'CHOOSE') && event.dropdown === 'brand' && !!event.value,
    choosesEngine: ({ event }) => is(event, 'CHOOSE') && event.dropdown === 'engine' && !!event.value,
    selectComplete: ({ context }) => selectSubmitAlert(context.choice) === null,
    isCurrentProducts: ({ context, event }) => 'request' in event && event.request === context.productsRequest,
    isCurrentDetails: ({ context, event }) => 'request' in event && event.request === context.detailsRequest,
    isCurrentProductsAndEmpty: ({ context, event }) => 'request' in event && event.request === context.productsRequest && 'count' in event && event.count === 0,
    isCurrentProductsAndSingle: ({ context, event }) => is(event, 'AXES_LOADED') && event.request === context.productsRequest && event.onlyAxis !== null,
    isCurrentDetailsInCompare: ({ context, event }) => is(event, 'DETAILS_FAILED') && event.request === context.detailsRequest && context.detailsMode === 'compare',
    hasEngine: ({ event }) => is(event, 'VEHICLE') && !!event.engine,
    queryTooShort: ({ event }) => (is(event, 'TYPE') || is(event, 'PASTE')) && !vehicleSearchReady(event.query),
    mobilePaste: ({ event }) => is(event, 'PASTE') && event.mobile,
    isCurrentQuery: ({ context, event }) => is(event, 'MATCHED') && event.query === context.query,
    isCurrentQueryWithoutMatch: ({ context, event }) => is(event, 'MATCHED') && event.query === context.query && event.count === 0,
    oneMatch: ({ context }) => context.matches === 1 && context.onlyMatch !== null,
    manyMatches: ({ context }) => context.matches > 1,
    searchTooShort: ({ context }) => !vehicleSearchReady(context.query),
    canCompare: ({ context }) => context.compare.length >= FINDER_MIN_COMPARE,
    /** Removing one from the comparison shown: 2 or more left reload the details. */
    reloadsAfterRemove: ({ context, event }) =>
      is(event, 'REMOVE_COMPARED') && context.detailsMode === 'compare' && context.detailsIds.filter((id) => id !== event.id).length >= FINDER_MIN_COMPARE,
    removesShown: ({ context, event }) => is(event, 'REMOVE_COMPARED') && context.detailsIds.includes(event.id),
  },
  actions: {
    toggle: assign({ open: ({ context }, section: FinderSection) => ({ ...context.open, [section]: !context.open[section] }) }),
    openSection: assign({ open: ({ context }, section: FinderSection) => ({ ...context.open, [section]: true }) }),
    loadBrands: emit({ type: 'loadBrands' as const }),
    setError: assign({ errors: ({ context }, params: { section: FinderSection; key: FinderErrorKey | null }) => ({ ...context.errors, [params.section]: params.key }) }),
    storeChoice: assign(({ context, event }) => {
      if (!is(event, 'CHOOSE')) return {};
      const choice = chooseDropdown(context.choice, event.dropdown, event.value);
      return { choice, labels: { ...context.labels, data: null }, engine: event.dropdown === 'engine' ? (event.engine ?? null) : null, axis: null, category: null };
    }),
    loadEngineData: emit(({ event }) => ({ type: 'loadEngineData' as const, letter: is(event, 'CHOOSE') && event.value ? engineLetter(event.value) : '' })),
    /**
     * The last dropdown chosen (axis and category empty, the vehicle searched at once) or the
     * select submitted: the engine field is the option's direct engine id, else the built result.
     */
    raiseVehicleFromChoice: raise(({ context, event }) => ({
      type: 'VEHICLE' as const,
      engine: is(event, 'CHOOSE') || is(event, 'SUBMIT_SELECT') ? (event.engine ?? null) : context.engine,
      label: vehicleLabel(is(event, 'CHOOSE') ? chooseDropdown(context.choice, event.dropdown, event.value) : context.choice),
    })),
    raiseClearProducts: raise({ type: 'CLEAR_PRODUCTS' as const }),
    forgetChoice: assign({ choice: NO_CHOICE, query: '', matches: 0, onlyMatch: null }),
    raiseClearDetails: raise({ type: 'CLEAR_DETAILS' as const }),
    alertDisabled: emit(({ context, event }) => ({
      type: 'alert' as const,
      key: (is(event, 'DISABLED_CLICK') ? disabledDropdownAlert(context.choice, event.dropdown) : null) ?? 'brake_choose_brand',
    })),
    alertSubmit: emit(({ context }) => ({ type: 'alert' as const, key: selectSubmitAlert(context.choice) ?? 'brake_choose_brand' })),
    alert: emit((_, key: FinderAlertKey) => ({ type: 'alert' as const, key })),
    storeQuery: assign(({ event }) => ((is(event, 'TYPE') || is(event, 'PASTE')) ? { query: event.query, matches: 0, onlyMatch: null } : {})),
    searchVehicles: emit(({ context }) => ({ type: 'searchVehicles' as const, query: context.query })),
    storeMatches: assign(({ event }) =>
      is(event, 'MATCHED') ? { matches: event.count, onlyMatch: event.count === 1 && event.onlyId !== null ? { id: event.onlyId, label: event.onlyLabel ?? '' } : null } : {},
    ),
    raiseOnlyMatch: raise(({ context }) => ({ type: 'VEHICLE' as const, engine: context.onlyMatch ? String(context.onlyMatch.id) : null, label: context.onlyMatch?.label ?? '' })),
    raiseChosenVehicle: raise(({ event }) => ({ type: 'VEHICLE' as const, engine: is(event, 'CHOOSE_VEHICLE') ? String(event.engineId) : null, label: is(event, 'CHOOSE_VEHICLE') ? event.label : '' })),
    startVehicle: assign(({ context, event }) =>
      is(event, 'VEHICLE')
        ? {
            engine: event.engine,
            labels: { data: event.label, products: null },
            axis: null,
            category: null,
            productsRequest: context.productsRequest + 1,
            open: { ...context.open, products: true },
            errors: { ...context.errors, products: null },
          }
        : {},
    ),
    fetchAxes: emit(({ context }) => ({ type: 'fetchAxes' as const, request: context.productsRequest, engine: context.engine! })),
    storeAxis: assign(({ context, event }) => {
      const axis = is(event, 'CHOOSE_AXIS') ? event.axis : is(event, 'AXES_LOADED') ? event.onlyAxis : null;
      return { axis, category: null, labels: { ...context.labels, products: null }, productsRequest: context.productsRequest + 1 };
    }),
    fetchCategories: emit(({ context }) => ({ type: 'fetchCategories' as const, request: context.productsRequest, engine: context.engine!, axis: context.axis! })),
    storeCategory: assign(({ context, event }) =>
      is(event, 'CHOOSE_CATEGORY') ? { category: event.category, labels: { ...context.labels, products: event.label }, productsRequest: context.productsRequest + 1 } : {},
    ),
    fetchProducts: emit(({ context }) => ({
      type: 'fetchProducts' as const,
      request: context.productsRequest,
      engine: context.engine!,
      axis: context.axis!,
      category: context.category!,
    })),
    forgetProducts: assign(({ context }) => ({ engine: null, axis: null, category: null, labels: { data: null, products: null }, productsRequest: context.productsRequest + 1 })),
    clearProducts: emit({ type: 'clearProducts' as const }),
    scrollTo: emit((_, section: FinderSection) => ({ type: 'scrollTo' as const, section })),
    tick: assign({ compare: ({ context, event }) => (is(event, 'TICK') ? toggleCompared(context.compare, event.id, event.ticked) : context.compare) }),
    removeCompared: assign(({ context, event }) =>
      is(event, 'REMOVE_COMPARED') ? { compare: context.compare.filter((id) => id !== event.id), detailsIds: context.detailsIds.filter((id) => id !== event.id) } : {},
    ),
    persistCompare: emit(({ context }) => ({ type: 'persistCompare' as const, ids: context.compare })),
    alertCompare: emit(({ context }) => ({ type: 'alert' as const, key: compareAlert(context.compare.length) ?? 'brake_compare' })),
    startCompare: assign(({ context }) => ({
      detailsIds: context.compare,
      detailsMode: 'compare' as const,
      detailsRequest: context.detailsRequest + 1,
      open: { ...context.open, details: true },
      errors: { ...context.errors, details: null },
    })),
    startSingle: assign(({ context, event }) =>
      is(event, 'SHOW_DETAILS')
        ? { detailsIds: [event.id], detailsMode: 'single' as const, detailsRequest: context.detailsRequest + 1, open: { ...context.open, details: true }, errors: { ...context.errors, details: null } }
        : {},
    ),
    reloadDetails: assign(({ context }) => ({ detailsRequest: context.detailsRequest + 1 })),
    fetchDetails: emit(({ context }) => ({ type: 'fetchDetails' as const, request: context.detailsRequest, ids: context.detailsIds })),
    forgetDetails: assign(({ context }) => ({ detailsIds: [], detailsMode: null, detailsRequest: context.detailsRequest + 1 })),
  },
  delays: { typingDelay: FINDER_TYPING_DELAY_MS, pasteDelay: FINDER_PASTE_DELAY_MS },
}).createMachine({
  id: 'brakeFinder',
  type: 'parallel',
  context: ({ input }) => ({
    startsAtOnce: input?.startsAtOnce ?? true,
    open: { data: input?.startsAtOnce ?? true, products: false, details: false },
    choice: NO_CHOICE,
    labels: { data: null, products: null },
    engine: null,
    axis: null,
    category: null,
    query: '',
    matches: 0,
    onlyMatch: null,
    compare: input?.compare ?? [],
    detailsIds: [],
    detailsMode: null,
    errors: { data: null, products: null, details: null },
    productsRequest: 0,
    detailsRequest: 0,
  }),
  on: {
    TICK: { actions: ['tick', 'persistCompare'] },
  },
  states: {
    data: {
      initial: 'start',
      on: { TOGGLE: { guard: 'togglesData', actions: { type: 'toggle', params: 'data' } } },
      states: {
        start: { always: [{ guard: 'startsAtOnce', target: 'active' }, { target: 'collapsed' }] },
        /** On a product page: collapsed until its label is first clicked. */
        collapsed: { on: { TOGGLE: { guard: 'togglesData', target: 'active', actions: { type: 'openSection', params: 'data' } } } },
        active: {
          initial: 'loading',
          states: {
            loading: {
              entry: 'loadBrands',
              on: {
                BRANDS_LOADED: 'ready',
                BRANDS_FAILED: { target: '#brakeFinder.data.error', actions: { type: 'setError', params: { section: 'data', key: 'brake_error1' } } },
              },
            },
            ready: {
              initial: 'select',
              on: { CHOOSE_VEHICLE: { actions: 'raiseChosenVehicle' } },
              states: {
                select: {
                  initial: 'idle',
                  on: {
                    OPEN_TAB: { guard: 'opensSearch', target: 'search' },
                    CHOOSE: [
                      { guard: 'choosesBrand', target: '.loadingEngines', actions: ['storeChoice', 'loadEngineData', 'raiseClearProducts'] },
                      { guard: 'choosesEngine', actions: ['storeChoice', 'raiseVehicleFromChoice'] },
                      { actions: ['storeChoice', 'raiseClearProducts'] },
                    ],
                    DISABLED_CLICK: { actions: 'alertDisabled' },
                    SUBMIT_SELECT: [{ guard: 'selectComplete', actions: 'raiseVehicleFromChoice' }, { actions: 'alertSubmit' }],
                  },
                  states: {
                    idle: {},
                    loadingEngines: {
                      on: {
                        ENGINE_DATA_LOADED: 'idle',
                        ENGINE_DATA_FAILED: { target: '#brakeFinder.data.error', actions: { type: 'setError', params: { section: 'data', key: 'brake_error1' } } },
                      },
                    },
                  },
                },
                search: {
                  initial: 'empty',
                  on: {
                    OPEN_TAB: { guard: 'opensSelect', target: 'select' },
                    TYPE: [
                      { guard: 'queryTooShort', target: '.tooShort', actions: 'storeQuery' },
                      { target: '.typing', actions: 'storeQuery' },
                    ],
                    PASTE: [
                      { guard: 'queryTooShort', target: '.tooShort', actions: 'storeQuery' },
                      { guard: 'mobilePaste', target: '.pasting', actions: 'storeQuery' },
                      { target: '.matching', actions: 'storeQuery' },
                    ],
                    SEARCH_FAILED: { target: '#brakeFinder.data.error', actions: { type: 'setError', params: { section: 'data', key: 'brake_error1' } } },
                    SUBMIT_SEARCH: [
                      { guard: 'searchTooShort', target: '.tooShort', actions: { type: 'alert', params: 'brake_length' } },
                      { guard: 'oneMatch', actions: 'raiseOnlyMatch' },
                      { guard: 'manyMatches', actions: { type: 'alert', params: 'brake_number' } },
                      { target: '.none' },
                    ],
                  },
                  states: {
                    empty: {},
                    /** Fewer than 3 characters: the length message (brake_length). */
                    tooShort: {},
                    typing: { after: { typingDelay: 'matching' } },
                    /** On a phone a paste waits 200 ms before searching. */
                    pasting: { after: { pasteDelay: 'matching' } },
                    matching: {
                      entry: 'searchVehicles',
                      on: {
                        MATCHED: [
                          { guard: 'isCurrentQueryWithoutMatch', target: 'none', actions: 'storeMatches' },
                          { guard: 'isCurrentQuery', target: 'listed', actions: 'storeMatches' },
                        ],
                      },
                    },
                    listed: {},
                    /** No vehicle matches: brake_error2. */
                    none: {},
                  },
                },
              },
            },
          },
        },
        error: {
          // A retry starts the data over: brands, then the choice from the brand on.
          on: { RETRY: { target: 'active', actions: [{ type: 'setError', params: { section: 'data', key: null } }, 'forgetChoice', 'raiseClearProducts'] } },
        },
      },
    },
    products: {
      initial: 'disabled',
      on: {
        TOGGLE: { guard: 'togglesProducts', actions: { type: 'toggle', params: 'products' } },
        VEHICLE: [
          { guard: 'hasEngine', target: '.loading', actions: ['startVehicle', 'raiseClearDetails', 'fetchAxes'] },
          { target: '.error', actions: ['startVehicle', 'raiseClearDetails', { type: 'setError', params: { section: 'products', key: 'brake_error2' } }] },
        ],
        CLEAR_PRODUCTS: { target: '.disabled', actions: ['forgetProducts', 'clearProducts', 'raiseClearDetails'] },
      },
      states: {
        disabled: {
          entry: assign(({ context }) => ({ open: { ...context.open, products: false } })),
          on: { TOGGLE: { guard: 'togglesProducts' } },
        },
        loading: {
          on: {
            AXES_LOADED: [
              // A vehicle with no parts: none "with the parameters chosen" (brake_error3), not "for the code entered" (issue 34, point 15).
              { guard: 'isCurrentProductsAndEmpty', target: 'error', actions: { type: 'setError', params: { section: 'products', key: 'brake_error3' } } },
              { guard: 'isCurrentProductsAndSingle', target: 'active.loadingCategories', actions: ['storeAxis', 'fetchCategories', { type: 'scrollTo', params: 'products' }] },
              { guard: 'isCurrentProducts', target: 'active.axes', actions: { type: 'scrollTo', params: 'products' } },
            ],
            LOAD_FAILED: { guard: 'isCurrentProducts', target: 'error', actions: { type: 'setError', params: { section: 'products', key: 'brake_error1' } } },
          },
        },
        active: {
          initial: 'axes',
          on: {
            CHOOSE_AXIS: { target: '.loadingCategories', actions: ['storeAxis', 'fetchCategories'] },
            CHOOSE_CATEGORY: { target: '.loadingProducts', actions: ['storeCategory', 'fetchProducts'] },
            LOAD_FAILED: { guard: 'isCurrentProducts', target: 'error', actions: { type: 'setError', params: { section: 'products', key: 'brake_error1' } } },
          },
          states: {
            axes: {},
            loadingCategories: {
              on: {
                CATEGORIES_LOADED: [
                  { guard: 'isCurrentProductsAndEmpty', target: '#brakeFinder.products.error', actions: { type: 'setError', params: { section: 'products', key: 'brake_error3' } } },
                  { guard: 'isCurrentProducts', target: 'categories' },
                ],
              },
            },
            categories: {},
            loadingProducts: {
              on: {
                PRODUCTS_LOADED: [
                  { guard: 'isCurrentProductsAndEmpty', target: '#brakeFinder.products.error', actions: { type: 'setError', params: { section: 'products', key: 'brake_error3' } } },
                  { guard: 'isCurrentProducts', target: 'list' },
                ],
              },
            },
            list: {},
          },
        },
        error: {},
      },
    },
    details: {
      initial: 'disabled',
      on: {
        TOGGLE: { guard: 'togglesDetails', actions: { type: 'toggle', params: 'details' } },
        COMPARE: [
          { guard: 'canCompare', target: '.loading', actions: ['startCompare', 'fetchDetails'] },
          { actions: 'alertCompare' },
        ],
        SHOW_DETAILS: { target: '.loading', actions: ['startSingle', 'fetchDetails'] },
        REMOVE_COMPARED: [
          { guard: 'reloadsAfterRemove', target: '.loading', actions: ['removeCompared', 'persistCompare', 'reloadDetails', 'fetchDetails'] },
          { guard: 'removesShown', target: '.disabled', actions: ['removeCompared', 'persistCompare', 'forgetDetails'] },
          { actions: ['removeCompared', 'persistCompare'] },
        ],
        CLOSE_DETAILS: { target: '.disabled', actions: 'forgetDetails' },
        CLEAR_DETAILS: { target: '.disabled', actions: 'forgetDetails' },
      },
      states: {
        disabled: {
          entry: assign(({ context }) => ({ open: { ...context.open, details: false } })),
          on: { TOGGLE: { guard: 'togglesDetails' } },
        },
        loading: {
          on: {
            DETAILS_LOADED: { guard: 'isCurrentDetails', target: 'active', actions: { type: 'scrollTo', params: 'details' } },
            DETAILS_FAILED: [
              { guard: 'isCurrentDetailsInCompare', target: 'disabled', actions: [{ type: 'alert', params: 'brake_error4' }, 'forgetDetails'] },
              { guard: 'isCurrentDetails', target: 'error', actions: { type: 'setError', params: { section: 'details', key: 'brake_error4' } } },
            ],
          },
        },
        active: {},
        error: {},
      },
    },
  },
});
