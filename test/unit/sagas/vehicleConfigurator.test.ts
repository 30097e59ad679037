import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { call, cancelled } from 'redux-saga/effects';
import { showAlert } from '../../../sagas/alert';
import { navigateTo } from '../../../sagas/partialLoad';
import {
  clearVehicle,
  currentSearch,
  followConfigurator,
  loadEngineCategories,
  loadOptions,
  readVehicleStorage,
  removeVehicle,
  restoreSavedVehicle,
  submitVehicle,
  VEHICLE_FLOW,
  vehicleOptionsRequested,
  engineCategoriesRequested,
  writeVehicleStorage,
  vehicleSaga,
} from '../../../sagas/vehicleConfigurator';
import { fetchCategoryCounts } from '../../../src/api/catalogue';
import { fetchVehicleOptions } from '../../../src/api/vehicles';
import { EMPTY_CHOICE, type VehicleChoice } from '../../../src/domain/vehicle';
import { rootReducer } from '../../../store';
import { flowEmitted, flowSend } from '../../../store/flowsSlice';
import { engineCategoriesLoaded, vehicleCleared, vehicleOptionsLoaded, vehicleRestored } from '../../../store/vehicleSlice';

const fiat: VehicleChoice = {
  brand: { id: 7, name: 'Fiat' },
  model: { id: 70, name: 'Panda' },
  year: { id: 5003, name: 'Panda II' },
  engine: { id: 20011, name: '1.2 69 CV' },
};
const models = [
  { id: 70, name: 'Panda' },
  { id: 71, name: 'Punto' },
];

