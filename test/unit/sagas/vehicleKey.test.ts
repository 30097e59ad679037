import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { lookUpVehicleKey } from '../../../sagas/vehicleKey';
import { fetchVehicleByKey } from '../../../src/api/vehicles';
import { HttpError } from '../../../src/api/http';
import { parseVehicleKey } from '../../../src/domain/vehicleKey';
import { flowSend } from '../../../store/flowsSlice';
import { vehicleKeyAnswered, vehicleKeyRequested } from '../../../store/vehicleSlice';
import type { VehicleChoice } from '../../../src/domain/vehicle';

const golf = {
  brand: { id: 29, name: 'Volkswagen' },
  model: { id: 1280, name: 'Golf' },
  year: { id: 5500, name: 'Golf II (2004-2010)' },
  engine: { id: 20500, name: '1.6 TDI 105 CV (77 kW)' },
};
const found = { kind: 'kba' as const, key: '0603/AJX', vehicle: golf };
function* submitted(_choice: VehicleChoice): Generator {
  yield undefined;
}

describe('a vehicle key (src/domain/vehicleKey.ts)', () => {
  it('reads a KBA number written with a slash, a space, a dash or nothing, and a KType number; nothing else', () => {
    for (const text of ['0603/AJX', '0603 ajx', '0603AJX', ' 0603-ajx ', '0603 / AJX']) expect(parseVehicleKey(text)).toEqual({ kind: 'kba', key: '0603/AJX' });
    expect(parseVehicleKey('012345')).toEqual({ kind: 'ktype', key: '12345' });
    for (const text of ['', '0', '06/AJX', '0603/AJ', '0603//AJX', 'AJX/0603', '1234567890', '12.345']) expect(parseVehicleKey(text)).toBeNull();
  });
});

describe('vehicle key saga', () => {
  it('a malformed key is answered at once, the shop is not asked', async () => {
    await expectSaga(lookUpVehicleKey, vehicleKeyRequested({ key: '06/AJX', target: 'garage' }), submitted)
      .put(vehicleKeyAnswered({ target: 'garage', status: 'invalid' }))
      .not.call.fn(fetchVehicleByKey)
      .run();
  });

  it('an unknown key says so; a failed call says to try again', async () => {
    await expectSaga(lookUpVehicleKey, vehicleKeyRequested({ key: '9999/ZZZ', target: 'configurator' }), submitted)
      .provide([[matchers.call.fn(fetchVehicleByKey), throwError(new HttpError('404', 404, null))]])
      .put(vehicleKeyAnswered({ target: 'configurator', status: 'unknown' }))
      .not.call.fn(submitted)
      .run();
    await expectSaga(lookUpVehicleKey, vehicleKeyRequested({ key: '9999/ZZZ', target: 'configurator' }), submitted)
      .provide([[matchers.call.fn(fetchVehicleByKey), throwError(new HttpError('offline', 0, null))]])
      .put(vehicleKeyAnswered({ target: 'configurator', status: 'failed' }))
      .run();
  });

  it('found in the finder: the engine becomes the finder\'s vehicle; in the garage: submitted as the configurator\'s choice', async () => {
    const label = 'Volkswagen Golf II (2004-2010) 1.6 TDI 105 CV (77 kW)';
    await expectSaga(lookUpVehicleKey, vehicleKeyRequested({ key: '0603 ajx', target: 'finder' }), submitted)
      .provide([[matchers.call.fn(fetchVehicleByKey), found]])
      .put(vehicleKeyAnswered({ target: 'finder', status: 'found', label }))
      .put(flowSend({ id: 'brakeFinder', event: { type: 'CHOOSE_VEHICLE', engineId: 20500, label } }))
      .not.call.fn(submitted)
      .run();
    await expectSaga(lookUpVehicleKey, vehicleKeyRequested({ key: '0603 ajx', target: 'garage' }), submitted)
      .provide([[matchers.call.fn(fetchVehicleByKey), found]])
      .call(submitted, golf)
      .run();
  });
});
