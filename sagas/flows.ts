import type { Action } from '@reduxjs/toolkit';
import { buffers, eventChannel, type Channel, type EventChannel, type Task } from 'redux-saga';
import { actionChannel, call, cancel, cancelled, flush, fork, put, take, takeEvery, type SagaReturnType } from 'redux-saga/effects';
import { machineLoaders, machines } from '../machines';
import { createActor, type AnyActorRef, type AnyStateMachine, type InspectionEvent, type Observer } from 'xstate';
import { flowEmitted, flowSend, flowStartRequested, flowStopRequested, flowUpdated, flowStopped, type FlowEvent } from '../store/flowsSlice';

/**
 * The one bridge between XState flows and the store. `runFlow` starts a machine's actor,
 * mirrors `{ value, context }` into `store.flows[id]`, forwards `flowSend({ id, event })`
 * to the actor, and turns what the machine emits into `flowEmitted({ id, event })` for the
 * area sagas, which answer with `flowSend`. The actor stops when the saga is cancelled.
 */
type FlowMessage = { kind: 'snapshot'; value: unknown; context: unknown } | { kind: 'emitted'; event: FlowEvent };

let inspect: Observer<InspectionEvent> | ((event: InspectionEvent) => void) | undefined;

/** Attaches every actor started from now on to the Stately inspector (`?inspect`). */
export function setInspector(observer: typeof inspect): void {
  inspect = observer;
}

const actors = new Map<string, AnyActorRef>();

/** The running actor of a flow, for code that must read its live snapshot (tests, tools). */
export function flowActor(id: string): AnyActorRef | undefined {
  return actors.get(id);
}

function flowChannel(actor: AnyActorRef): EventChannel<FlowMessage> {
  return eventChannel<FlowMessage>((emit) => {
    const snapshots = actor.subscribe((snapshot: { value: unknown; context: unknown }) =>
      emit({ kind: 'snapshot', value: snapshot.value, context: snapshot.context }),
    );
    const emitted = actor.on('*', (event: FlowEvent) => emit({ kind: 'emitted', event: { ...event } }));
    return () => {
      snapshots.unsubscribe();
      emitted.unsubscribe();
    };
  }, buffers.expanding(16));
}

function* forwardEvents(id: string, actor: AnyActorRef) {
  for (;;) {
    const action: ReturnType<typeof flowSend> = yield take(flowSend.type);
    if (action.payload.id === id) actor.send(action.payload.event);
  }
}

export function* runFlow(id: string, machine: AnyStateMachine, input?: unknown) {
  const actor = createActor(machine, { input, inspect, id });
  const channel: SagaReturnType<typeof flowChannel> = yield call(flowChannel, actor);
  actors.set(id, actor);
  actor.start();
  const first = actor.getSnapshot() as { value: unknown; context: unknown };
  yield put(flowUpdated({ id, value: first.value as never, context: first.context }));
  yield fork(forwardEvents, id, actor);
  try {
    for (;;) {
      const message: FlowMessage = yield take(channel);
      if (message.kind === 'snapshot') yield put(flowUpdated({ id, value: message.value as never, context: message.context }));
      else yield put(flowEmitted({ id, event: message.event }));
    }
  } finally {
    channel.close();
    actor.stop();
    actors.delete(id);
    if ((yield cancelled()) as boolean) yield put(flowStopped({ id }));
  }
}

export { flowStartRequested, flowStopRequested };

export function* flowManager() {
  const running = new Map<string, Task>();
  yield takeEvery(flowStartRequested.type, function* start(action: ReturnType<typeof flowStartRequested>) {
    const { id, machine, input } = action.payload;
    if (running.has(id) || !(machine in machines || machine in machineLoaders)) return;
    if (machine in machines) {
      running.set(id, (yield fork(runFlow, id, machines[machine], input)) as Task);
      return;
    }
    // A page's machine: its code loads first (a stop meanwhile cancels the start).
    running.set(id, (yield fork(function* startLoaded() {
      // Events sent to the flow while its code loads are kept and handed over once it runs.
      const early: Channel<ReturnType<typeof flowSend>> = yield actionChannel((a: Action) => flowSend.match(a) && a.payload.id === id, buffers.expanding(8));
      const loaded: AnyStateMachine = yield call(machineLoaders[machine]);
      yield fork(runFlow, id, loaded, input);
      const pending: Array<ReturnType<typeof flowSend>> = yield flush(early);
      for (const event of pending) yield put(event);
    })) as Task);
  });
  yield takeEvery(flowStopRequested.type, function* stop(action: ReturnType<typeof flowStopRequested>) {
    const task = running.get(action.payload.id);
    running.delete(action.payload.id);
    if (task) yield cancel(task);
  });
}
