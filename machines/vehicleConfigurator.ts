import { enqueueActions, setup } from 'xstate';
import {
  childLevel,
  consistentChoice,
  EMPTY_CHOICE,
  isEmptyChoice,
  levelIndex,
  NO_ENGINE_ALERT_MS,
  parentIdOf,
  parentLevel,
  parentsOf,
  VEHICLE_LEVELS,
  type VehicleChoice,
  type VehicleLevel,
  type VehicleOption,
} from '../src/domain/vehicle';

/**
 * The vehicle configurator "menu2" (brake-shop spec section 4): four dependent selects, brand,
 * model, year, engine. A select is enabled only once the one before it is chosen and its
 * options have loaded (the machine asks for them by emitting `load`; the saga answers with
 * LOADED or FAILED for that level and parent). Changing a level resets every later level and
 * reloads the next one; an engine list with no engine keeps the engine select disabled with a
 * message. Clicking a disabled select asks for the missing choice. Submit hands the choice to
 * the saga (save, then go to the listing); submitting nothing clears the saved choice.
 */

/** A select's mode: disabled (earlier level not chosen), loading, ready, none (no options), failed. */
export type LevelStatus = 'disabled' | 'loading' | 'ready' | 'none' | 'failed';

export interface VehicleConfiguratorContext {
  selected: VehicleChoice;
  status: Record<VehicleLevel, LevelStatus>;
}

export interface VehicleConfiguratorInput {
  /** The saved vehicle to start from (restored from the address or local storage). */
  choice?: VehicleChoice | null;
}

export type VehicleConfiguratorEvent =
  | { type: 'SELECT'; level: VehicleLevel; option: VehicleOption | null }
  | { type: 'LOADED'; level: VehicleLevel; parentId: number | null; count: number }
  | { type: 'FAILED'; level: VehicleLevel; parentId: number | null }
  | { type: 'CLICK_DISABLED'; level: VehicleLevel }
  | { type: 'SUBMIT' };

export interface VehicleAlert {
  key: string;
  style: 'info' | 'warning' | 'error';
  duration?: number;
}

export type VehicleConfiguratorEmitted =
  | { type: 'load'; level: VehicleLevel; parentId: number | null; parents: Partial<Record<VehicleLevel, number>> }
  | ({ type: 'alert' } & VehicleAlert)
  | { type: 'submit'; choice: VehicleChoice }
  | { type: 'clear' }
  | { type: 'engineChanged'; engineId: number | null };

// Pure choice helpers live in src/domain/vehicle.ts (sagas use them without loading the machine).
export { parentIdOf, parentsOf } from '../src/domain/vehicle';

/** The context a (restored) choice starts with: each chosen level and the next one load their options. */
export function initialContext(choice?: VehicleChoice | null): VehicleConfiguratorContext {
  const selected = consistentChoice(choice ?? EMPTY_CHOICE);
  const status = {} as Record<VehicleLevel, LevelStatus>;
  for (const level of VEHICLE_LEVELS) {
    const parent = parentLevel(level);
    status[level] = !parent || selected[parent] ? 'loading' : 'disabled';
  }
  return { selected, status };
}

/** What choosing `option` at `level` leaves: later levels reset, the next one loading (or disabled). */
export function afterSelect(context: VehicleConfiguratorContext, level: VehicleLevel, option: VehicleOption | null): VehicleConfiguratorContext {
  const selected = { ...context.selected, [level]: option };
  const status = { ...context.status };
  for (const later of VEHICLE_LEVELS.slice(levelIndex(level) + 1)) {
    selected[later] = null;
    status[later] = later === childLevel(level) && option ? 'loading' : 'disabled';
  }
  return { selected, status };
}

/** The alert for a click on an unavailable select (spec section 8), or null when it is just loading. */
export function disabledAlert(context: VehicleConfiguratorContext, level: VehicleLevel): VehicleAlert | null {
  const { selected, status } = context;
  if (status[level] === 'ready' || status[level] === 'loading') return null;
  if (level === 'engine') {
    if (status.engine === 'none') return { key: 'vehicle.noEngine', style: 'info', duration: NO_ENGINE_ALERT_MS };
    if (!selected.year) return { key: 'vehicle.chooseBrandModelYear', style: 'warning' };
  }
  if (status[level] === 'none') return { key: 'vehicle.noOptions', style: 'info' };
  if (status[level] === 'failed') return null;
  if (!selected.brand) return { key: 'vehicle.chooseBrand', style: 'warning' };
  if (!selected.model) return { key: 'vehicle.chooseModel', style: 'warning' };
  return null;
}

