import { buffers, eventChannel, type EventChannel } from 'redux-saga';
import { isOrderStatus, isOrderStatusEvent, type OrderPayment, type OrderStatusEvent } from '../../machines/orderStatus';
import type { OrderPageState, OrderStatusEffects } from './orderStatusSaga';

/**
 * The order page's status forms (drawn by the server, server/render/admin/orders.tsx) as the
 * saga's input: a submit becomes an event instead of a page load; the forms show when a change
 * is out (busy, buttons disabled) and a refusal in the page's live region. Null on other pages.
 */
export function attachOrderStatus(doc: Document): { order: OrderPageState; submits: EventChannel<OrderStatusEvent>; effects: Omit<OrderStatusEffects, 'token' | 'navigate'> } | null {
  const page = doc.querySelector<HTMLElement>('[data-order-page]');
  const forms = [...doc.querySelectorAll<HTMLFormElement>('form[data-order-event]')];
  const notice = doc.querySelector<HTMLElement>('[data-order-notice]');
  const { number, status, payment } = page?.dataset ?? {};
  if (!page || !notice || !forms.length || !number || !isOrderStatus(status)) return null;
  // Only one taken at a time: a second submit while one is out is dropped (sliding buffer of one, busy forms).
  const submits = eventChannel<OrderStatusEvent>((emit) => {
    const listeners = forms.map((form) => {
      const listener = (event: SubmitEvent) => {
        event.preventDefault();
        if (form.getAttribute('aria-busy') === 'true') return;
        const type = form.dataset.orderEvent;
        if (!isOrderStatusEvent(type)) return;
        emit(type === 'SHIP' ? { type, tracking: String(new FormData(form).get('tracking') ?? '').trim() } : ({ type } as OrderStatusEvent));
      };
      form.addEventListener('submit', listener);
      return () => form.removeEventListener('submit', listener);
    });
    return () => listeners.forEach((remove) => remove());
  }, buffers.dropping(1));
  return {
    order: { number, status, payment: (payment ?? 'transfer') as OrderPayment },
    submits,
    effects: {
      busy(on) {
        for (const form of forms) {
          form.setAttribute('aria-busy', String(on));
          const button = form.querySelector('button');
          if (button) button.disabled = on;
        }
      },
      refused(reason) {
        const p = doc.createElement('p');
        p.className = 'admin-notice admin-notice-error';
        p.setAttribute('role', 'alert');
        // The page's own texts (drawn by the server in the owner's language) for what is decided here.
        p.textContent = 'message' in reason ? reason.message : (page.dataset[`${reason.local}Text`] ?? '');
        notice.replaceChildren(p);
      },
    },
  };
}
