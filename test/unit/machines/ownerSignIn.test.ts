import { createActor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { GRAPH_LIMIT, pathName } from './graphLimits';
import { ownerSignInMachine, type OwnerSignInEmitted, type OwnerSignInEvent } from '../../../machines/ownerSignIn';

/**
 * The owner's sign-in flow (issue 36): the password, then the code when the second factor is
 * on; a check at a time; a refusal says why and goes back to the form it came from; an ended
 * session sends the owner back to the password. Model-based: every shortest path of the
 * machine's graph, checked step by step.
 */
const EVENTS: OwnerSignInEvent[] = [
  { type: 'SUBMIT', email: 'owner@example.it', password: 'secret password' },
  { type: 'SUBMIT', email: '  ', password: 'secret password' },
  { type: 'SUBMIT_CODE', code: '123456' },
  { type: 'SUBMIT_CODE', code: '' },
  { type: 'SIGNED_IN' },
  { type: 'CODE_NEEDED' },
  { type: 'REFUSED', failure: 'wrong' },
  { type: 'REFUSED', failure: 'wrongCode' },
  { type: 'REFUSED', failure: 'expired' },
  { type: 'REFUSED', failure: 'failed' },
  { type: 'THROTTLED', seconds: 42 },
];

function run(events: OwnerSignInEvent[]) {
  const actor = createActor(ownerSignInMachine);
  const emitted: OwnerSignInEmitted[] = [];
  actor.on('*', (event: OwnerSignInEmitted) => emitted.push(event));
  actor.start();
  for (const event of events) actor.send(event);
  return { snapshot: actor.getSnapshot(), emitted };
}

describe('owner sign-in machine', () => {
  it('a right password without a second factor signs in and opens the back office', () => {
    const { snapshot, emitted } = run([{ type: 'SUBMIT', email: ' owner@example.it ', password: 'pw' }, { type: 'SIGNED_IN' }]);
    expect(snapshot.value).toBe('signedIn');
    expect(snapshot.status).toBe('done');
    expect(emitted).toEqual([{ type: 'signIn', email: 'owner@example.it', password: 'pw' }, { type: 'open' }]);
  });

  it('with the second factor on: the code is asked, a wrong one said so, a right one signs in', () => {
    const { snapshot, emitted } = run([
      { type: 'SUBMIT', email: 'o@example.it', password: 'pw' },
      { type: 'CODE_NEEDED' },
      { type: 'SUBMIT_CODE', code: ' 111111 ' },
      { type: 'REFUSED', failure: 'wrongCode' },
    ]);
    expect([snapshot.value, snapshot.context.failure]).toEqual(['code', 'wrongCode']);
    const done = run([{ type: 'SUBMIT', email: 'o@example.it', password: 'pw' }, { type: 'CODE_NEEDED' }, { type: 'SUBMIT_CODE', code: '222222' }, { type: 'SIGNED_IN' }]);
    expect(done.snapshot.value).toBe('signedIn');
    expect(emitted).toContainEqual({ type: 'sendCode', code: '111111' });
  });

  it('a second submit while checking is ignored; throttling keeps the seconds to wait; an ended session goes back to the password', () => {
    const checking = run([
      { type: 'SUBMIT', email: 'o@example.it', password: 'pw' },
      { type: 'SUBMIT', email: 'o@example.it', password: 'pw' },
    ]);
    expect(checking.emitted.filter((e) => e.type === 'signIn')).toHaveLength(1);
    const throttled = run([{ type: 'SUBMIT', email: 'o@example.it', password: 'pw' }, { type: 'THROTTLED', seconds: 59.6 }]);
    expect([throttled.snapshot.value, throttled.snapshot.context]).toEqual(['password', { failure: 'throttled', seconds: 60 }]);
    const ended = run([{ type: 'SUBMIT', email: 'o@example.it', password: 'pw' }, { type: 'CODE_NEEDED' }, { type: 'SUBMIT_CODE', code: '1' }, { type: 'REFUSED', failure: 'expired' }]);
    expect([ended.snapshot.value, ended.snapshot.context.failure]).toEqual(['password', 'expired']);
  });
});

describe('owner sign-in machine: model-based paths', () => {
  const model = createTestModel(ownerSignInMachine, {
    events: EVENTS,
    serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, context: snapshot.context }),
    limit: GRAPH_LIMIT,
  });
  const paths = model.getShortestPaths({ allowDuplicatePaths: true });

  it('reaches every state and every refusal', () => {
    expect([...new Set(paths.map((path) => path.state.value))].sort()).toEqual(['checkingCode', 'checkingPassword', 'code', 'password', 'signedIn']);
    const failures = new Set(paths.map((path) => path.state.context.failure));
    expect([...failures].sort()).toEqual(['expired', 'failed', 'throttled', 'wrong', 'wrongCode', null].sort());
  });

  it.each(paths.map((path, index) => [pathName(path, index), path] as const))('%s', (_name, path) => {
    const actor = createActor(ownerSignInMachine);
    const emitted: OwnerSignInEmitted[] = [];
    actor.on('*', (event: OwnerSignInEmitted) => emitted.push(event));
    actor.start();
    for (const step of path.steps.slice(1)) {
      const before = actor.getSnapshot();
      const count = emitted.length;
      actor.send(step.event);
      const after = actor.getSnapshot();
      const asked = emitted.slice(count);
      // A check is asked for exactly when a form's submit is taken; the back office opens exactly on signing in.
      const took = before.value !== after.value && (after.value === 'checkingPassword' || after.value === 'checkingCode');
      expect(asked.filter((e) => e.type !== 'open').length).toBe(took ? 1 : 0);
      expect(asked.some((e) => e.type === 'open')).toBe(after.value === 'signedIn' && before.value !== 'signedIn');
      // A refusal is shown only on a form, and the wait only when throttled.
      if (after.value === 'checkingPassword' || after.value === 'checkingCode') expect(after.context.failure).toBeNull();
      expect(after.context.seconds > 0).toBe(after.context.failure === 'throttled');
      // Once the code was asked for, only an ended session goes back to the password.
      if (before.value === 'checkingCode' && after.value === 'password') expect(after.context.failure).toBe('expired');
    }
    expect(actor.getSnapshot().context).toEqual(path.state.context);
    expect(actor.getSnapshot().value).toEqual(path.state.value);
  });
});
