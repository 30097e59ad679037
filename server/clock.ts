/**
 * The shop's clock for what depends on the time of day (a size's "ships today" before the
 * shipment deadline). Always the real time, except in browser tests, whose hooks
 * (SHOP_TEST_HOOKS=1, `POST /__test/clock`) set it so the page and the shop agree on the hour.
 */
export const shopClock = {
  now: (): Date => new Date(),
};
