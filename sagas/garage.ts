import { call, put, select, takeEvery } from 'redux-saga/effects';
import type { GarageEmitted } from '../machines/garage';
import { addToGarage, EMPTY_GARAGE, formatGarage, GARAGE_STORAGE_KEY, garageVehicle, parseGarage, removeFromGarage, renameInGarage, vehicleKey, withDefault, type Garage } from '../src/domain/garage';
import { choiceStorageEntries, EMPTY_CHOICE, VEHICLE_PARAMS, VEHICLE_LEVELS, vehicleSearchUrl, type VehicleChoice } from '../src/domain/vehicle';
import { navigateTo } from '../src/api/navigation';
import type { RootState } from '../store';
import { GARAGE_FLOW } from '../store/actions';
import { flowEmitted } from '../store/flowsSlice';
import type { PageLocation } from '../store/pageSlice';
import { garageChanged, vehicleCleared, vehicleRestored } from '../store/vehicleSlice';

/* ---------------------------------------------------------------- local storage (called, never at module load) */

export function readGarageStorage(): Garage {
  try {
    return parseGarage(window.localStorage.getItem(GARAGE_STORAGE_KEY));
  } catch {
    return EMPTY_GARAGE; // storage blocked: an empty garage
  }
}

export function writeGarageStorage(garage: Garage): void {
  try {
    if (garage.vehicles.length) window.localStorage.setItem(GARAGE_STORAGE_KEY, formatGarage(garage));
    else window.localStorage.removeItem(GARAGE_STORAGE_KEY);
  } catch {
    // storage blocked or full: the garage still works on this page
  }
}

/** The chosen vehicle's storage (box1..box4), as the configurator writes it. */
export function writeChoiceStorage(choice: VehicleChoice): void {
  try {
    for (const [key, value] of Object.entries(choiceStorageEntries(choice))) {
      if (value === null) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, value);
    }
  } catch {
    // as above
  }
}

/* ---------------------------------------------------------------- sagas */

const selectGarage = (state: RootState) => state.vehicle.garage;

function* storeGarage(garage: Garage) {
  yield call(writeGarageStorage, garage);
  yield put(garageChanged(garage));
}

/** The kept vehicles on this page, from local storage. */
export function* restoreGarage() {
  const garage: Garage = yield call(readGarageStorage);
  if (garage.vehicles.length) yield put(garageChanged(garage));
}

/** Keeps a vehicle chosen in the configurator (called by its submit). */
export function* keepVehicle(choice: VehicleChoice) {
  const garage: Garage = yield select(selectGarage);
  yield call(storeGarage, addToGarage(garage, choice));
}

/** Drops a vehicle from the garage (the saved-vehicle bar's remove). */
export function* forgetVehicle(choice: VehicleChoice) {
  const garage: Garage = yield select(selectGarage);
  const key = vehicleKey(choice);
  if (garage.vehicles.some((vehicle) => vehicle.key === key)) yield call(storeGarage, removeFromGarage(garage, key));
}

/** An address that names a vehicle leads to the same page for the new one (other parameters kept). */
export function addressFor(location: PageLocation | null, choice: VehicleChoice): string | null {
  if (!location || !VEHICLE_LEVELS.some((level) => VEHICLE_PARAMS[level] in location.query)) return null;
  const params = new URLSearchParams(location.query);
  for (const level of VEHICLE_LEVELS) params.delete(VEHICLE_PARAMS[level]);
  const vehicle = new URLSearchParams((vehicleSearchUrl(choice) ?? '').split('?')[1] ?? '');
  for (const [key, value] of vehicle) params.set(key, value);
  return `${location.path}?${params.toString()}`;
}

/** Chooses a kept vehicle: it becomes the page's vehicle (box1..box4), as a configurator choice does. */
export function* switchVehicle(choice: VehicleChoice) {
  yield call(writeChoiceStorage, choice);
  yield put(vehicleRestored(choice));
  const location: PageLocation | null = yield select((state: RootState) => state.page.location);
  const address = addressFor(location, choice);
  if (address) yield call(navigateTo, address);
}

/** Turns what the garage panel emits into work. */
export function* followGarage(action: ReturnType<typeof flowEmitted>) {
  if (action.payload.id !== GARAGE_FLOW) return;
  const event = action.payload.event as unknown as GarageEmitted;
  const garage: Garage = yield select(selectGarage);
  switch (event.type) {
    case 'switch': {
      const vehicle = garageVehicle(garage, event.key);
      if (vehicle) yield call(switchVehicle, vehicle.choice);
      break;
    }
    case 'remove': {
      const next = removeFromGarage(garage, event.key);
      yield call(storeGarage, next);
      const saved: VehicleChoice | null = yield select((state: RootState) => state.vehicle.saved);
      // The chosen vehicle removed: the default (if any is left) is chosen instead.
      if (saved && vehicleKey(saved) === event.key) {
        const fallback = garageVehicle(next, next.defaultKey);
        if (fallback) yield call(switchVehicle, fallback.choice);
        else {
          yield call(writeChoiceStorage, EMPTY_CHOICE);
          yield put(vehicleCleared());
        }
      }
      break;
    }
    case 'makeDefault':
      yield call(storeGarage, withDefault(garage, event.key));
      break;
    case 'rename':
      yield call(storeGarage, renameInGarage(garage, event.key, event.name));
      break;
  }
}

export function* garageSaga() {
  yield call(restoreGarage);
  yield takeEvery(flowEmitted.type, followGarage);
}
