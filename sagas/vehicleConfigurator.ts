import { createAction, type Action } from '@reduxjs/toolkit';
import { call, cancelled, fork, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { VehicleConfiguratorEmitted } from '../machines/vehicleConfigurator';
import { parentsOf } from '../src/domain/vehicle';
import { fetchCategoryCounts } from '../src/api/catalogue';
import { fetchVehicleOptions } from '../src/api/vehicles';
import {
  choiceStorageEntries,
  EMPTY_CHOICE,
  isEmptyChoice,
  restoreVehicle,
  storedChoice,
  VEHICLE_LEVELS,
  vehicleIdsFromQuery,
  vehicleSearchUrl,
  type VehicleChoice,
  type VehicleLevel,
  type VehicleOption,
} from '../src/domain/vehicle';
import type { RootState } from '../store';
import { flowEmitted, flowSend } from '../store/flowsSlice';
import { engineCategoriesLoaded, vehicleCleared, vehicleKeyRequested, vehicleOptionsLoaded, vehicleRestored, type VehicleState } from '../store/vehicleSlice';
import { lookUpVehicleKey } from './vehicleKey';
import { showAlert } from './alert';
import { loadVehicleTools } from './vehicleToolsLauncher';
import { navigateTo } from '../src/api/navigation';
import { vehicleRemoveRequested, VEHICLE_FLOW } from '../store/actions';

export { vehicleRemoveRequested, VEHICLE_FLOW };

export const HOME_PATH = '/main.php';

/** One select's options, for the choices before it (one request per level at a time). */
export const vehicleOptionsRequested = createAction<{ level: VehicleLevel; parentId: number | null; parents: Partial<Record<VehicleLevel, number>> }>(
  'vehicle/optionsRequested',
);
/** The category tiles' counts for this engine (null: back to the shop-wide counts). */
export const engineCategoriesRequested = createAction<{ engineId: number | null }>('vehicle/engineCategoriesRequested');

/* ---------------------------------------------------------------- local storage (called, never at module load) */

export function readVehicleStorage(): VehicleChoice {
  try {
    return storedChoice((key) => window.localStorage.getItem(key));
  } catch {
    return EMPTY_CHOICE; // storage blocked: no saved vehicle
  }
}

export function writeVehicleStorage(entries: Record<string, string | null>): void {
  try {
    for (const [key, value] of Object.entries(entries)) {
      if (value === null) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, value);
    }
  } catch {
    // storage blocked or full: the choice still works for this page
  }
}

export function currentSearch(): string {
  return window.location.search;
}

/* ---------------------------------------------------------------- sagas */

/** Fills the names an address could not carry, from each level's options. */
export function* nameVehicle(choice: VehicleChoice) {
  const named: VehicleChoice = { ...choice };
  for (const level of VEHICLE_LEVELS) {
    const option = named[level];
    if (!option || option.name) continue;
    try {
      const options: VehicleOption[] = yield call(fetchVehicleOptions, level, parentsOf(named, level));
      named[level] = { id: option.id, name: options.find((candidate) => candidate.id === option.id)?.name ?? '' };
    } catch {
      break; // the bar shows what is known
    }
  }
  return named;
}

/** The saved vehicle on this page: from the address's parameters, else from local storage. */
export function* restoreSavedVehicle() {
  const stored: VehicleChoice = yield call(readVehicleStorage);
  const search: string = yield call(currentSearch);
  const choice = restoreVehicle(vehicleIdsFromQuery(new URLSearchParams(search)), stored);
  if (isEmptyChoice(choice)) return;
  yield put(vehicleRestored(choice));
  // The brake page has no configurator to say which engine is chosen: its compass asks for the saved one's counts.
  const pageType: string | undefined = yield select((state: RootState) => state.page.location?.type);
  if (choice.engine && pageType === 'brakes') yield put(engineCategoriesRequested({ engineId: choice.engine.id }));
  if (VEHICLE_LEVELS.some((level) => choice[level] && !choice[level].name)) {
    const named: VehicleChoice = yield call(nameVehicle, choice);
    yield put(vehicleRestored(named));
  }
}

/** Loads one select's options; a newer request for the same level cancels it and aborts its HTTP call. */
export function* loadOptions(action: ReturnType<typeof vehicleOptionsRequested>) {
  const { level, parentId, parents } = action.payload;
  // Drawn with the page (the server embeds the brands where the configurator is shown): not asked again.
  const drawn: VehicleState['options'][VehicleLevel] = yield select((state: RootState) => state.vehicle.options[level]);
  if (drawn && drawn.parentId === parentId && drawn.items.length) {
    yield put(flowSend({ id: VEHICLE_FLOW, event: { type: 'LOADED', level, parentId, count: drawn.items.length } }));
    return;
  }
  const controller = new AbortController();
  try {
    const items: VehicleOption[] = yield call(fetchVehicleOptions, level, parents, controller.signal);
    yield put(vehicleOptionsLoaded({ level, parentId, items }));
    yield put(flowSend({ id: VEHICLE_FLOW, event: { type: 'LOADED', level, parentId, count: items.length } }));
  } catch {
    yield put(flowSend({ id: VEHICLE_FLOW, event: { type: 'FAILED', level, parentId } }));
  } finally {
    if ((yield cancelled()) as boolean) controller.abort();
  }
}

