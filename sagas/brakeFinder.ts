import type { Action } from '@reduxjs/toolkit';
import { call, cancelled, fork, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import { brakeFinderMachine, type BrakeFinderEmitted } from '../machines/brakeFinder';
import {
  fetchAxes,
  fetchBrandInitials,
  fetchEngineData,
  fetchProductsById,
  fetchSearchVehicles,
  fetchCategories,
  fetchSelectedProducts,
  fetchTraits,
  type SearchVehicleEntry,
} from '../src/api/finder';
import type { BrakeProduct, EngineNode, ProductTrait } from '../src/api/wire';
import { engineCompatibilityFromTraits, hasEngineList, type EngineGroup } from '../src/domain/comparison';
import {
  basketQuantity,
  brandNames,
  FINDER_COMPARE_KEY,
  FINDER_SCROLL_MS,
  matchVehicles,
  MISSING_QUANTITY_MS,
  offeredRows,
  readComparedIds,
  VEHICLE_MATCHES_SHOWN,
  type FinderRow,
} from '../src/domain/brakeFinder';
import { flowEmitted, flowSend, type FlowEvent } from '../store/flowsSlice';
import {
  finderAxesLoaded,
  finderBrandsLoaded,
  finderCategoriesLoaded,
  finderCompatibilityLoaded,
  finderDetailsLoaded,
  finderEngineDataLoaded,
  finderMatchesLoaded,
  finderNamesLoaded,
  finderProductsCleared,
  finderProductsLoaded,
} from '../store/finderSlice';
import { showAlert } from './alert';
import { runFlow } from './flows';
import { listAddRequested } from './miniBasket';
import { finderBasketRequested } from '../store/actions';

export { finderBasketRequested };

/**
 * The brake finder's side effects: runs its machine and answers what it emits (engine data
 * per brand letter, cached; the vehicle search; axes, categories and products, one lane
 * whose newer request cancels the older; the compared products; local storage; the 1000 ms
 * scroll; alerts) and the finder's basket form.
 */
export const FINDER_FLOW = 'brakeFinder';

type Emitted<T extends BrakeFinderEmitted['type']> = Extract<BrakeFinderEmitted, { type: T }>;
type EmittedAction<T extends BrakeFinderEmitted['type']> = ReturnType<typeof flowEmitted> & { payload: { event: Emitted<T> } };

export const emittedBy =
  (...types: BrakeFinderEmitted['type'][]) =>
  (action: Action): boolean =>
    flowEmitted.match(action) && action.payload.id === FINDER_FLOW && (types as string[]).includes(action.payload.event.type);

export const sendFinder = (event: FlowEvent) => flowSend({ id: FINDER_FLOW, event });

/* ------------------------------------------------------------------ storage */

export function readStoredCompare(): string | null {
  try {
    return window.localStorage.getItem(FINDER_COMPARE_KEY);
  } catch {
    return null;
  }
}

export function writeStoredCompare(ids: number[]): void {
  try {
    window.localStorage.setItem(FINDER_COMPARE_KEY, JSON.stringify(ids));
  } catch {
    // Storage full or refused: the selection lives on for this page only.
  }
}

export function* persistCompare(action: EmittedAction<'persistCompare'>) {
  yield call(writeStoredCompare, action.payload.event.ids);
}

/* ------------------------------------------------------------------ data section */

export function* loadBrands(country: string) {
  // Drawn with the page (the brake page embeds its finder's brands): not asked again.
  const drawn: string[] = yield select((state: { finder: { brands: string[] } }) => state.finder.brands);
  if (drawn.length) {
    yield put(sendFinder({ type: 'BRANDS_LOADED' }));
    return;
  }
  const controller = new AbortController();
  try {
    const initials: EngineNode[] = yield call(fetchBrandInitials, country, controller.signal);
    const brands = brandNames(initials);
    if (!brands.length) throw new Error('no brands');
    yield put(finderBrandsLoaded(brands));
    yield put(sendFinder({ type: 'BRANDS_LOADED' }));
  } catch {
    yield put(sendFinder({ type: 'BRANDS_FAILED' }));
  } finally {
    if ((yield cancelled()) as boolean) controller.abort();
  }
}

/** Engine data per brand letter (of the shop's country), fetched once per letter. */
export function* loadEngineData(cache: Map<string, EngineNode[]>, country: string, action: EmittedAction<'loadEngineData'>) {
  const { letter } = action.payload.event;
  const controller = new AbortController();
  try {
    let tree = cache.get(letter);
    if (!tree) {
      tree = (yield call(fetchEngineData, letter, country, controller.signal)) as EngineNode[];
      cache.set(letter, tree);
      yield put(finderEngineDataLoaded({ letter, tree }));
    }
    yield put(sendFinder({ type: 'ENGINE_DATA_LOADED', letter }));
  } catch {
    yield put(sendFinder({ type: 'ENGINE_DATA_FAILED', letter }));
  } finally {
    if ((yield cancelled()) as boolean) controller.abort();
  }
}

/** The vehicle search: the list is fetched once, then matched in the browser. */
export function* searchVehicles(cache: { vehicles: SearchVehicleEntry[] | null }, action: EmittedAction<'searchVehicles'>) {
  const { query } = action.payload.event;
  const controller = new AbortController();
  try {
    if (!cache.vehicles) cache.vehicles = (yield call(fetchSearchVehicles, controller.signal)) as SearchVehicleEntry[];
    const matches = matchVehicles(cache.vehicles, query);
    yield put(finderMatchesLoaded(matches.slice(0, VEHICLE_MATCHES_SHOWN)));
    const only = matches.length === 1 ? matches[0] : null;
    yield put(sendFinder({ type: 'MATCHED', query, count: matches.length, onlyId: only?.id ?? null, onlyLabel: only?.label ?? null }));
  } catch {
    yield put(sendFinder({ type: 'SEARCH_FAILED' }));
  } finally {
    if ((yield cancelled()) as boolean) controller.abort();
  }
}

/* ------------------------------------------------------------------ products section */

/** One lane for axes, categories and products: a newer request cancels the one in flight. */
export function* productsLane(action: EmittedAction<'fetchAxes' | 'fetchCategories' | 'fetchProducts' | 'clearProducts'>) {
  const event = action.payload.event;
  if (event.type === 'clearProducts') {
    yield put(finderProductsCleared());
    return;
  }
  const controller = new AbortController();
  try {
    if (event.type === 'fetchAxes') {
      const rows: FinderRow[] = offeredRows(yield call(fetchAxes, event.engine, controller.signal));
      yield put(finderAxesLoaded(rows));
      yield put(sendFinder({ type: 'AXES_LOADED', request: event.request, count: rows.length, onlyAxis: rows.length === 1 ? rows[0][0] : null }));
    } else if (event.type === 'fetchCategories') {
      const rows: FinderRow[] = offeredRows(yield call(fetchCategories, event.engine, event.axis, controller.signal));
      yield put(finderCategoriesLoaded(rows));
      yield put(sendFinder({ type: 'CATEGORIES_LOADED', request: event.request, count: rows.length }));
    } else {
      const products: BrakeProduct[] = yield call(fetchSelectedProducts, event.axis, event.category, event.engine, controller.signal);
      yield put(finderProductsLoaded(products));
      yield put(sendFinder({ type: 'PRODUCTS_LOADED', request: event.request, count: products.length }));
    }
  } catch {
    yield put(sendFinder({ type: 'LOAD_FAILED', request: event.request }));
  } finally {
    if ((yield cancelled()) as boolean) controller.abort();
  }
}

/* ------------------------------------------------------------------ details section */

export function* fetchDetails(action: EmittedAction<'fetchDetails'>) {
  const { request, ids } = action.payload.event;
  const controller = new AbortController();
  try {
    const products: BrakeProduct[] = yield call(fetchProductsById, ids, controller.signal);
    if (!products.length) throw new Error('no product details');
    // The comparison keeps the order of ticking.
    const ordered = ids.map((id) => products.find((product) => product.id === id)).filter((product): product is BrakeProduct => !!product);
    yield put(finderDetailsLoaded(ordered));
    yield put(sendFinder({ type: 'DETAILS_LOADED', request }));
    yield call(loadTraitEngines, ordered, controller.signal);
  } catch {
    yield put(sendFinder({ type: 'DETAILS_FAILED', request }));
  } finally {
    if ((yield cancelled()) as boolean) controller.abort();
  }
}

/**
 * Names of the compared ids restored from compareBrakes (ticked on an earlier page): the compare
 * list names them, not "#id". A failure leaves them to the lists that load later.
 */
export function* loadComparedNames(ids: readonly number[]) {
  if (!ids.length) return;
  try {
    const products: BrakeProduct[] = yield call(fetchProductsById, ids);
    yield put(finderNamesLoaded(Object.fromEntries(products.map((product) => [product.id, product.name]))));
  } catch {
    // The lists that load later name what they show.
  }
}

/**
 * Engine compatibility of compared products whose description has no engine list: from the
 * traits (get=traits, groups 49 and 181409), asked once per product. A product whose traits
 * cannot be read keeps its empty engine row.
 */
export const selectCompatibility = (state: { finder: { compatibility: Record<number, EngineGroup[]> } }) => state.finder.compatibility;

export function* loadTraitEngines(products: readonly BrakeProduct[], signal?: AbortSignal) {
  const known: Record<number, EngineGroup[]> = yield select(selectCompatibility);
  const found: Record<number, EngineGroup[]> = {};
  for (const product of products) {
    if (hasEngineList(product.longDescription) || known[product.id]) continue;
    try {
      const traits: ProductTrait[] = yield call(fetchTraits, product.id, signal);
      found[product.id] = engineCompatibilityFromTraits(traits);
    } catch {
      // The engine row stays empty for this product.
    }
  }
  if (Object.keys(found).length) yield put(finderCompatibilityLoaded(found));
}

/* ------------------------------------------------------------------ page effects */

function reducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Scrolls the section's top into view over `duration` ms (eased), instantly under reduced motion. */
export function scrollToSection(section: string, duration: number): Promise<void> {
  const element = document.getElementById(`brake-finder-${section}`);
  if (!element) return Promise.resolve();
  const start = window.scrollY;
  // The section's scroll-margin-top keeps it clear of the sticky header.
  const margin = parseFloat(window.getComputedStyle(element).scrollMarginTop) || 0;
  const target = Math.max(0, start + element.getBoundingClientRect().top - margin);
  if (reducedMotion() || duration <= 0 || typeof window.requestAnimationFrame !== 'function') {
    window.scrollTo(0, target);
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const began = performance.now();
    const step = (now: number) => {
      const progress = Math.min(1, (now - began) / duration);
      const eased = progress < 0.5 ? 2 * progress * progress : 1 - (-2 * progress + 2) ** 2 / 2;
      window.scrollTo(0, start + (target - start) * eased);
      if (progress < 1) window.requestAnimationFrame(step);
      else resolve();
    };
    window.requestAnimationFrame(step);
  });
}

