import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { createActor } from 'xstate';
import { followGarage, keepVehicle, readGarageStorage, restoreGarage, writeChoiceStorage, writeGarageStorage, addressFor } from '../../../sagas/garage';
import { garageMachine } from '../../../machines/garage';
import { navigateTo } from '../../../src/api/navigation';
import { addToGarage, EMPTY_GARAGE, formatGarage, parseGarage, removeFromGarage, renameInGarage, vehicleKey, withDefault, GARAGE_MAX, type Garage } from '../../../src/domain/garage';
import { EMPTY_CHOICE, type VehicleChoice } from '../../../src/domain/vehicle';
import { rootReducer, type RootState } from '../../../store';
import { GARAGE_FLOW } from '../../../store/actions';
import { flowEmitted } from '../../../store/flowsSlice';
import { garageChanged, vehicleRestored } from '../../../store/vehicleSlice';
import type { PageLocation } from '../../../store/pageSlice';

const golf: VehicleChoice = { brand: { id: 29, name: 'Volkswagen' }, model: { id: 1280, name: 'Golf' }, year: { id: 5500, name: 'Golf II' }, engine: { id: 20500, name: '1.6 TDI' } };
const panda: VehicleChoice = { brand: { id: 6, name: 'Fiat' }, model: { id: 1050, name: 'Panda' }, year: { id: 5100, name: 'Panda II' }, engine: { id: 20100, name: '1.2 69 CV' } };
const twoCars = renameInGarage(addToGarage(addToGarage(EMPTY_GARAGE, golf), panda), vehicleKey(panda), 'Auto di mamma');

describe('the garage (src/domain/garage.ts)', () => {
  it('keeps vehicles once each, the first as default; removes, renames and changes the default', () => {
    expect(twoCars.vehicles.map((vehicle) => vehicle.key)).toEqual(['29-1280-5500-20500', '6-1050-5100-20100']);
    expect(twoCars.defaultKey).toBe('29-1280-5500-20500');
    expect(addToGarage(twoCars, golf).vehicles).toHaveLength(2);
    expect(twoCars.vehicles[1].name).toBe('Auto di mamma');
    expect(withDefault(twoCars, vehicleKey(panda)).defaultKey).toBe(vehicleKey(panda));
    const left = removeFromGarage(twoCars, vehicleKey(golf));
    expect(left).toEqual({ vehicles: [twoCars.vehicles[1]], defaultKey: vehicleKey(panda) });
    expect(renameInGarage(twoCars, vehicleKey(panda), '   ').vehicles[1].name).toBeNull();
  });

  it('keeps at most GARAGE_MAX vehicles, dropping the oldest that is not the default', () => {
    let garage: Garage = EMPTY_GARAGE;
    for (let i = 1; i <= GARAGE_MAX + 1; i++) garage = addToGarage(garage, { ...golf, engine: { id: 30000 + i, name: `E${i}` } });
    expect(garage.vehicles).toHaveLength(GARAGE_MAX);
    expect(garage.vehicles[0].choice.engine?.id).toBe(30001); // the default stays
    expect(garage.vehicles[1].choice.engine?.id).toBe(30003);
  });

  it('survives storage: what is written is read back; anything malformed is left out', () => {
    expect(parseGarage(formatGarage(twoCars))).toEqual(twoCars);
    expect(parseGarage('{')).toEqual(EMPTY_GARAGE);
    expect(parseGarage('{"vehicles":[{"levels":["x"]},{"levels":["6#Fiat"],"name":7}],"default":"nope"}')).toEqual({
      vehicles: [{ key: '6', choice: { ...EMPTY_CHOICE, brand: { id: 6, name: 'Fiat' } }, name: null }],
      defaultKey: '6',
    });
  });
});

