import { createActor } from 'xstate';
import { layoutModeMachine, type LayoutModeEmitted } from '../../../machines/layoutMode';

function start() {
  const actor = createActor(layoutModeMachine).start();
  const entered: number[] = [];
  actor.on('modeEntered', (event: LayoutModeEmitted) => entered.push(event.mode));
  return { actor, entered };
}

describe('layout mode machine', () => {
  it('starts unmeasured, with no mode', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('unmeasured');
    expect(actor.getSnapshot().context.mode).toBeNull();
  });

  it.each([
    [1, 'mobile'],
    [2, 'tablet'],
    [3, 'desktop'],
    [4, 'desktop'],
  ] as const)('view type %i is the %s layout and re-runs that mode\'s handlers', (mode, state) => {
    const { actor, entered } = start();
    actor.send({ type: 'VIEW_MEASURED', mode });
    expect(actor.getSnapshot().value).toBe(state);
    expect(actor.getSnapshot().context.mode).toBe(mode);
    expect(entered).toEqual([mode]);
  });

  it('a resize within the same mode re-runs nothing', () => {
    const { actor, entered } = start();
    actor.send({ type: 'VIEW_MEASURED', mode: 1 });
    actor.send({ type: 'VIEW_MEASURED', mode: 1 });
    expect(entered).toEqual([1]);
  });

  it('follows resizes across every mode, announcing each change once', () => {
    const { actor, entered } = start();
    for (const mode of [1, 2, 3, 4, 3, 1] as const) actor.send({ type: 'VIEW_MEASURED', mode });
    expect(entered).toEqual([1, 2, 3, 4, 3, 1]);
    expect(actor.getSnapshot().value).toBe('mobile');
  });

  it('going from desktop 3 to desktop 4 stays desktop but records the new mode', () => {
    const { actor } = start();
    actor.send({ type: 'VIEW_MEASURED', mode: 3 });
    actor.send({ type: 'VIEW_MEASURED', mode: 4 });
    expect(actor.getSnapshot().value).toBe('desktop');
    expect(actor.getSnapshot().context.mode).toBe(4);
  });
});
