import type { Action } from '@reduxjs/toolkit';
import { stdChannel, type MulticastChannel } from 'redux-saga';

/** The saga channel of a page whose sagas start in steps (rootSaga), and the call that opens it. */
export interface StartupChannel {
  channel: MulticastChannel<Action>;
  /** Hands on what was held, in the order it was dispatched, and from then on everything at once. */
  release(): void;
}

/**
 * The sagas' channel while they start in steps, each its own task (issue 24's blocking time: the
 * ~19 sagas and their flows started in one task of 250-400 ms on a phone). Every action
 * dispatched meanwhile (by the components' first effects, by a sagas' own start, by an early
 * press) reaches the reducers at once, as always, and is held for the sagas until all of them
 * listen: they see what they would have seen had they all started together, and nothing is lost.
 */
export function startupChannel(): StartupChannel {
  const channel = stdChannel<Action>();
  const deliver = channel.put.bind(channel);
  let held: Action[] | null = [];
  channel.put = (action: Action) => {
    if (held) held.push(action);
    else deliver(action);
  };
  return {
    channel,
    release() {
      // After the step of the saga that calls this: delivered outside any saga's run.
      queueMicrotask(() => {
        const queue = held ?? [];
        held = null;
        for (const action of queue) deliver(action);
      });
    },
  };
}
