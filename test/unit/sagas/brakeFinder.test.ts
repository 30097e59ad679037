import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { call, cancelled } from 'redux-saga/effects';
import { showAlert } from '../../../sagas/alert';
import {
  addFromFinder,
  alertOf,
  fetchDetails,
  FINDER_FLOW,
  finderBasketRequested,
  loadBrands,
  loadEngineData,
  loadTraitEngines,
  persistCompare,
  selectCompatibility,
  productsLane,
  readStoredCompare,
  scrollTo,
  scrollToSection,
  searchVehicles,
  writeStoredCompare,
} from '../../../sagas/brakeFinder';
import { listAddRequested } from '../../../sagas/miniBasket';
import { fetchAxes, fetchBrandInitials, fetchCategories, fetchEngineData, fetchProductsById, fetchSearchVehicles, fetchSelectedProducts, fetchTraits } from '../../../src/api/finder';
import type { BrakeProduct, EngineNode } from '../../../src/api/wire';
import { FINDER_SCROLL_MS } from '../../../src/domain/brakeFinder';
import { flowEmitted, flowSend, type FlowEvent } from '../../../store/flowsSlice';
import {
  finderAxesLoaded,
  finderBrandsLoaded,
  finderCategoriesLoaded,
  finderCompatibilityLoaded,
  finderDetailsLoaded,
  finderEngineDataLoaded,
  finderMatchesLoaded,
  finderProductsCleared,
  finderProductsLoaded,
} from '../../../store/finderSlice';

const emitted = <T extends FlowEvent>(event: T) => flowEmitted({ id: FINDER_FLOW, event }) as ReturnType<typeof flowEmitted> & { payload: { event: T } };
const toFinder = (event: FlowEvent) => flowSend({ id: FINDER_FLOW, event });

const product = (id: number): BrakeProduct => ({
  id,
  name: `Pastiglie ${id}`,
  link: `/product-${id}-x.html`,
  icon: '',
  longDescription: '',
  price: { price: { gross: { value: 10, currency: 'EUR', formatted: '10,00 €' } } },
  producer: { name: 'TRW' },
  versionName: `GDB ${id}#${id}`,
  awardedParameters: [],
});

const skodaTree: EngineNode[] = [{ n: 'Škoda', c: [{ n: 'Octavia', c: [{ n: 'III', c: [{ n: '1.6 TDI', id: 41 }] }] }] }];

const noBrands = { finder: { brands: [] as string[] } };

