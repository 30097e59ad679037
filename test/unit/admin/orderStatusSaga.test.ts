import { channel } from 'redux-saga';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic } from 'redux-saga-test-plan/providers';
import type { OrderStatusEvent } from '../../../machines/orderStatus';
import { orderStatusCall } from '../../../src/admin/orderStatusApi';
import { orderStatusSaga, type OrderStatusEffects } from '../../../src/admin/orderStatusSaga';
import { attachOrderStatus } from '../../../src/admin/orderStatusView';

function effects() {
  const seen: string[] = [];
  const fx: OrderStatusEffects = {
    token: () => 'page-token',
    navigate: (url) => void seen.push(`navigate ${url}`),
    busy: (on) => void seen.push(`busy ${on}`),
    refused: (reason) => void seen.push(`refused ${'message' in reason ? reason.message : reason.local}`),
  };
  return { fx, seen };
}

describe('order status saga (the order page in the browser)', () => {
  it('sends an allowed change with the page token and opens the order redrawn', async () => {
    const submits = channel<OrderStatusEvent>();
    const { fx, seen } = effects();
    const run = expectSaga(orderStatusSaga, submits, { number: '2026-000042', status: 'packed', payment: 'transfer' }, fx)
      .provide([[matchers.call.fn(orderStatusCall), { kind: 'changed', status: 'shipped', stockReturned: false, mailed: true }]])
      .call(orderStatusCall, '2026-000042', 'SHIP', 'BRT 123', 'page-token')
      .run(100);
    submits.put({ type: 'SHIP', tracking: 'BRT 123' });
    await run;
    expect(seen).toEqual(['busy true', 'navigate /admin/orders/2026-000042?changed=shipped&mailed=1']);
  });

  it('says at once what the statechart refuses, without a call: no tracking number, a change not allowed from here', async () => {
    const submits = channel<OrderStatusEvent>();
    const { fx, seen } = effects();
    const run = expectSaga(orderStatusSaga, submits, { number: '2026-000042', status: 'packed', payment: 'transfer' }, fx)
      .provide([[matchers.call.fn(orderStatusCall), { kind: 'changed', status: 'shipped', stockReturned: false, mailed: false }]])
      .not.call.fn(orderStatusCall)
      .silentRun(100);
    submits.put({ type: 'SHIP', tracking: '' });
    submits.put({ type: 'MARK_PAID' });
    await run;
    expect(seen).toEqual(['refused tracking', 'refused refused']);
  });

  it("shows the server's refusal (the order moved meanwhile) and takes the next change", async () => {
    const submits = channel<OrderStatusEvent>();
    const { fx, seen } = effects();
    const answers = [
      { kind: 'refused', code: 'transition_not_allowed', message: 'Questo cambio non è possibile da «Annullato».' },
      { kind: 'refused', code: 'failed', message: null },
    ];
    const run = expectSaga(orderStatusSaga, submits, { number: '2026-000042', status: 'awaiting_payment', payment: 'transfer' }, fx)
      .provide([[matchers.call.fn(orderStatusCall), dynamic(() => answers.shift())]])
      .silentRun(100);
    submits.put({ type: 'MARK_PAID' });
    submits.put({ type: 'CANCEL' });
    await run;
    expect(seen).toEqual(['busy true', 'busy false', 'refused Questo cambio non è possibile da «Annullato».', 'busy true', 'busy false', 'refused failed']);
  });

  it('takes the forms of the order page, and one submit at a time while a change is out', () => {
    document.body.innerHTML = `<div data-order-page data-number="2026-000042" data-status="paid" data-payment="transfer" data-refused-text="No" data-tracking-text="T" data-failed-text="F">
      <div data-order-notice></div>
      <form data-order-event="PACK"><button type="submit">Pack</button></form>
      <form data-order-event="REFUND"><button type="submit">Refund</button></form></div>`;
    const attached = attachOrderStatus(document)!;
    expect(attached.order).toEqual({ number: '2026-000042', status: 'paid', payment: 'transfer' });
    const taken: OrderStatusEvent[] = [];
    const forms = document.querySelectorAll('form');
    forms[0].requestSubmit();
    attached.submits.take((event) => void taken.push(event as OrderStatusEvent));
    expect(taken).toEqual([{ type: 'PACK' }]);
    attached.effects.busy(true);
    forms[1].requestSubmit();
    expect(document.querySelector('button')!.disabled).toBe(true);
    attached.submits.take((event) => void taken.push(event as OrderStatusEvent));
    expect(taken).toEqual([{ type: 'PACK' }]);
    attached.effects.refused({ local: 'tracking' });
    expect(document.querySelector('[role="alert"]')!.textContent).toBe('T');
    attached.effects.refused({ message: '<b>x</b>' });
    expect(document.querySelector('[role="alert"]')!.textContent).toBe('<b>x</b>');
    expect(document.querySelector('[role="alert"] b')).toBeNull();
  });
});
