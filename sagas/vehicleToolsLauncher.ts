import type { Action } from '@reduxjs/toolkit';
import { call, fork, take } from 'redux-saga/effects';
import { GARAGE_STORAGE_KEY } from '../src/domain/garageCore';
import { vehicleRestored } from '../store/vehicleSlice';

export function loadVehicleTools() {
  return import(/* webpackChunkName: "vehicle-tools" */ './vehicleTools');
}

/** Whether this browser keeps a garage (read, never at module load). */
export function garageStored(): boolean {
  try {
    return window.localStorage.getItem(GARAGE_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * The garage and fit-note sagas load only for a shopper who has a vehicle: a garage kept in this
 * browser, or a vehicle chosen on this page (the address, box1..box4, the configurator). Until
 * then no page carries their code (first-load budget, README "First load").
 */
export function* vehicleToolsLauncher() {
  const stored: boolean = yield call(garageStored);
  if (!stored) yield take((action: Action) => vehicleRestored.match(action) && action.payload !== null);
  const tools: Awaited<ReturnType<typeof loadVehicleTools>> = yield call(loadVehicleTools);
  yield fork(tools.vehicleToolsSaga);
}