describe('brake finder saga: data section', () => {
  it('brands drawn with the page (the brake page) are not asked again', async () => {
    const { effects } = await expectSaga(loadBrands, 'it')
      .withState({ finder: { brands: ['Seat', 'Škoda'] } })
      .provide([[matchers.call.fn(fetchBrandInitials), throwError(new Error('must not be asked'))]])
      .put(toFinder({ type: 'BRANDS_LOADED' }))
      .run();
    expect(effects.call ?? []).toEqual([]);
  });

  it('loads the brands from the initials file and tells the flow', () => {
    return expectSaga(loadBrands, 'it')
      .withState(noBrands)
      .provide([[matchers.call.fn(fetchBrandInitials), [{ n: 's', c: [{ n: 'Škoda' }, { n: 'Seat' }] }]]])
      .put(finderBrandsLoaded(['Seat', 'Škoda']))
      .put(toFinder({ type: 'BRANDS_LOADED' }))
      .run();
  });

  it('a brand file failing (or empty) is BRANDS_FAILED', async () => {
    await expectSaga(loadBrands, 'it')
      .withState(noBrands)
      .provide([[matchers.call.fn(fetchBrandInitials), throwError(new Error('500'))]])
      .put(toFinder({ type: 'BRANDS_FAILED' }))
      .run();
    await expectSaga(loadBrands, 'it')
      .withState(noBrands)
      .provide([[matchers.call.fn(fetchBrandInitials), []]])
      .put(toFinder({ type: 'BRANDS_FAILED' }))
      .run();
  });

  it('the brands come from the country’s initials file', () => {
    return expectSaga(loadBrands, 'pl')
      .withState(noBrands)
      .provide([[matchers.call.fn(fetchBrandInitials), [{ n: 's', c: [{ n: 'Škoda' }] }]]])
      .call.like({ fn: fetchBrandInitials, args: ['pl'] as never })
      .put(finderBrandsLoaded(['Škoda']))
      .run();
  });

  it('engine data is fetched once per letter, from the country’s file', async () => {
    const cache = new Map<string, EngineNode[]>();
    await expectSaga(loadEngineData, cache, 'pl', emitted({ type: 'loadEngineData', letter: 's' }))
      .provide([[matchers.call.fn(fetchEngineData), skodaTree]])
      .call.like({ fn: fetchEngineData, args: ['s', 'pl'] as never })
      .put(finderEngineDataLoaded({ letter: 's', tree: skodaTree }))
      .put(toFinder({ type: 'ENGINE_DATA_LOADED', letter: 's' }))
      .run();
    // Second time: from the cache, no fetch.
    const second = await expectSaga(loadEngineData, cache, 'pl', emitted({ type: 'loadEngineData', letter: 's' }))
      .put(toFinder({ type: 'ENGINE_DATA_LOADED', letter: 's' }))
      .not.call.fn(fetchEngineData)
      .run();
    expect(second.effects.call ?? []).toHaveLength(0);
  });

  it('engine data failing is ENGINE_DATA_FAILED', () => {
    return expectSaga(loadEngineData, new Map(), 'it', emitted({ type: 'loadEngineData', letter: 'a' }))
      .provide([[matchers.call.fn(fetchEngineData), throwError(new Error('404'))]])
      .put(toFinder({ type: 'ENGINE_DATA_FAILED', letter: 'a' }))
      .run();
  });

  it('searches the vehicle list (fetched once) with accents folded', async () => {
    const vehicles = [
      { id: 41, value: { brand: 'Škoda', model: 'Octavia' } },
      { id: 42, value: { brand: 'Seat', model: 'Leon' } },
    ];
    const cache = { vehicles: null as null | typeof vehicles };
    await expectSaga(searchVehicles, cache, emitted({ type: 'searchVehicles', query: 'skoda' }))
      .provide([[matchers.call.fn(fetchSearchVehicles), vehicles]])
      .put(finderMatchesLoaded([{ id: 41, label: 'Škoda Octavia' }]))
      .put(toFinder({ type: 'MATCHED', query: 'skoda', count: 1, onlyId: 41, onlyLabel: 'Škoda Octavia' }))
      .run();
    expect(cache.vehicles).toEqual(vehicles);
    await expectSaga(searchVehicles, cache, emitted({ type: 'searchVehicles', query: 'zzz' }))
      .put(toFinder({ type: 'MATCHED', query: 'zzz', count: 0, onlyId: null, onlyLabel: null }))
      .not.call.fn(fetchSearchVehicles)
      .run();
  });

  it('a search list failure is SEARCH_FAILED', () => {
    return expectSaga(searchVehicles, { vehicles: null }, emitted({ type: 'searchVehicles', query: 'golf' }))
      .provide([[matchers.call.fn(fetchSearchVehicles), throwError(new Error('500'))]])
      .put(toFinder({ type: 'SEARCH_FAILED' }))
      .run();
  });
});

