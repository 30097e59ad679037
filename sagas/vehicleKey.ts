import { call, put } from 'redux-saga/effects';
import { fetchVehicleByKey } from '../src/api/vehicles';
import { HttpError } from '../src/api/http';
import type { VehicleKeyAnswer } from '../src/api/wire';
import { parseVehicleKey } from '../src/domain/vehicleKey';
import { vehicleLabel, type VehicleChoice } from '../src/domain/vehicle';
import { flowSend } from '../store/flowsSlice';
import { vehicleKeyAnswered, type vehicleKeyRequested } from '../store/vehicleSlice';

/** The brake finder's flow (sagas/brakeFinder.ts FINDER_FLOW), named here so this saga does not load the finder's code. */
const FINDER_FLOW_ID = 'brakeFinder';

/**
 * A vehicle by its registration key (issue 37): a KBA number (HSN/TSN) or a KType number from
 * one of the key forms (src/components/VehicleKeyForm.tsx). A malformed key is answered on the
 * spot; otherwise the shop is asked. Found: in the brake finder the engine becomes the finder's
 * vehicle (its CHOOSE_VEHICLE, as a vehicle search result); in the configurator and the garage it
 * is submitted as the configurator submits a choice (saved, kept in the garage, its listing opened).
 */
export function* lookUpVehicleKey(action: ReturnType<typeof vehicleKeyRequested>, submitVehicle: (choice: VehicleChoice) => Generator) {
  const { key, target } = action.payload;
  if (!parseVehicleKey(key)) {
    yield put(vehicleKeyAnswered({ target, status: 'invalid' }));
    return;
  }
  let answer: VehicleKeyAnswer;
  try {
    answer = yield call(fetchVehicleByKey, key.trim());
  } catch (error) {
    const status = error instanceof HttpError ? error.status : 0;
    yield put(vehicleKeyAnswered({ target, status: status === 404 ? 'unknown' : status === 400 ? 'invalid' : 'failed' }));
    return;
  }
  const choice: VehicleChoice = answer.vehicle;
  const label = vehicleLabel(choice);
  yield put(vehicleKeyAnswered({ target, status: 'found', label }));
  if (target === 'finder') {
    yield put(flowSend({ id: FINDER_FLOW_ID, event: { type: 'CHOOSE_VEHICLE', engineId: choice.engine!.id, label } }));
  } else {
    yield call(submitVehicle, choice);
  }
}
