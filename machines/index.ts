import type { AnyStateMachine } from 'xstate';
import { layoutModeMachine } from './layoutMode';
import { alertMachine } from './alert';
import { miniBasketMachine } from './miniBasket';
import { bannersMachine } from './banners';
import { stickyHeaderMachine } from './stickyHeader';

/** The machines of flows every page may run, by id (started by `flowManager`). */
export const machines: Record<string, AnyStateMachine> = {
  layoutMode: layoutModeMachine,
  alert: alertMachine,
  miniBasket: miniBasketMachine,
  banners: bannersMachine,
  stickyHeader: stickyHeaderMachine,
};

/**
 * Page-specific machines, loaded with their page's code (not every page's first load).
 * `flowManager` loads one before starting it; `npm run machines:export` writes them all.
 */
export const machineLoaders: Record<string, () => Promise<AnyStateMachine>> = {
  // Started with its saga by the first partial load (sagas/partialLoadLauncher.ts).
  partialLoad: () => import(/* webpackChunkName: "partial-load" */ './partialLoad').then((m) => m.partialLoadMachine),
  // Started by its saga when the shopper first uses the search box (sagas/liveSearchLauncher.ts).
  liveSearch: () => import(/* webpackChunkName: "live-search-flow" */ './liveSearch').then((m) => m.liveSearchMachine),
  slider: () => import(/* webpackChunkName: "slider" */ './slider').then((m) => m.sliderMachine),
  vehicleConfigurator: () => import(/* webpackChunkName: "vehicle-configurator" */ './vehicleConfigurator').then((m) => m.vehicleConfiguratorMachine),
  buyBox: () => import(/* webpackChunkName: "page-product" */ './buyBox').then((m) => m.buyBoxMachine),
  form: () => import(/* webpackChunkName: "page-contact" */ './form').then((m) => m.formMachine),
  checkout: () => import(/* webpackChunkName: "page-checkout" */ './checkout').then((m) => m.checkoutMachine),
  // Loaded with the garage panel, at the header's first garage press (src/components/GarageButton.tsx).
  garage: () => import(/* webpackChunkName: "garage" */ './garage').then((m) => m.garageMachine),
  brakeFinder: () => import(/* webpackChunkName: "brake-finder" */ './brakeFinder').then((m) => m.brakeFinderMachine),
};

/**
 * Machines a component runs itself (`useMachine` of @xstate/react): its own state, with no side
 * effect and nothing another part of the page reads, so not a flow in the store.
 */
export const componentMachineLoaders: Record<string, () => Promise<AnyStateMachine>> = {
  tooltip: () => import(/* webpackChunkName: "page-contact" */ './tooltip').then((m) => m.tooltipMachine),
};

/** Every machine, eager and lazy: what the visualizer export writes. */
export async function allMachines(): Promise<Record<string, AnyStateMachine>> {
  const lazy = await Promise.all(Object.entries({ ...machineLoaders, ...componentMachineLoaders }).map(async ([id, load]) => [id, await load()] as const));
  return { ...machines, ...Object.fromEntries(lazy) };
}