describe('brake finder saga: products lane', () => {
  it('axes: rows with products, one axis named for the flow', async () => {
    await expectSaga(productsLane, emitted({ type: 'fetchAxes', request: 3, engine: '41' }))
      .provide([[matchers.call.fn(fetchAxes), [[148723, 'Anteriore', 4], [148742, 'Posteriore', 0]]]])
      .put(finderAxesLoaded([[148723, 'Anteriore', 4]]))
      .put(toFinder({ type: 'AXES_LOADED', request: 3, count: 1, onlyAxis: 148723 }))
      .run();
  });

  it('categories and products answer with their request id', async () => {
    await expectSaga(productsLane, emitted({ type: 'fetchCategories', request: 4, engine: '41', axis: 148723 }))
      .provide([[matchers.call.fn(fetchCategories), [[148728, 'Pastiglie', 2]]]])
      .put(finderCategoriesLoaded([[148728, 'Pastiglie', 2]]))
      .put(toFinder({ type: 'CATEGORIES_LOADED', request: 4, count: 1 }))
      .run();
    await expectSaga(productsLane, emitted({ type: 'fetchProducts', request: 5, engine: '41', axis: 148723, category: 148728 }))
      .provide([[matchers.call.fn(fetchSelectedProducts), [product(1)]]])
      .call.like({ fn: fetchSelectedProducts, args: [148723, 148728, '41'] as never })
      .put(finderProductsLoaded([product(1)]))
      .put(toFinder({ type: 'PRODUCTS_LOADED', request: 5, count: 1 }))
      .run();
  });

  it.each([
    ['fetchAxes', { type: 'fetchAxes', request: 6, engine: '41' }, fetchAxes],
    ['fetchCategories', { type: 'fetchCategories', request: 6, engine: '41', axis: 1 }, fetchCategories],
    ['fetchProducts', { type: 'fetchProducts', request: 6, engine: '41', axis: 1, category: 2 }, fetchSelectedProducts],
  ] as const)('%s failing is LOAD_FAILED', (_name, event, fn) => {
    return expectSaga(productsLane, emitted(event))
      .provide([[matchers.call.fn(fn), throwError(new Error('500'))]])
      .put(toFinder({ type: 'LOAD_FAILED', request: 6 }))
      .run();
  });

  it('clearing products empties the rows', () => {
    return expectSaga(productsLane, emitted({ type: 'clearProducts' })).put(finderProductsCleared()).run();
  });

  it('answers step by step, and a newer request cancels the one in flight: its request is aborted (testSaga)', () => {
    const answered = testSaga(productsLane, emitted({ type: 'fetchAxes', request: 7, engine: '41' }));
    answered.next().inspect((effect) => expect(effect).toEqual(call(fetchAxes, '41', expect.any(AbortSignal))));
    answered
      .next([[148723, 'Anteriore', 2], [148742, 'Posteriore', 3]])
      .put(finderAxesLoaded([[148723, 'Anteriore', 2], [148742, 'Posteriore', 3]]))
      .next()
      .put(toFinder({ type: 'AXES_LOADED', request: 7, count: 2, onlyAxis: null }))
      .next()
      .is(cancelled())
      .next(false)
      .isDone();

    const replaced = testSaga(productsLane, emitted({ type: 'fetchAxes', request: 8, engine: '41' }));
    let signal: AbortSignal | undefined;
    replaced.next().inspect((effect) => {
      signal = (effect as { payload: { args: [number, AbortSignal] } }).payload.args[1];
    });
    // takeLatest cancels this task: the saga jumps to its finally block, which aborts the request.
    replaced.finish().is(cancelled());
    replaced.next(true).isDone();
    expect(signal?.aborted).toBe(true);
  });
});

const finderState = { finder: { compatibility: {} } };
const engineListHtml = '<h3 class="engine-list-title">Motori</h3><ul class="engine-list"><li>Fiat<ul><li>Panda<ul><li>1.2</li></ul></li></ul></li></ul>';
const traitList = (items: string[]) => `<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`;