export function* scrollTo(action: EmittedAction<'scrollTo'>) {
  yield call(scrollToSection, action.payload.event.section, FINDER_SCROLL_MS);
}

export function* alertOf(action: EmittedAction<'alert'>) {
  yield put(showAlert({ key: `finder.${action.payload.event.key}`, style: action.payload.event.key === 'brake_error4' ? 'error' : 'warning' }));
}

/** The finder's basket form: a number quantity adds (once while loading), else the missing-quantity info. */
export function* addFromFinder(action: ReturnType<typeof finderBasketRequested>) {
  const { product, size, number } = action.payload;
  if (basketQuantity(number) === null) {
    yield put(showAlert({ key: 'finder.brake_missing_quantity', style: 'info', duration: MISSING_QUANTITY_MS }));
    return;
  }
  yield put(listAddRequested({ product, size }));
}

/** `country`: whose engine data files the finder reads (the shop version; default it). */
export function* brakeFinderSaga({ startsAtOnce, country = 'it' }: { startsAtOnce: boolean; country?: string }) {
  const stored: string | null = yield call(readStoredCompare);
  yield takeLatest(emittedBy('loadBrands'), loadBrands, country);
  yield takeEvery(emittedBy('loadEngineData'), loadEngineData, new Map<string, EngineNode[]>(), country);
  yield takeLatest(emittedBy('searchVehicles'), searchVehicles, { vehicles: null });
  yield takeLatest(emittedBy('fetchAxes', 'fetchCategories', 'fetchProducts', 'clearProducts'), productsLane);
  yield takeLatest(emittedBy('fetchDetails'), fetchDetails);
  yield takeEvery(emittedBy('persistCompare'), persistCompare);
  yield takeLatest(emittedBy('scrollTo'), scrollTo);
  yield takeEvery(emittedBy('alert'), alertOf);
  yield takeEvery(finderBasketRequested.type, addFromFinder);
  const compare = readComparedIds(stored);
  yield fork(runFlow, FINDER_FLOW, brakeFinderMachine, { startsAtOnce, compare });
  yield fork(loadComparedNames, compare);
}
