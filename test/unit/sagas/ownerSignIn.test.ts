import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { createActor } from 'xstate';
import { ownerSignInMachine } from '../../../machines/ownerSignIn';
import { codeCall, signInCall, type SignInAnswer } from '../../../src/admin/api';
import { answerEvent, signInSaga } from '../../../src/admin/signInSaga';

/**
 * The owner's sign-in saga (src/admin/signInSaga.ts) with the real machine: each check the
 * machine asks for is sent with the page's token, the shop's answer goes back to the machine,
 * and signing in opens the back office.
 */
function setUp() {
  const actor = createActor(ownerSignInMachine);
  const opened: string[] = [];
  const effects = { token: () => 'page-token', navigate: (url: string) => void opened.push(url) };
  return { actor, opened, effects };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('owner sign-in saga', () => {
  it('sends the password with the page token and, signed in, opens the back office', async () => {
    const { actor, opened, effects } = setUp();
    const run = expectSaga(signInSaga, actor, effects)
      .provide([[matchers.call.fn(signInCall), { kind: 'signed-in' } satisfies SignInAnswer]])
      .call(signInCall, 'owner@example.it', 'the password', 'page-token')
      .run({ timeout: 200, silenceTimeout: true });
    actor.start();
    await tick();
    actor.send({ type: 'SUBMIT', email: ' owner@example.it', password: 'the password' });
    await run;
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(opened).toEqual(['/admin/']);
  });

  it('a code needed, then a wrong code: the machine shows the code form and the refusal; nothing opens', async () => {
    const { actor, opened, effects } = setUp();
    const run = expectSaga(signInSaga, actor, effects)
      .provide([
        [matchers.call.fn(signInCall), { kind: 'code' } satisfies SignInAnswer],
        [matchers.call.fn(codeCall), { kind: 'refused', failure: 'wrongCode' } satisfies SignInAnswer],
      ])
      .call(codeCall, '123456', 'page-token')
      .run({ timeout: 200, silenceTimeout: true });
    actor.start();
    await tick();
    actor.send({ type: 'SUBMIT', email: 'o@example.it', password: 'pw' });
    await tick();
    actor.send({ type: 'SUBMIT_CODE', code: '123456' });
    await run;
    expect([actor.getSnapshot().value, actor.getSnapshot().context.failure]).toEqual(['code', 'wrongCode']);
    expect(opened).toEqual([]);
  });

  it("turns each of the shop's answers into the machine's event", () => {
    expect(answerEvent({ kind: 'signed-in' })).toEqual({ type: 'SIGNED_IN' });
    expect(answerEvent({ kind: 'code' })).toEqual({ type: 'CODE_NEEDED' });
    expect(answerEvent({ kind: 'throttled', seconds: 30 })).toEqual({ type: 'THROTTLED', seconds: 30 });
    expect(answerEvent({ kind: 'refused', failure: 'expired' })).toEqual({ type: 'REFUSED', failure: 'expired' });
  });
});
