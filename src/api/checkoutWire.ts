/**
 * The checkout's wire shapes (issue 32, ours: the spec shows no checkout), shared by the server
 * (server/routes/checkout.ts) and the storefront (src/api/checkout.ts). Every amount is the
 * server's, in the shop's currency, with its formatted text.
 */
import type { FitStatus } from '../domain/fitment';

/** Bank transfer, cash on delivery, instalments (the instalment provider's link). */
export type PaymentId = 'transfer' | 'cod' | 'instalments';
export const PAYMENT_IDS: readonly PaymentId[] = ['transfer', 'cod', 'instalments'];

/** The details a shopper gives: contact, delivery address, optional invoice data, the terms. */
export interface CheckoutDetails {
  email: string;
  phone: string;
  name: string;
  street: string;
  postcode: string;
  city: string;
  /** ISO code of a country the shop sells to (DELIVERY_COUNTRIES). */
  country: string;
  company: string;
  vat_number: string;
  /** '1' when the terms are accepted. */
  terms: string;
}

/** The whole checkout form: details, the courier, the payment, the key and what the shopper saw. */
export interface CheckoutForm extends CheckoutDetails {
  courier: string;
  payment: string;
  /** The idempotency key the checkout page was drawn with. */
  key: string;
  /** The quote the review showed (its fingerprint); a place with another fingerprint answers `changed`. */
  quote: string;
  /** The vehicle chosen now (engine id), for the lines' fit; '' for none. */
  vehicle: string;
  /** '1': the shopper confirmed lines that do not fit the vehicle chosen now. */
  fit_confirmed: string;
}

export interface Amount {
  value: number;
  formatted: string;
}

/** One courier for this basket and address, in its group. */
export interface CheckoutCourier {
  id: number;
  name: string;
  icon: string;
  group: 'prepaid' | 'dvp';
  cost: Amount;
  days: number;
  workingDays: boolean;
}

/** One line of the review: what it is, for which vehicle, how it fits, what it costs now. */
export interface QuoteLine {
  productId: number;
  sizeId: string;
  name: string;
  code: string;
  size: string;
  quantity: number;
  unit: string;
  link: string;
  /** The price per unit and the line's total, net and gross. */
  unitNet: Amount;
  unitGross: Amount;
  lineNet: Amount;
  lineGross: Amount;
  vatRate: number;
  /** The vehicle the line was added for (the shopper's label), or null. */
  vehicle: string | null;
  /** Its fit for the vehicle chosen now (null: no vehicle chosen). */
  fit: FitStatus | null;
}

/** The review: every amount the server's at this moment. */
export interface CheckoutQuote {
  lines: QuoteLine[];
  priceType: 'net' | 'gross';
  goodsNet: Amount;
  goodsGross: Amount;
  shipping: Amount;
  shippingNet: Amount;
  vat: Amount;
  /** What the shopper pays: goods gross + shipping. */
  total: Amount;
  courier: CheckoutCourier;
  payment: PaymentId;
  /** Changes whenever any line, price, quantity, courier cost or payment changes. */
  fingerprint: string;
}

/** What changed between the review the shopper saw and the server's amounts now. */
export interface QuoteChange {
  /** Product name and size of the line, or null for shipping / the total. */
  line: string | null;
  kind: 'price' | 'removed' | 'added' | 'quantity' | 'shipping' | 'total';
  before: string;
  after: string;
}

/** A field the server refused, by its form name, as a message key of the catalogues. */
export type CheckoutFieldErrors = Record<string, { key: string; values?: Record<string, number | string> }>;

/** POST /ajax/checkout.php?action=couriers */
export interface CouriersAnswer {
  /** The delivery region, or why the postcode is refused. */
  region: { kind: 'mainland' | 'remote'; id: string } | { kind: 'refused' | 'invalid' };
  couriers: CheckoutCourier[];
  /** The payments each group allows for this basket (cash on delivery only with a pay-on-delivery courier). */
  payments: Record<'prepaid' | 'dvp', PaymentId[]>;
}

/** POST /ajax/checkout.php?action=review: the quote, or the fields the server refused. */
export type ReviewAnswer = { status: 'review'; quote: CheckoutQuote } | { status: 'invalid'; errors: CheckoutFieldErrors };

/** POST /ajax/checkout.php?action=place */
export type PlaceAnswer =
  | { status: 'placed'; order: { number: string; link: string } }
  | { status: 'changed'; quote: CheckoutQuote; changes: QuoteChange[] }
  | { status: 'invalid'; errors: CheckoutFieldErrors }
  | { status: 'refused'; code: string; message: string; params?: Record<string, string | number> };

/** What the confirmation page shows of an order (the shopper's own, by its token). */
export interface OrderView {
  number: string;
  status: string;
  createdAt: string;
  email: string;
  name: string;
  address: string;
  courier: string;
  deliveryDays: number;
  payment: PaymentId;
  lines: Array<{ name: string; code: string; size: string; quantity: number; unit: string; lineGross: string; lineNet: string; vehicle: string | null; fit: FitStatus | null }>;
  goodsNet: string;
  goodsGross: string;
  shipping: string;
  vat: string;
  total: string;
  totalValue: number;
  priceType: 'net' | 'gross';
  /** How to pay: the transfer's account and reference, or the instalment link with the amount. */
  instructions: { kind: 'transfer'; iban: string; holder: string; amount: string; reference: string } | { kind: 'instalments'; link: string; amount: string } | { kind: 'cod'; amount: string };
}
