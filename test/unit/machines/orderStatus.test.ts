import { createActor } from 'xstate';
import { allowedOrderEvents, decideOrderStatusChange, orderStatusMachine, validTracking } from '../../../machines/orderStatus';

describe('order status statechart', () => {
  it('starts a bank transfer awaiting payment and cash on delivery new', () => {
    expect(createActor(orderStatusMachine, { input: { payment: 'transfer' } }).start().getSnapshot().value).toBe('awaiting_payment');
    expect(createActor(orderStatusMachine, { input: { payment: 'instalments' } }).start().getSnapshot().value).toBe('awaiting_payment');
    expect(createActor(orderStatusMachine, { input: { payment: 'cod' } }).start().getSnapshot().value).toBe('new');
  });

  it('takes a bank transfer from paid to delivered, the tracking number required to ship', () => {
    expect(decideOrderStatusChange('awaiting_payment', 'transfer', { type: 'MARK_PAID' })).toMatchObject({ ok: true, to: 'paid', returnsStock: false });
    expect(decideOrderStatusChange('awaiting_payment', 'transfer', { type: 'PACK' })).toEqual({ ok: false, from: 'awaiting_payment' });
    expect(decideOrderStatusChange('paid', 'transfer', { type: 'PACK' })).toMatchObject({ ok: true, to: 'packed' });
    expect(decideOrderStatusChange('packed', 'transfer', { type: 'SHIP', tracking: '' })).toEqual({ ok: false, from: 'packed' });
    expect(decideOrderStatusChange('packed', 'transfer', { type: 'SHIP', tracking: '=cmd' })).toEqual({ ok: false, from: 'packed' });
    expect(decideOrderStatusChange('packed', 'transfer', { type: 'SHIP', tracking: 'BRT 0012 3456' })).toEqual({ ok: true, from: 'packed', to: 'shipped', returnsStock: false, mailsTracking: true });
    expect(decideOrderStatusChange('shipped', 'transfer', { type: 'DELIVER' })).toMatchObject({ ok: true, to: 'delivered' });
  });

  it('sends cash on delivery from new straight to packed, never through paid', () => {
    expect(decideOrderStatusChange('new', 'cod', { type: 'PACK' })).toMatchObject({ ok: true, to: 'packed' });
    expect(decideOrderStatusChange('new', 'cod', { type: 'MARK_PAID' })).toEqual({ ok: false, from: 'new' });
    expect(allowedOrderEvents('new', 'cod')).toEqual(['PACK', 'CANCEL']);
  });

  it('cancels only what nothing was paid for, returning the stock', () => {
    expect(decideOrderStatusChange('awaiting_payment', 'transfer', { type: 'CANCEL' })).toMatchObject({ ok: true, to: 'cancelled', returnsStock: true });
    expect(decideOrderStatusChange('new', 'cod', { type: 'CANCEL' })).toMatchObject({ ok: true, to: 'cancelled', returnsStock: true });
    expect(decideOrderStatusChange('packed', 'cod', { type: 'CANCEL' })).toMatchObject({ ok: true, to: 'cancelled', returnsStock: true });
    expect(decideOrderStatusChange('paid', 'transfer', { type: 'CANCEL' })).toEqual({ ok: false, from: 'paid' });
    expect(decideOrderStatusChange('packed', 'transfer', { type: 'CANCEL' })).toEqual({ ok: false, from: 'packed' });
    expect(decideOrderStatusChange('shipped', 'cod', { type: 'CANCEL' })).toEqual({ ok: false, from: 'shipped' });
  });

  it('refunds only after payment: the stock back while the goods are still here', () => {
    expect(decideOrderStatusChange('awaiting_payment', 'transfer', { type: 'REFUND' })).toEqual({ ok: false, from: 'awaiting_payment' });
    expect(decideOrderStatusChange('paid', 'transfer', { type: 'REFUND' })).toMatchObject({ ok: true, to: 'refunded', returnsStock: true });
    expect(decideOrderStatusChange('shipped', 'transfer', { type: 'REFUND' })).toMatchObject({ ok: true, to: 'refunded', returnsStock: false });
    // Cash on delivery is paid once delivered (the courier collected it), not before.
    expect(decideOrderStatusChange('shipped', 'cod', { type: 'REFUND' })).toEqual({ ok: false, from: 'shipped' });
    expect(decideOrderStatusChange('delivered', 'cod', { type: 'REFUND' })).toMatchObject({ ok: true, to: 'refunded' });
  });

  it('ends at cancelled and refunded', () => {
    expect(allowedOrderEvents('cancelled', 'transfer')).toEqual([]);
    expect(allowedOrderEvents('refunded', 'cod')).toEqual([]);
  });

  it('takes a courier tracking number, not a formula or a paragraph', () => {
    expect(validTracking('1Z999AA10123456784')).toBe(true);
    expect(validTracking('  ')).toBe(false);
    expect(validTracking('@SUM(A1)')).toBe(false);
    expect(validTracking('A'.repeat(65))).toBe(false);
  });
});
