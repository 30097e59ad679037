import { createAction } from '@reduxjs/toolkit';
import type { AlertMessage } from '../machines/alert';

/**
 * What components ask of the sagas: the actions (and flow ids) the UI dispatches or reads, kept in
 * the store so components never import from sagas/. Each saga re-exports its own for its tests.
 */

/* ---------------------------------------------------------------- alert (sagas/alert.ts) */

/** Any part of the site shows a message through this one action. */
export const showAlert = createAction<AlertMessage>('alert/show');

/* ---------------------------------------------------------------- miniBasket (sagas/miniBasket.ts) */

/** Add one of a product from a list (quantity from a list is fixed at 1). */
export const listAddRequested = createAction<{ product: number; size: string }>('basket/listAddRequested');

/* ---------------------------------------------------------------- stickyHeader (sagas/stickyHeader.ts) */

export const STICKY_HEADER_FLOW = 'stickyHeader';
/** The element that holds the header's place in the page (Header.tsx). */
export const HEADER_SLOT_ID = 'site-header-slot';

/* ---------------------------------------------------------------- brakeFinderLauncher (sagas/brakeFinderLauncher.ts) */

/** A brake finder mounted (its saga starts) or unmounted (it stops). */
/** `country`: the shop version whose engine data the finder reads (the page's language). */
export const finderMounted = createAction<{ startsAtOnce: boolean; country?: string }>('finder/mounted');
export const finderUnmounted = createAction('finder/unmounted');

/* ---------------------------------------------------------------- brakeFinder (sagas/brakeFinder.ts) */

/** The finder's basket form: size, product, number (fixed at 1, but checked). */
export const finderBasketRequested = createAction<{ product: number; size: string; number: string }>('finder/basketRequested');

/* ---------------------------------------------------------------- vehicleConfigurator (sagas/vehicleConfigurator.ts) */

/** The garage panel's flow (machines/garage.ts, sagas/garage.ts). */
export const GARAGE_FLOW = 'garage';

/** The saved vehicle bar's "remove": clear the store and go home. */
export const vehicleRemoveRequested = createAction('vehicle/removeRequested');
/** The configurator's flow id: its component starts it (with the saved vehicle as input) and stops it. */
export const VEHICLE_FLOW = 'vehicleConfigurator';

/* ---------------------------------------------------------------- basketPage (sagas/basketPage.ts) */

/** The shopper set a line's quantity on the basket page (0 removes it). */
export const lineQuantityEntered = createAction<{ key: string; quantity: number }>('basketPage/lineQuantityEntered');
/** The shopper dismissed the note of a line no longer available (a withdrawn line, by its lineKey). */
export const withdrawnLineDismissed = createAction<{ key: string }>('basketPage/withdrawnLineDismissed');
/** The shopper asked what shipping costs to a country and postcode. */
export const estimateRequested = createAction<{ country: string; postcode: string; language: string }>('basketPage/estimateRequested');

/* ---------------------------------------------------------------- product (sagas/product.ts) */

/** The shopper typed a quantity (or pressed - / +): corrected by the quantity rules. */
export const quantityEntered = createAction<number>('product/quantityEntered');
/** The notify-me-when-available form was sent. */
export const notifyRequested = createAction<{ email: string }>('product/notifyRequested');

/* ---------------------------------------------------------------- partialLoad (sagas/partialLoad.ts) */

/** Load this address into the current page's regions (listing filters, pagination). */
export const partialLoadRequested = createAction<{ url: string; push?: boolean }>('partialLoad/requested');

/** The flow id of the partial page load (machines/partialLoad.ts), read by the progress bar and the listing. */
export const PARTIAL_LOAD_FLOW = 'partialLoad';

/** The page came back from the browser's back/forward cache (`pageshow` with `persisted`): sagas refresh what may have changed. */
export const pageRestored = createAction('page/restored');

/* ---------------------------------------------------------------- checkout (sagas/checkout.ts) */

/** The flow id of the checkout (machines/checkout.ts). */
export const CHECKOUT_FLOW = 'checkout';

/** A checkout form was submitted: to the review, to place the order, or back to edit the details. */
export const checkoutSubmitted = createAction<{ step: 'review' | 'place' | 'edit' }>('checkout/submitted');
