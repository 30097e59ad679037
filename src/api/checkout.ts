import { http, isHttpError } from './http';
import type { CheckoutForm, CouriersAnswer, PlaceAnswer, ReviewAnswer } from './checkoutWire';

/**
 * The checkout calls (issue 32): POST /ajax/checkout.php?action=couriers|review|place with the
 * form as JSON. A refused form (422), changed amounts (409 with the new quote) and a refused
 * order (409 with an error code) are answers, not failures: they come back as the answer's
 * status; only a network failure or an unexpected status throws.
 */
export async function fetchCheckoutCouriers(form: Pick<CheckoutForm, 'country' | 'postcode'>, language: string, signal?: AbortSignal): Promise<CouriersAnswer> {
  return (await http.post<CouriersAnswer>('/ajax/checkout.php?action=couriers', { country: form.country, postcode: form.postcode, lang: language }, { signal })).data;
}

async function checkoutCall<T>(action: 'review' | 'place', form: CheckoutForm, language: string): Promise<T | { status: 'refused'; code: string; message: string; params?: Record<string, string | number> }> {
  try {
    return (await http.post<T>(`/ajax/checkout.php?action=${action}`, { ...form, lang: language })).data;
  } catch (error) {
    if (isHttpError(error) && (error.status === 409 || error.status === 422 || error.status === 400) && error.data && typeof error.data === 'object') {
      const data = error.data as T | { error: { code: string; message: string; params?: Record<string, string | number> } };
      if ('error' in (data as object)) {
        const refusal = (data as { error: { code: string; message: string; params?: Record<string, string | number> } }).error;
        return { status: 'refused', code: refusal.code, message: refusal.message, ...(refusal.params ? { params: refusal.params } : {}) };
      }
      return data as T;
    }
    throw error;
  }
}

export function reviewCheckout(form: CheckoutForm, language: string): Promise<ReviewAnswer | { status: 'refused'; code: string; message: string }> {
  return checkoutCall<ReviewAnswer>('review', form, language);
}

export function placeOrder(form: CheckoutForm, language: string): Promise<PlaceAnswer> {
  return checkoutCall<PlaceAnswer>('place', form, language);
}