describe('vehicle configurator saga', () => {
  it('loads a select\'s options, stores them and tells the flow how many (expectSaga)', () => {
    return expectSaga(loadOptions, vehicleOptionsRequested({ level: 'model', parentId: 7, parents: { brand: 7 } }))
      .withState(rootReducer(undefined, { type: 'init' }))
      .provide([[matchers.call.fn(fetchVehicleOptions), models]])
      .call.like({ fn: fetchVehicleOptions, args: ['model', { brand: 7 }] })
      .put(vehicleOptionsLoaded({ level: 'model', parentId: 7, items: models }))
      .put(flowSend({ id: VEHICLE_FLOW, event: { type: 'LOADED', level: 'model', parentId: 7, count: 2 } }))
      .run();
  });

  it('brands drawn with the page are not asked again: the flow is told at once', async () => {
    const state = rootReducer(undefined, { type: 'init' });
    const drawn = { ...state, vehicle: { ...state.vehicle, options: { ...state.vehicle.options, brand: { parentId: null, items: models } } } };
    const { effects } = await expectSaga(loadOptions, vehicleOptionsRequested({ level: 'brand', parentId: null, parents: {} }))
      .withState(drawn)
      .provide([[matchers.call.fn(fetchVehicleOptions), throwError(new Error('must not be asked'))]])
      .put(flowSend({ id: VEHICLE_FLOW, event: { type: 'LOADED', level: 'brand', parentId: null, count: 2 } }))
      .run();
    expect(effects.call ?? []).toEqual([]);
  });

  it('tells the flow when a list fails (expectSaga)', () => {
    return expectSaga(loadOptions, vehicleOptionsRequested({ level: 'year', parentId: 70, parents: { brand: 7, model: 70 } }))
      .withState(rootReducer(undefined, { type: 'init' }))
      .provide([[matchers.call.fn(fetchVehicleOptions), throwError(new Error('offline'))]])
      .put(flowSend({ id: VEHICLE_FLOW, event: { type: 'FAILED', level: 'year', parentId: 70 } }))
      .run();
  });

  it('answers the flow, then aborts nothing (testSaga, step by step)', () => {
    const saga = testSaga(loadOptions, vehicleOptionsRequested({ level: 'model', parentId: 7, parents: { brand: 7 } }));
    saga.next(); // the options drawn with the page, if any: none here
    saga.next(null).inspect((effect) => expect(effect).toEqual(call(fetchVehicleOptions, 'model', { brand: 7 }, expect.any(AbortSignal))));
    saga
      .next(models)
      .put(vehicleOptionsLoaded({ level: 'model', parentId: 7, items: models }))
      .next()
      .put(flowSend({ id: VEHICLE_FLOW, event: { type: 'LOADED', level: 'model', parentId: 7, count: 2 } }))
      .next()
      .is(cancelled())
      .next(false)
      .isDone();
  });

  it('aborts a stale list request when a newer one cancels it (testSaga, step by step)', () => {
    const saga = testSaga(loadOptions, vehicleOptionsRequested({ level: 'model', parentId: 7, parents: { brand: 7 } }));
    let signal: AbortSignal | undefined;
    saga.next();
    saga.next(null).inspect((effect) => {
      expect(effect).toEqual(call(fetchVehicleOptions, 'model', { brand: 7 }, expect.any(AbortSignal)));
      signal = (effect as { payload: { args: [string, unknown, AbortSignal] } }).payload.args[2];
    });
    expect(signal?.aborted).toBe(false);
    // A newer brand's request cancels this one before its answer: the saga jumps to finally.
    saga.finish().is(cancelled()).next(true).isDone();
    expect(signal?.aborted).toBe(true);
  });

  it('takeLatest per level: a second brand choice cancels the first model request', async () => {
    const calls: number[] = [];
    const result = await expectSaga(vehicleSaga)
      .withReducer(rootReducer)
      .provide([
        [matchers.call.fn(readVehicleStorage), EMPTY_CHOICE],
        [matchers.call.fn(currentSearch), ''],
        {
          call(effect, next) {
            if (effect.fn === fetchVehicleOptions) {
              const parents = effect.args[1] as { brand: number };
              calls.push(parents.brand);
              // The first brand's models come late; the second's at once.
              return new Promise((resolve) => setTimeout(() => resolve(parents.brand === 7 ? models : [{ id: 30, name: 'A3' }]), parents.brand === 7 ? 50 : 0));
            }
            return next();
          },
        },
      ])
      .dispatch(vehicleOptionsRequested({ level: 'model', parentId: 7, parents: { brand: 7 } }))
      .dispatch(vehicleOptionsRequested({ level: 'model', parentId: 3, parents: { brand: 3 } }))
      .silentRun(120);
    expect(calls).toEqual([7, 3]);
    expect(result.storeState.vehicle.options.model).toEqual({ parentId: 3, items: [{ id: 30, name: 'A3' }] });
    expect(result.effects.put?.some((effect) => JSON.stringify(effect).includes('"parentId":7,"count"'))).toBe(false);
  });

  it('restores the saved vehicle from local storage', () => {
    return expectSaga(restoreSavedVehicle)
      .withState({ page: { location: { type: 'main', path: '/main.php', query: {}, productId: null } } })
      .provide([
        [matchers.call.fn(readVehicleStorage), fiat],
        [matchers.call.fn(currentSearch), ''],
      ])
      .put(vehicleRestored(fiat))
      .run();
  });

  it('on the brake page, asks for the saved engine\u2019s category counts (its compass follows the vehicle)', () => {
    return expectSaga(restoreSavedVehicle)
      .withState({ page: { location: { type: 'brakes', path: '/brakes.php', query: {}, productId: null } } })
      .provide([
        [matchers.call.fn(readVehicleStorage), fiat],
        [matchers.call.fn(currentSearch), ''],
      ])
      .put(vehicleRestored(fiat))
      .put(engineCategoriesRequested({ engineId: fiat.engine!.id }))
      .run();
  });

  it('loads the category counts for the chosen engine on the brake page', () => {
    const rows: Array<[number, string, number]> = [[148728, 'Pastiglie freno', 3]];
    return expectSaga(loadEngineCategories, engineCategoriesRequested({ engineId: 20011 }))
      .withState({ page: { location: { type: 'brakes', path: '/brakes.php', query: {}, productId: null } } })
      .provide([[matchers.call.fn(fetchCategoryCounts), rows]])
      .put(engineCategoriesLoaded({ engineId: 20011, rows }))
      .run();
  });

  it('restores the vehicle of the address, naming unknown levels from their lists', () => {
    return expectSaga(restoreSavedVehicle)
      .withState({ page: { location: { type: 'main', path: '/main.php', query: {}, productId: null } } })
      .provide([
        [matchers.call.fn(readVehicleStorage), fiat],
        [matchers.call.fn(currentSearch), '?menu_alt[2_1]=7&menu_alt[2_2]=71'],
        [matchers.call.fn(fetchVehicleOptions), models],
      ])
      .put(vehicleRestored({ ...EMPTY_CHOICE, brand: fiat.brand, model: { id: 71, name: '' } }))
      .put(vehicleRestored({ ...EMPTY_CHOICE, brand: fiat.brand, model: { id: 71, name: 'Punto' } }))
      .run();
  });

  it('submit saves box1..box4 and wasRender, then opens the listing for the vehicle', () => {
    return expectSaga(submitVehicle, fiat)
      .withReducer(rootReducer)
      .provide([
        [matchers.call.fn(writeVehicleStorage), undefined],
        [matchers.call.fn(navigateTo), undefined],
      ])
      .call(writeVehicleStorage, { box1: '7#Fiat', box2: '70#Panda', box3: '5003#Panda II', box4: '20011#1.2 69 CV', wasRender: 'true' })
      .put(vehicleRestored(fiat))
      .call(navigateTo, '/search.php?menu_alt%5B2_1%5D=7&menu_alt%5B2_2%5D=70&menu_alt%5B2_3%5D=5003&traits_alt%5B49%5D=20011')
      .run();
  });

  it('nothing chosen clears the saved choice; remove also goes home', () => {
    const removed = { box1: null, box2: null, box3: null, box4: null, wasRender: null };
    return Promise.all([
      expectSaga(clearVehicle).provide([[matchers.call.fn(writeVehicleStorage), undefined]]).call(writeVehicleStorage, removed).put(vehicleCleared()).run(),
      expectSaga(removeVehicle)
        .withReducer(rootReducer)
        .provide([
          [matchers.call.fn(writeVehicleStorage), undefined],
          [matchers.call.fn(navigateTo), undefined],
        ])
        .put(vehicleCleared())
        .call(navigateTo, '/main.php')
        .run(),
    ]);
  });

  it('turns the flow\'s requests into work: loads, alerts, engine counts', () => {
    const emitted = (event: Record<string, unknown>) => flowEmitted({ id: VEHICLE_FLOW, event: event as { type: string } });
    return Promise.all([
      expectSaga(followConfigurator, emitted({ type: 'load', level: 'brand', parentId: null, parents: {} }))
        .put(vehicleOptionsRequested({ level: 'brand', parentId: null, parents: {} }))
        .run(),
      expectSaga(followConfigurator, emitted({ type: 'alert', key: 'vehicle.noEngine', style: 'info', duration: 7000 }))
        .put(showAlert({ key: 'vehicle.noEngine', style: 'info', duration: 7000 }))
        .run(),
      expectSaga(followConfigurator, emitted({ type: 'engineChanged', engineId: 20011 }))
        .put(engineCategoriesRequested({ engineId: 20011 }))
        .run(),
    ]);
  });

  it('loads the category counts for the chosen engine on the home page', () => {
    const rows: Array<[number, string, number]> = [[148728, 'Pastiglie freno', 3]];
    return expectSaga(loadEngineCategories, engineCategoriesRequested({ engineId: 20011 }))
      .withState({ page: { location: { type: 'main', path: '/main.php', query: {}, productId: null } } })
      .provide([[matchers.call.fn(fetchCategoryCounts), rows]])
      .put(engineCategoriesLoaded({ engineId: 20011, rows }))
      .run();
  });
});
