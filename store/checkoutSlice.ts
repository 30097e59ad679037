import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CheckoutFieldErrors, CheckoutForm, CheckoutQuote, CouriersAnswer, OrderView, QuoteChange } from '../src/api/checkoutWire';
import { EMPTY_DETAILS } from '../src/domain/checkout';

/**
 * The checkout's data (issue 32): what the shopper entered, the couriers and payments the server
 * offers for the basket and address, the review's quote (every amount the server's), what changed
 * since, the server's refusal, and the order once placed. The checkout machine owns the flow's
 * mode (details, delivery, payment, review, placing, placed, failed, changed); the server draws
 * the page from this slice, with or without JavaScript.
 */
export interface CheckoutState {
  /** What the page shows: the form, the review, or (on the order's page) the order. */
  view: 'form' | 'review' | 'order';
  form: CheckoutForm;
  couriers: CouriersAnswer | null;
  errors: CheckoutFieldErrors;
  quote: CheckoutQuote | null;
  changes: QuoteChange[];
  /** The server's refusal of the order (a stable code and its message params), or null. */
  refusal: { code: string; params?: Record<string, string | number> } | null;
  order: OrderView | null;
}

export const initialCheckout: CheckoutState = {
  view: 'form',
  form: { ...EMPTY_DETAILS, courier: '', payment: '', key: '', quote: '', vehicle: '', fit_confirmed: '' },
  couriers: null,
  errors: {},
  quote: null,
  changes: [],
  refusal: null,
  order: null,
};

const checkoutSlice = createSlice({
  name: 'checkout',
  initialState: initialCheckout,
  reducers: {
    checkoutFieldChanged(state, action: PayloadAction<{ name: keyof CheckoutForm; value: string }>) {
      state.form[action.payload.name] = action.payload.value;
      delete state.errors[action.payload.name];
      state.refusal = null;
    },
    checkoutCouriersLoaded(state, action: PayloadAction<CouriersAnswer>) {
      state.couriers = action.payload;
      const offered = action.payload.couriers.map((c) => String(c.id));
      if (state.form.courier && !offered.includes(state.form.courier)) state.form.courier = '';
    },
    checkoutInvalid(state, action: PayloadAction<CheckoutFieldErrors>) {
      state.errors = action.payload;
      state.view = 'form';
    },
    checkoutReviewed(state, action: PayloadAction<CheckoutQuote>) {
      state.quote = action.payload;
      state.form.quote = action.payload.fingerprint;
      state.errors = {};
      state.changes = [];
      state.refusal = null;
      state.view = 'review';
    },
    checkoutChanged(state, action: PayloadAction<{ quote: CheckoutQuote; changes: QuoteChange[] }>) {
      state.quote = action.payload.quote;
      state.form.quote = action.payload.quote.fingerprint;
      state.changes = action.payload.changes;
      state.view = 'review';
    },
    checkoutRefused(state, action: PayloadAction<{ code: string; params?: Record<string, string | number> }>) {
      state.refusal = action.payload;
    },
    checkoutEdit(state) {
      state.view = 'form';
      state.changes = [];
    },
  },
});

export const { checkoutFieldChanged, checkoutCouriersLoaded, checkoutInvalid, checkoutReviewed, checkoutChanged, checkoutRefused, checkoutEdit } = checkoutSlice.actions;
export default checkoutSlice.reducer;