/** The pages whose category counts follow the saved vehicle: the home tiles and the brake page's compass. */
export const ENGINE_COUNT_PAGES: readonly string[] = ['main', 'brakes'];

/** The home page's category tiles and the brake page's compass follow the chosen engine (brake-shop spec section 4). */
export function* loadEngineCategories(action: ReturnType<typeof engineCategoriesRequested>) {
  const { engineId } = action.payload;
  const pageType: string | undefined = yield select((state: RootState) => state.page.location?.type);
  if (engineId === null || !pageType || !ENGINE_COUNT_PAGES.includes(pageType)) {
    yield put(engineCategoriesLoaded(null));
    return;
  }
  const controller = new AbortController();
  try {
    const rows: Array<[number, string, number]> = yield call(fetchCategoryCounts, engineId, controller.signal);
    yield put(engineCategoriesLoaded({ engineId, rows }));
  } catch {
    // the shop-wide counts stay
  } finally {
    if ((yield cancelled()) as boolean) controller.abort();
  }
}

/** Names each chosen level from the options on screen (a restored choice may lack them). */
export function namedFromOptions(choice: VehicleChoice, options: VehicleState['options']): VehicleChoice {
  const named: VehicleChoice = { ...choice };
  for (const level of VEHICLE_LEVELS) {
    const option = named[level];
    if (option && !option.name) named[level] = { id: option.id, name: options[level]?.items.find((item) => item.id === option.id)?.name ?? '' };
  }
  return named;
}

/** Submit: save box1..box4 and wasRender, remember the vehicle, open its listing. */
export function* submitVehicle(choice: VehicleChoice) {
  const options: VehicleState['options'] = yield select((state: RootState) => state.vehicle.options);
  const named = namedFromOptions(choice, options);
  yield call(writeVehicleStorage, choiceStorageEntries(named));
  yield put(vehicleRestored(named));
  // The configurator's vehicle joins the garage (issue 25): its code is loaded first, so the
  // garage is written before the page changes.
  const tools: Awaited<ReturnType<typeof loadVehicleTools>> = yield call(loadVehicleTools);
  yield call(tools.keepVehicle, named);
  const url = vehicleSearchUrl(named);
  if (url) yield call(navigateTo, url);
}

/** Nothing chosen: the saved choice goes. */
export function* clearVehicle() {
  yield call(writeVehicleStorage, choiceStorageEntries(EMPTY_CHOICE));
  yield put(vehicleCleared());
}

export function* removeVehicle() {
  const saved: VehicleChoice | null = yield select((state: RootState) => state.vehicle.saved);
  if (saved) {
    const tools: Awaited<ReturnType<typeof loadVehicleTools>> = yield call(loadVehicleTools);
    yield call(tools.forgetVehicle, saved);
  }
  yield call(clearVehicle);
  yield call(navigateTo, HOME_PATH);
}

/** Turns what the configurator emits into work. */
export function* followConfigurator(action: ReturnType<typeof flowEmitted>) {
  if (action.payload.id !== VEHICLE_FLOW) return;
  const event = action.payload.event as unknown as VehicleConfiguratorEmitted;
  switch (event.type) {
    case 'load':
      yield put(vehicleOptionsRequested({ level: event.level, parentId: event.parentId, parents: event.parents }));
      break;
    case 'alert':
      yield put(showAlert({ key: event.key, style: event.style, duration: event.duration }));
      break;
    case 'submit':
      yield call(submitVehicle, event.choice);
      break;
    case 'clear':
      yield call(clearVehicle);
      break;
    case 'engineChanged':
      yield put(engineCategoriesRequested({ engineId: event.engineId }));
      break;
  }
}

const optionsRequestFor = (level: VehicleLevel) => (action: Action) =>
  vehicleOptionsRequested.match(action) && action.payload.level === level;

export function* vehicleSaga() {
  yield fork(restoreSavedVehicle);
  yield takeEvery(flowEmitted.type, followConfigurator);
  for (const level of VEHICLE_LEVELS) yield takeLatest(optionsRequestFor(level), loadOptions);
  yield takeLatest(engineCategoriesRequested.type, loadEngineCategories);
  yield takeLatest(vehicleRemoveRequested.type, removeVehicle);
  yield takeLatest(vehicleKeyRequested.type, followVehicleKey);
}

/** A key entered in a key form (issue 37): found, it is submitted as the configurator's choice (or given to the finder). */
export function* followVehicleKey(action: ReturnType<typeof vehicleKeyRequested>) {
  yield call(lookUpVehicleKey, action, submitVehicle);
}