describe('the garage flow and saga', () => {
  it('the panel opens, switching closes it; remove, default and rename are asked for', () => {
    const actor = createActor(garageMachine).start();
    const emitted: unknown[] = [];
    actor.on('*', (event) => emitted.push(event));
    actor.send({ type: 'REMOVE', key: 'a' }); // closed: nothing
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'MAKE_DEFAULT', key: 'a' });
    actor.send({ type: 'RENAME', key: 'a', name: 'Mia' });
    actor.send({ type: 'REMOVE', key: 'b' });
    expect(actor.getSnapshot().value).toBe('open');
    actor.send({ type: 'SWITCH', key: 'a' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(emitted).toEqual([
      { type: 'makeDefault', key: 'a' },
      { type: 'rename', key: 'a', name: 'Mia' },
      { type: 'remove', key: 'b' },
      { type: 'switch', key: 'a' },
    ]);
  });

  const emitted = (event: Record<string, unknown>) => flowEmitted({ id: GARAGE_FLOW, event: event as { type: string } });
  const withGarage = (garage: Garage, saved: VehicleChoice | null): RootState => {
    const state = rootReducer(rootReducer(undefined, { type: 'init' }), garageChanged(garage));
    return saved ? rootReducer(state, vehicleRestored(saved)) : state;
  };

  it('restores the garage from local storage; the configurator\'s vehicle joins it', async () => {
    await expectSaga(restoreGarage).provide([[matchers.call.fn(readGarageStorage), twoCars]]).put(garageChanged(twoCars)).run();
    const { storeState } = await expectSaga(keepVehicle, panda)
      .withReducer(rootReducer, withGarage(addToGarage(EMPTY_GARAGE, golf), golf))
      .provide([[matchers.call.fn(writeGarageStorage), undefined]])
      .call(writeGarageStorage, addToGarage(addToGarage(EMPTY_GARAGE, golf), panda))
      .run();
    expect((storeState as RootState).vehicle.garage.vehicles).toHaveLength(2);
  });

  it('switching chooses the kept vehicle (box1..box4) and, on a vehicle\'s address, opens it for the new one', async () => {
    const listing: PageLocation = { type: 'search', path: '/search.php', query: { 'traits_alt[24]': '148728', 'menu_alt[2_1]': '29', 'traits_alt[49]': '20500' }, productId: null };
    expect(addressFor(listing, panda)).toBe('/search.php?traits_alt%5B24%5D=148728&menu_alt%5B2_1%5D=6&menu_alt%5B2_2%5D=1050&menu_alt%5B2_3%5D=5100&traits_alt%5B49%5D=20100');
    expect(addressFor({ ...listing, type: 'product', query: {} }, panda)).toBeNull();
    const { storeState } = await expectSaga(followGarage, emitted({ type: 'switch', key: vehicleKey(panda) }))
      .withReducer(rootReducer, withGarage(twoCars, golf))
      .provide([
        [matchers.call.fn(writeChoiceStorage), undefined],
        [matchers.call.fn(navigateTo), undefined],
      ])
      .call(writeChoiceStorage, panda)
      .put(vehicleRestored(panda))
      .run();
    expect((storeState as RootState).vehicle.saved).toEqual(panda);
  });

  it('removing the vehicle in use chooses the default left; removing the last clears the choice', async () => {
    const { storeState } = await expectSaga(followGarage, emitted({ type: 'remove', key: vehicleKey(golf) }))
      .withReducer(rootReducer, withGarage(twoCars, golf))
      .provide([
        [matchers.call.fn(writeGarageStorage), undefined],
        [matchers.call.fn(writeChoiceStorage), undefined],
      ])
      .call(writeChoiceStorage, panda)
      .run();
    expect((storeState as RootState).vehicle.saved).toEqual(panda);
    expect((storeState as RootState).vehicle.garage.vehicles.map((vehicle) => vehicle.key)).toEqual([vehicleKey(panda)]);
    const last = await expectSaga(followGarage, emitted({ type: 'remove', key: vehicleKey(golf) }))
      .withReducer(rootReducer, withGarage(addToGarage(EMPTY_GARAGE, golf), golf))
      .provide([
        [matchers.call.fn(writeGarageStorage), undefined],
        [matchers.call.fn(writeChoiceStorage), undefined],
      ])
      .call(writeChoiceStorage, EMPTY_CHOICE)
      .run();
    expect((last.storeState as RootState).vehicle.saved).toBeNull();
  });
});
