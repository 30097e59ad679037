import { emit, setup } from 'xstate';

/**
 * The garage panel (issue 25): a dialog from the header listing the kept vehicles. The shopper
 * switches to one (the panel closes: the page now reads that vehicle), makes one the default,
 * names one, or removes one. The machine holds only whether the panel is open; what it asks
 * for it emits, and `sagas/garage.ts` keeps the garage (local storage) and the chosen vehicle.
 */
export type GarageEvent =
  | { type: 'OPEN' }
  | { type: 'CLOSE' }
  | { type: 'SWITCH'; key: string }
  | { type: 'REMOVE'; key: string }
  | { type: 'MAKE_DEFAULT'; key: string }
  | { type: 'RENAME'; key: string; name: string };

export type GarageEmitted =
  | { type: 'switch'; key: string }
  | { type: 'remove'; key: string }
  | { type: 'makeDefault'; key: string }
  | { type: 'rename'; key: string; name: string };

const keyOf = (event: GarageEvent) => ('key' in event ? event.key : '');

export const garageMachine = setup({
  types: {
    events: {} as GarageEvent,
    emitted: {} as GarageEmitted,
  },
  actions: {
    requestSwitch: emit(({ event }) => ({ type: 'switch' as const, key: keyOf(event) })),
    requestRemove: emit(({ event }) => ({ type: 'remove' as const, key: keyOf(event) })),
    requestDefault: emit(({ event }) => ({ type: 'makeDefault' as const, key: keyOf(event) })),
    requestRename: emit(({ event }) => ({ type: 'rename' as const, key: keyOf(event), name: event.type === 'RENAME' ? event.name : '' })),
  },
}).createMachine({
  id: 'garage',
  initial: 'closed',
  states: {
    closed: {
      on: { OPEN: { target: 'open' } },
    },
    open: {
      on: {
        CLOSE: { target: 'closed' },
        SWITCH: { target: 'closed', actions: 'requestSwitch' },
        REMOVE: { actions: 'requestRemove' },
        MAKE_DEFAULT: { actions: 'requestDefault' },
        RENAME: { actions: 'requestRename' },
      },
    },
  },
});
