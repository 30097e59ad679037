import { createActor } from 'xstate';
import { stickyHeaderMachine } from '../../../machines/stickyHeader';

describe('sticky header machine', () => {
  it('fixes the header keeping its height, and releases it', () => {
    const actor = createActor(stickyHeaderMachine).start();
    expect(actor.getSnapshot().value).toBe('static');
    actor.send({ type: 'SCROLLED', fixed: false, height: 120 });
    expect(actor.getSnapshot().value).toBe('static');
    actor.send({ type: 'SCROLLED', fixed: true, height: 120 });
    expect(actor.getSnapshot().value).toBe('fixed');
    expect(actor.getSnapshot().context.height).toBe(120);
    actor.send({ type: 'SCROLLED', fixed: true, height: 130 });
    expect(actor.getSnapshot().context.height).toBe(120);
    actor.send({ type: 'SCROLLED', fixed: false, height: 120 });
    expect(actor.getSnapshot().value).toBe('static');
    expect(actor.getSnapshot().context.height).toBe(0);
  });
});
