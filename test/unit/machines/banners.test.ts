import { createActor } from 'xstate';
import { bannersMachine, type BannersEmitted } from '../../../machines/banners';

describe('banners machine', () => {
  it('shows nothing until the cookies are read, then remembers each banner closed', () => {
    const actor = createActor(bannersMachine).start();
    const emitted: BannersEmitted[] = [];
    actor.on('*', (event: BannersEmitted) => emitted.push(event));
    expect(actor.getSnapshot().value).toBe('reading');
    actor.send({ type: 'DISMISS', id: 'discount_code' });
    expect(emitted).toEqual([]);
    actor.send({ type: 'READ', dismissed: ['free_shipping'] });
    expect(actor.getSnapshot().value).toBe('shown');
    actor.send({ type: 'DISMISS', id: 'discount_code' });
    actor.send({ type: 'DISMISS', id: 'discount_code' });
    expect(actor.getSnapshot().context.dismissed).toEqual(['free_shipping', 'discount_code']);
    expect(emitted[0]).toEqual({ type: 'remember', id: 'discount_code', days: 1 });
  });
});