describe('brake finder saga: engine compatibility from the traits', () => {
  it('asks the traits (groups 49 and 181409) only of products whose description has no engine list, after the details', () => {
    const withList = { ...product(1), longDescription: engineListHtml };
    const without = product(2);
    return expectSaga(fetchDetails, emitted({ type: 'fetchDetails', request: 9, ids: [1, 2] }))
      .withState(finderState)
      .provide([
        [matchers.call.fn(fetchProductsById), [withList, without]],
        [
          matchers.call.fn(fetchTraits),
          [
            { groupid: 24, description: 'Dischi freno' },
            { groupid: 49, description: traitList(['Fiat Panda III 1.2', 'Fiat Punto 1.4']) },
            { groupid: 181409, description: traitList(['Fiat Panda III 1.2']) },
          ],
        ],
      ])
      .put(toFinder({ type: 'DETAILS_LOADED', request: 9 }))
      .call.like({ fn: fetchTraits, args: [2] as never })
      .not.call.like({ fn: fetchTraits, args: [1] as never })
      .put(finderCompatibilityLoaded({ 2: [{ name: '', items: ['Fiat Panda III 1.2', 'Fiat Punto 1.4'] }] }))
      .run();
  });

  it('step by step: products known already are not asked again; a traits failure leaves the row empty (testSaga)', () => {
    const known = { finder: { compatibility: { 3: [{ name: '', items: ['Fiat Panda'] }] } } };
    const saga = testSaga(loadTraitEngines, [product(3), product(4), product(5)]);
    saga.next().select(selectCompatibility);
    // Product 3 is known: the first call is for product 4.
    saga.save('known');
    saga
      .next(known.finder.compatibility)
      .inspect((effect) => expect(effect).toEqual(call(fetchTraits, 4, undefined)));
    saga.next([{ groupid: 49, description: traitList(['BMW 320d']) }]).call(fetchTraits, 5, undefined);
    saga.throw(new Error('500')).put(finderCompatibilityLoaded({ 4: [{ name: '', items: ['BMW 320d'] }] }));
    saga.next().isDone();
  });
});

describe('brake finder saga: details, storage, scroll, alerts, basket', () => {
  it('details come in the order of ticking', () => {
    return expectSaga(fetchDetails, emitted({ type: 'fetchDetails', request: 2, ids: [8, 5] }))
      .withState(finderState)
      .provide([
        [matchers.call.fn(fetchProductsById), [product(5), product(8)]],
        [matchers.call.fn(fetchTraits), []],
      ])
      .put(finderDetailsLoaded([product(8), product(5)]))
      .put(toFinder({ type: 'DETAILS_LOADED', request: 2 }))
      .run();
  });

  it('details failing, or empty, is DETAILS_FAILED', async () => {
    await expectSaga(fetchDetails, emitted({ type: 'fetchDetails', request: 3, ids: [1, 2] }))
      .provide([[matchers.call.fn(fetchProductsById), throwError(new Error('500'))]])
      .put(toFinder({ type: 'DETAILS_FAILED', request: 3 }))
      .run();
    await expectSaga(fetchDetails, emitted({ type: 'fetchDetails', request: 4, ids: [1, 2] }))
      .provide([[matchers.call.fn(fetchProductsById), []]])
      .put(toFinder({ type: 'DETAILS_FAILED', request: 4 }))
      .run();
  });

  it('the compare ids are written to local storage under compareBrakes', () => {
    localStorage.clear();
    return expectSaga(persistCompare, emitted({ type: 'persistCompare', ids: [3, 4] }))
      .call(writeStoredCompare, [3, 4])
      .run()
      .then(() => {
        expect(localStorage.getItem('compareBrakes')).toBe('[3,4]');
        expect(readStoredCompare()).toBe('[3,4]');
      });
  });

  it('scrolls to a section over 1000 ms', () => {
    return expectSaga(scrollTo, emitted({ type: 'scrollTo', section: 'details' }))
      .provide([[matchers.call.fn(scrollToSection), undefined]])
      .call(scrollToSection, 'details', FINDER_SCROLL_MS)
      .run();
  });

  it('alerts use the finder catalogue', () => {
    return expectSaga(alertOf, emitted({ type: 'alert', key: 'brake_compare_length' }))
      .put(showAlert({ key: 'finder.brake_compare_length', style: 'warning' }))
      .run();
  });

  it('the basket form adds 1 through the list add; a non-number quantity shows the info 4000 ms', async () => {
    await expectSaga(addFromFinder, finderBasketRequested({ product: 5, size: 'uniw', number: '1' }))
      .put(listAddRequested({ product: 5, size: 'uniw' }))
      .run();
    await expectSaga(addFromFinder, finderBasketRequested({ product: 5, size: 'uniw', number: 'x' }))
      .put(showAlert({ key: 'finder.brake_missing_quantity', style: 'info', duration: 4000 }))
      .not.put(listAddRequested({ product: 5, size: 'uniw' }))
      .run();
  });
});
