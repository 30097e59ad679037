import { createActor, SimulatedClock } from 'xstate';
import { alertMachine, ALERT_FADE_IN_MS } from '../../../machines/alert';

function start() {
  const clock = new SimulatedClock();
  const actor = createActor(alertMachine, { clock }).start();
  return { clock, actor };
}

const basketError = { key: 'basket.addFailed', style: 'error' as const, duration: 4000 };

describe('alert machine', () => {
  it('is hidden until a message is shown', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('hidden');
    expect(actor.getSnapshot().context.message).toBeNull();
  });

  it('fades in over 500 ms, then stays visible for the default 5000 ms, then hides', () => {
    const { actor, clock } = start();
    actor.send({ type: 'SHOW', message: { key: 'x', style: 'info' } });
    expect(actor.getSnapshot().value).toBe('fadingIn');
    // The spec's values, not the constants: a change of either fails here.
    clock.increment(499);
    expect(actor.getSnapshot().value).toBe('fadingIn');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('visible');
    clock.increment(4999);
    expect(actor.getSnapshot().value).toBe('visible');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('hidden');
    expect(actor.getSnapshot().context.message).toBeNull();
  });

  it('honours a message\'s own duration (basket errors: 4000 ms)', () => {
    const { actor, clock } = start();
    actor.send({ type: 'SHOW', message: basketError });
    // SimulatedClock schedules a timer set during an increment from that increment's end: step.
    clock.increment(ALERT_FADE_IN_MS);
    clock.increment(3999);
    expect(actor.getSnapshot().value).toBe('visible');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('hidden');
  });

  it.each(['fadingIn', 'visible'])('hides on click while %s', (state) => {
    const { actor, clock } = start();
    actor.send({ type: 'SHOW', message: basketError });
    if (state === 'visible') clock.increment(ALERT_FADE_IN_MS);
    expect(actor.getSnapshot().value).toBe(state);
    actor.send({ type: 'CLICK' });
    expect(actor.getSnapshot().value).toBe('hidden');
  });

  it('a new message replaces the shown one and restarts its timers', () => {
    const { actor, clock } = start();
    actor.send({ type: 'SHOW', message: { key: 'first', style: 'info' } });
    clock.increment(ALERT_FADE_IN_MS);
    clock.increment(4000);
    actor.send({ type: 'SHOW', message: { key: 'second', style: 'success', duration: 7000 } });
    expect(actor.getSnapshot().value).toBe('fadingIn');
    expect(actor.getSnapshot().context.message?.key).toBe('second');
    clock.increment(ALERT_FADE_IN_MS);
    clock.increment(6999);
    expect(actor.getSnapshot().value).toBe('visible');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('hidden');
  });

  it('a message shown during the fade-in restarts the fade', () => {
    const { actor, clock } = start();
    actor.send({ type: 'SHOW', message: { key: 'first', style: 'info' } });
    clock.increment(300);
    actor.send({ type: 'SHOW', message: { key: 'second', style: 'warning' } });
    clock.increment(300);
    expect(actor.getSnapshot().value).toBe('fadingIn');
    clock.increment(200);
    expect(actor.getSnapshot().value).toBe('visible');
    expect(actor.getSnapshot().context.shown).toBe(2);
  });
});
