import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * The mirror of every running flow (XState actor): its state value and small context, as
 * plain data, so components read a flow like any other store data. The actors themselves
 * live in sagas (`sagas/flows.ts`).
 */
export type FlowStateValue = string | { [key: string]: FlowStateValue };

export interface FlowMirror {
  value: FlowStateValue;
  context: unknown;
}

export interface FlowEvent {
  type: string;
  [key: string]: unknown;
}

const flowsSlice = createSlice({
  name: 'flows',
  initialState: {} as Record<string, FlowMirror>,
  reducers: {
    flowUpdated(state, action: PayloadAction<{ id: string } & FlowMirror>) {
      state[action.payload.id] = { value: action.payload.value, context: action.payload.context };
    },
    flowStopped(state, action: PayloadAction<{ id: string }>) {
      delete state[action.payload.id];
    },
  },
});

export const { flowUpdated, flowStopped } = flowsSlice.actions;
/** UI -> flow: forwarded to the actor as an event by the flow bridge. */
export const flowSend = createAction<{ id: string; event: FlowEvent }>('flows/send');

/** A component's own flow (one per carousel, the contact form, the configurator): started by id from the machine registry, stopped by id. */
export const flowStartRequested = createAction<{ id: string; machine: string; input?: unknown }>('flows/startRequested');
export const flowStopRequested = createAction<{ id: string }>('flows/stopRequested');
/** Flow -> sagas: what the machine emitted (its requests for side effects). */
export const flowEmitted = createAction<{ id: string; event: FlowEvent }>('flows/emitted');
export default flowsSlice.reducer;

/** True when the mirrored value is, or is inside, `path` (e.g. "desktop" or "open.adding"). */
export function flowMatches(mirror: FlowMirror | undefined, path: string): boolean {
  if (!mirror) return false;
  const parts = path.split('.');
  let value: FlowStateValue = mirror.value;
  for (let i = 0; i < parts.length; i++) {
    if (typeof value === 'string') return i === parts.length - 1 && value === parts[i];
    if (!(parts[i] in value)) return false;
    value = value[parts[i]];
  }
  return true;
}
