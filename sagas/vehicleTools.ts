import { all, fork } from 'redux-saga/effects';
import { fitmentSaga } from './fitment';
import { garageSaga } from './garage';

export { keepVehicle, forgetVehicle } from './garage';

/** The garage's storage and the fit answers: one chunk, loaded for shoppers with a vehicle or a garage (sagas/vehicleToolsLauncher.ts). */
export function* vehicleToolsSaga() {
  yield all([fork(garageSaga), fork(fitmentSaga)]);
}
