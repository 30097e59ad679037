import { eventChannel, type EventChannel } from 'redux-saga';
import { call, take } from 'redux-saga/effects';
import type { Actor } from 'xstate';
import type { ownerSignInMachine, OwnerSignInEmitted, OwnerSignInEvent } from '../../machines/ownerSignIn';
import { codeCall, signInCall, type SignInAnswer } from './api';

/**
 * The sign-in machine's side effects (issue 36): each check it asks for is sent to the shop, and
 * the answer goes back to it as an event; when it signs in, the back office opens. The token is
 * the page's (`tokenOf`), `navigate` the browser's (both given, so the saga runs in tests).
 */
export interface SignInEffects {
  token(): string;
  navigate(url: string): void;
}

type SignInActor = Actor<typeof ownerSignInMachine>;

function emittedChannel(actor: SignInActor): EventChannel<OwnerSignInEmitted> {
  return eventChannel<OwnerSignInEmitted>((emit) => {
    const subscription = actor.on('*', (event) => emit(event as OwnerSignInEmitted));
    return () => subscription.unsubscribe();
  });
}

export function answerEvent(answer: SignInAnswer): OwnerSignInEvent {
  switch (answer.kind) {
    case 'signed-in':
      return { type: 'SIGNED_IN' };
    case 'code':
      return { type: 'CODE_NEEDED' };
    case 'throttled':
      return { type: 'THROTTLED', seconds: answer.seconds };
    default:
      return { type: 'REFUSED', failure: answer.failure };
  }
}

export function* signInSaga(actor: SignInActor, effects: SignInEffects) {
  const channel: EventChannel<OwnerSignInEmitted> = yield call(emittedChannel, actor);
  try {
    for (;;) {
      const asked: OwnerSignInEmitted = yield take(channel);
      if (asked.type === 'open') {
        yield call([effects, effects.navigate], '/admin/');
        continue;
      }
      const answer: SignInAnswer = asked.type === 'signIn' ? yield call(signInCall, asked.email, asked.password, effects.token()) : yield call(codeCall, asked.code, effects.token());
      actor.send(answerEvent(answer));
    }
  } finally {
    channel.close();
  }
}
