import { createActor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { GRAPH_LIMIT, pathName } from './graphLimits';
import {
  disabledAlert,
  initialContext,
  parentIdOf,
  vehicleConfiguratorMachine,
  type VehicleConfiguratorContext,
  type VehicleConfiguratorEmitted,
  type VehicleConfiguratorEvent,
} from '../../../machines/vehicleConfigurator';
import { EMPTY_CHOICE, parentLevel, VEHICLE_LEVELS, type VehicleChoice } from '../../../src/domain/vehicle';

const fiat = { id: 7, name: 'Fiat' };
const audi = { id: 3, name: 'Audi' };
const panda = { id: 70, name: 'Panda' };
const pandaII = { id: 5003, name: 'Panda II (2003-2012)' };
const engine = { id: 20011, name: '1.2 69 CV' };

function start(choice?: VehicleChoice) {
  const actor = createActor(vehicleConfiguratorMachine, { input: { choice } });
  const emitted: VehicleConfiguratorEmitted[] = [];
  actor.on('*', (event: VehicleConfiguratorEmitted) => emitted.push(event));
  actor.start();
  const context = () => actor.getSnapshot().context;
  return { actor, emitted, context, send: (event: VehicleConfiguratorEvent) => actor.send(event) };
}

/** Brand, model, year chosen with their lists loaded: the engine list is loading. */
function upToYear() {
  const flow = start();
  flow.send({ type: 'LOADED', level: 'brand', parentId: null, count: 30 });
  flow.send({ type: 'SELECT', level: 'brand', option: fiat });
  flow.send({ type: 'LOADED', level: 'model', parentId: 7, count: 5 });
  flow.send({ type: 'SELECT', level: 'model', option: panda });
  flow.send({ type: 'LOADED', level: 'year', parentId: 70, count: 2 });
  flow.send({ type: 'SELECT', level: 'year', option: pandaII });
  return flow;
}

describe('vehicle configurator machine', () => {
  it('starts loading the brands, every later select disabled', () => {
    const { emitted, context, actor } = start();
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(context().status).toEqual({ brand: 'loading', model: 'disabled', year: 'disabled', engine: 'disabled' });
    expect(emitted).toEqual([{ type: 'load', level: 'brand', parentId: null, parents: {} }]);
  });

  it('enables a select only once the one before is chosen and its options have loaded', () => {
    const { send, context, emitted } = start();
    send({ type: 'SELECT', level: 'brand', option: fiat }); // not loaded yet: ignored
    expect(context().selected.brand).toBeNull();
    send({ type: 'LOADED', level: 'brand', parentId: null, count: 30 });
    expect(context().status.brand).toBe('ready');
    send({ type: 'SELECT', level: 'model', option: panda }); // model still disabled
    expect(context().selected.model).toBeNull();
    send({ type: 'SELECT', level: 'brand', option: fiat });
    expect(context().status).toEqual({ brand: 'ready', model: 'loading', year: 'disabled', engine: 'disabled' });
    expect(emitted.at(-1)).toEqual({ type: 'load', level: 'model', parentId: 7, parents: { brand: 7 } });
    send({ type: 'LOADED', level: 'model', parentId: 7, count: 4 });
    expect(context().status.model).toBe('ready');
  });

  it('walks brand, model, year, engine, each loading the next with the choices so far', () => {
    const { send, context, emitted } = upToYear();
    expect(emitted.filter((e) => e.type === 'load').at(-1)).toEqual({ type: 'load', level: 'engine', parentId: 5003, parents: { brand: 7, model: 70, year: 5003 } });
    send({ type: 'LOADED', level: 'engine', parentId: 5003, count: 3 });
    send({ type: 'SELECT', level: 'engine', option: engine });
    expect(context().selected).toEqual({ brand: fiat, model: panda, year: pandaII, engine });
    expect(emitted.at(-1)).toEqual({ type: 'engineChanged', engineId: 20011 });
  });

  it('changing the brand resets and reloads the model, and resets year and engine', () => {
    const { send, context, emitted } = upToYear();
    send({ type: 'LOADED', level: 'engine', parentId: 5003, count: 3 });
    send({ type: 'SELECT', level: 'engine', option: engine });
    send({ type: 'SELECT', level: 'brand', option: audi });
    expect(context().selected).toEqual({ ...EMPTY_CHOICE, brand: audi });
    expect(context().status).toEqual({ brand: 'ready', model: 'loading', year: 'disabled', engine: 'disabled' });
    expect(emitted.slice(-2)).toEqual([
      { type: 'load', level: 'model', parentId: 3, parents: { brand: 3 } },
      { type: 'engineChanged', engineId: null },
    ]);
  });

  it('changing the model reloads the year and resets the engine; changing the year reloads the engine', () => {
    const { send, context, emitted } = upToYear();
    send({ type: 'SELECT', level: 'model', option: { id: 71, name: 'Punto' } });
    expect(context().status).toEqual({ brand: 'ready', model: 'ready', year: 'loading', engine: 'disabled' });
    expect(context().selected.year).toBeNull();
    expect(emitted.at(-1)).toMatchObject({ type: 'load', level: 'year', parentId: 71 });
    send({ type: 'LOADED', level: 'year', parentId: 71, count: 2 });
    send({ type: 'SELECT', level: 'year', option: { id: 5010, name: 'Punto III' } });
    expect(context().status.engine).toBe('loading');
    expect(emitted.at(-1)).toMatchObject({ type: 'load', level: 'engine', parentId: 5010 });
  });

  it('choosing the empty option of a level disables every later one', () => {
    const { send, context } = upToYear();
    send({ type: 'SELECT', level: 'model', option: null });
    expect(context().status).toEqual({ brand: 'ready', model: 'ready', year: 'disabled', engine: 'disabled' });
    expect(context().selected).toEqual({ ...EMPTY_CHOICE, brand: fiat });
  });

  it('ignores a late list for an earlier choice', () => {
    const { send, context } = start();
    send({ type: 'LOADED', level: 'brand', parentId: null, count: 30 });
    send({ type: 'SELECT', level: 'brand', option: fiat });
    send({ type: 'SELECT', level: 'brand', option: audi });
    send({ type: 'LOADED', level: 'model', parentId: 7, count: 5 }); // Fiat's models, too late
    expect(context().status.model).toBe('loading');
    send({ type: 'LOADED', level: 'model', parentId: 3, count: 5 });
    expect(context().status.model).toBe('ready');
  });

  it('keeps the engine select disabled with a message when no engine exists', () => {
    const { send, context, emitted } = upToYear();
    send({ type: 'LOADED', level: 'engine', parentId: 5003, count: 0 });
    expect(context().status.engine).toBe('none');
    send({ type: 'CLICK_DISABLED', level: 'engine' });
    // 7000 ms: brake-shop spec, section 9 (the value, not the constant: a change of NO_ENGINE_ALERT_MS fails here).
    expect(emitted.at(-1)).toEqual({ type: 'alert', key: 'vehicle.noEngine', style: 'info', duration: 7000 });
  });

  it('clicking a disabled select asks for the missing choice', () => {
    const { send, emitted } = start();
    send({ type: 'LOADED', level: 'brand', parentId: null, count: 30 });
    send({ type: 'CLICK_DISABLED', level: 'model' });
    expect(emitted.at(-1)).toMatchObject({ type: 'alert', key: 'vehicle.chooseBrand' });
    send({ type: 'CLICK_DISABLED', level: 'engine' });
    expect(emitted.at(-1)).toMatchObject({ type: 'alert', key: 'vehicle.chooseBrandModelYear' });
    send({ type: 'SELECT', level: 'brand', option: fiat });
    send({ type: 'LOADED', level: 'model', parentId: 7, count: 5 });
    send({ type: 'CLICK_DISABLED', level: 'year' });
    expect(emitted.at(-1)).toMatchObject({ type: 'alert', key: 'vehicle.chooseModel' });
    const before = emitted.length;
    send({ type: 'CLICK_DISABLED', level: 'model' }); // enabled: nothing to ask
    expect(emitted.length).toBe(before);
  });

  it('a failed list alerts, and a click on it asks again', () => {
    const { send, context, emitted } = start();
    send({ type: 'FAILED', level: 'brand', parentId: null });
    expect(context().status.brand).toBe('failed');
    expect(emitted.at(-1)).toEqual({ type: 'alert', key: 'vehicle.loadFailed', style: 'error' });
    send({ type: 'CLICK_DISABLED', level: 'brand' });
    expect(context().status.brand).toBe('loading');
    expect(emitted.at(-1)).toEqual({ type: 'load', level: 'brand', parentId: null, parents: {} });
  });

  it('submit hands over the choice; nothing chosen clears the saved one', () => {
    const empty = start();
    empty.send({ type: 'SUBMIT' });
    expect(empty.emitted.at(-1)).toEqual({ type: 'clear' });
    expect(empty.actor.getSnapshot().value).toBe('choosing');

    const { send, emitted, actor } = upToYear();
    send({ type: 'SUBMIT' });
    expect(emitted.at(-1)).toEqual({ type: 'submit', choice: { brand: fiat, model: panda, year: pandaII, engine: null } });
    expect(actor.getSnapshot().value).toBe('submitted');
    send({ type: 'SELECT', level: 'year', option: null });
    expect(actor.getSnapshot().value).toBe('choosing');
  });

  it('restores a saved vehicle: each chosen level and the next load their lists', () => {
    const { emitted, context } = start({ brand: fiat, model: panda, year: pandaII, engine });
    expect(context().selected).toEqual({ brand: fiat, model: panda, year: pandaII, engine });
    expect(emitted).toEqual([
      { type: 'load', level: 'brand', parentId: null, parents: {} },
      { type: 'load', level: 'model', parentId: 7, parents: { brand: 7 } },
      { type: 'load', level: 'year', parentId: 70, parents: { brand: 7, model: 70 } },
      { type: 'load', level: 'engine', parentId: 5003, parents: { brand: 7, model: 70, year: 5003 } },
      { type: 'engineChanged', engineId: 20011 },
    ]);
    expect(initialContext({ ...EMPTY_CHOICE, model: panda }).selected).toEqual(EMPTY_CHOICE);
  });

  it('asks nothing while a list is still loading', () => {
    const context: VehicleConfiguratorContext = initialContext({ ...EMPTY_CHOICE, brand: fiat });
    expect(disabledAlert(context, 'model')).toBeNull();
  });
});

/* ------------------------------------------------------------------ model-based paths */

const sample = { brand: fiat, model: panda, year: pandaII, engine };

/** Every event that could matter in a state: selections, answers (with and without options), clicks, submit. */
function eventsFor(snapshot: { context: VehicleConfiguratorContext }): VehicleConfiguratorEvent[] {
  const { selected, status } = snapshot.context;
  const events: VehicleConfiguratorEvent[] = [{ type: 'SUBMIT' }];
  for (const level of VEHICLE_LEVELS) {
    const parent = parentLevel(level);
    const parentId = parent ? (selected[parent]?.id ?? null) : null;
    events.push({ type: 'CLICK_DISABLED', level });
    if (status[level] === 'ready') events.push({ type: 'SELECT', level, option: selected[level] ? null : sample[level] });
    if (status[level] === 'loading') {
      events.push({ type: 'LOADED', level, parentId, count: 2 });
      if (level === 'engine') events.push({ type: 'LOADED', level, parentId, count: 0 });
      if (level === 'brand') events.push({ type: 'FAILED', level, parentId });
    }
  }
  return events;
}

/** What must hold in every reachable state. */
function checkInvariants(context: VehicleConfiguratorContext) {
  for (const level of VEHICLE_LEVELS) {
    const parent = parentLevel(level);
    const parentChosen = !parent || context.selected[parent] !== null;
    // A select is usable (or loading, empty, failed) only once the one before is chosen.
    expect(context.status[level] === 'disabled').toBe(!parentChosen);
    // A level is chosen only in a ready select.
    if (context.selected[level]) expect(context.status[level]).toBe('ready');
  }
}

describe('vehicle configurator machine: model-based paths', () => {
  const model = createTestModel(vehicleConfiguratorMachine, {
    events: eventsFor,
    serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, context: snapshot.context }),
    limit: GRAPH_LIMIT,
  });
  // One shortest path to every reachable state (not only the longest ones).
  const paths = model.getShortestPaths({ allowDuplicatePaths: true });

  it('reaches every combination the spec describes', () => {
    const ends = paths.map((path) => path.state.context);
    expect(ends.some((c) => c.selected.engine !== null)).toBe(true);
    expect(ends.some((c) => c.status.engine === 'none')).toBe(true);
    expect(ends.some((c) => c.status.brand === 'failed')).toBe(true);
    expect(paths.some((path) => path.state.value === 'submitted')).toBe(true);
    expect(paths.length).toBeGreaterThanOrEqual(15);
  });

  it.each(paths.map((path, index) => [pathName(path, index), path] as const))('%s', async (_description, path) => {
    const actor = createActor(vehicleConfiguratorMachine, { input: {} });
    const emitted: VehicleConfiguratorEmitted[] = [];
    actor.on('*', (event: VehicleConfiguratorEmitted) => emitted.push(event));
    actor.start();
    checkInvariants(actor.getSnapshot().context);
    for (const step of path.steps.slice(1)) {
      const before = actor.getSnapshot().context;
      const count = emitted.length;
      actor.send(step.event);
      const after = actor.getSnapshot().context;
      checkInvariants(after);
      // A list is asked for exactly when a select starts loading.
      const started = VEHICLE_LEVELS.filter(
        (level) => after.status[level] === 'loading' && (before.status[level] !== 'loading' || parentIdOf(before.selected, level) !== parentIdOf(after.selected, level)),
      );
      const loads = emitted.slice(count).flatMap((event) => (event.type === 'load' ? [event.level] : []));
      expect(loads.sort()).toEqual(started.sort());
    }
    expect(actor.getSnapshot().context).toEqual(path.state.context);
  });
});