export const vehicleConfiguratorMachine = setup({
  types: {
    context: {} as VehicleConfiguratorContext,
    events: {} as VehicleConfiguratorEvent,
    emitted: {} as VehicleConfiguratorEmitted,
    input: {} as VehicleConfiguratorInput | undefined,
  },
  guards: {
    canChoose: ({ context, event }) => event.type === 'SELECT' && context.status[event.level] === 'ready',
    isAwaitedAnswer: ({ context, event }) =>
      (event.type === 'LOADED' || event.type === 'FAILED') &&
      context.status[event.level] === 'loading' &&
      parentIdOf(context.selected, event.level) === event.parentId,
    isUnavailable: ({ context, event }) => event.type === 'CLICK_DISABLED' && context.status[event.level] !== 'ready',
    nothingChosen: ({ context }) => isEmptyChoice(context.selected),
  },
  actions: {
    requestInitialOptions: enqueueActions(({ context, enqueue }) => {
      for (const level of VEHICLE_LEVELS) {
        if (context.status[level] === 'loading') {
          enqueue.emit({ type: 'load', level, parentId: parentIdOf(context.selected, level), parents: parentsOf(context.selected, level) });
        }
      }
      if (context.selected.engine) enqueue.emit({ type: 'engineChanged', engineId: context.selected.engine.id });
    }),
    choose: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'SELECT') return;
      const next = afterSelect(context, event.level, event.option);
      enqueue.assign(next);
      const child = childLevel(event.level);
      if (child && event.option) {
        enqueue.emit({ type: 'load', level: child, parentId: event.option.id, parents: parentsOf(next.selected, child) });
      }
      const engineBefore = context.selected.engine?.id ?? null;
      const engineAfter = next.selected.engine?.id ?? null;
      if (engineBefore !== engineAfter) enqueue.emit({ type: 'engineChanged', engineId: engineAfter });
    }),
    storeAnswer: enqueueActions(({ context, event, enqueue }) => {
      if (event.type === 'LOADED') {
        enqueue.assign({ status: { ...context.status, [event.level]: event.count > 0 ? 'ready' : 'none' } });
      } else if (event.type === 'FAILED') {
        enqueue.assign({ status: { ...context.status, [event.level]: 'failed' } });
        enqueue.emit({ type: 'alert', key: 'vehicle.loadFailed', style: 'error' });
      }
    }),
    askForMissingChoice: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'CLICK_DISABLED') return;
      if (context.status[event.level] === 'failed') {
        // A failed list is asked again on the shopper's click.
        enqueue.assign({ status: { ...context.status, [event.level]: 'loading' } });
        enqueue.emit({ type: 'load', level: event.level, parentId: parentIdOf(context.selected, event.level), parents: parentsOf(context.selected, event.level) });
        return;
      }
      const alert = disabledAlert(context, event.level);
      if (alert) enqueue.emit({ type: 'alert', ...alert });
    }),
    submitChoice: enqueueActions(({ context, enqueue }) => {
      enqueue.emit({ type: 'submit', choice: consistentChoice(context.selected) });
    }),
    clearChoice: enqueueActions(({ enqueue }) => {
      enqueue.emit({ type: 'clear' });
    }),
  },
}).createMachine({
  id: 'vehicleConfigurator',
  context: ({ input }) => initialContext(input?.choice),
  initial: 'choosing',
  entry: 'requestInitialOptions',
  on: {
    SELECT: { guard: 'canChoose', target: '.choosing', actions: 'choose' },
    LOADED: { guard: 'isAwaitedAnswer', actions: 'storeAnswer' },
    FAILED: { guard: 'isAwaitedAnswer', actions: 'storeAnswer' },
    CLICK_DISABLED: { guard: 'isUnavailable', actions: 'askForMissingChoice' },
  },
  states: {
    choosing: {
      on: {
        SUBMIT: [
          { guard: 'nothingChosen', actions: 'clearChoice' },
          { target: 'submitted', actions: 'submitChoice' },
        ],
      },
    },
    // The browser is leaving for the listing; a further change starts choosing again.
    submitted: {},
  },
});
