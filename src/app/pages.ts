import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageType } from '../../store/pageSlice';

type PageModule = { default: ComponentType };

/** Each page type is its own chunk: a page's first load carries only that page. */
const PAGE_LOADERS: Record<PageType, () => Promise<PageModule>> = {
  main: () => import(/* webpackChunkName: "page-home" */ '../pages/home/HomePage'),
  search: () => import(/* webpackChunkName: "page-search" */ '../pages/search/SearchPage'),
  product: () => import(/* webpackChunkName: "page-product" */ '../pages/product/ProductPage'),
  basket: () => import(/* webpackChunkName: "page-basket" */ '../pages/basket/BasketPage'),
  checkout: () => import(/* webpackChunkName: "page-checkout" */ '../pages/checkout/CheckoutPage'),
  order: () => import(/* webpackChunkName: "page-checkout" */ '../pages/checkout/CheckoutPage'),
  brakes: () => import(/* webpackChunkName: "page-brakes" */ '../pages/brakes/BrakesPage'),
  contact: () => import(/* webpackChunkName: "page-contact" */ '../pages/contact/ContactPage'),
  cms: () => import(/* webpackChunkName: "page-cms" */ '../pages/cms/CmsPage'),
  vehicle: () => import(/* webpackChunkName: "page-vehicle" */ '../pages/vehicle/VehiclePage'),
  noProduct: () => import(/* webpackChunkName: "page-no-product" */ '../pages/no-product/NoProductPage'),
};

/** The webpack chunk of each page type (the server links its script and styles in the page's head). */
export const PAGE_CHUNK: Record<PageType, string> = {
  main: 'page-home',
  search: 'page-search',
  product: 'page-product',
  basket: 'page-basket',
  checkout: 'page-checkout',
  order: 'page-checkout',
  brakes: 'page-brakes',
  contact: 'page-contact',
  cms: 'page-cms',
  vehicle: 'page-vehicle',
  noProduct: 'page-no-product',
};

const lazyPages = Object.fromEntries(Object.entries(PAGE_LOADERS).map(([type, load]) => [type, lazy(load)])) as Record<PageType, LazyExoticComponent<ComponentType>>;
const loaded = new Map<PageType, ComponentType>();

/**
 * Loads a page type's code before the first render, so the server draws the whole page and the
 * browser hydrates it in one pass (a lazy page would leave its boundary to hydrate later).
 */
export async function preloadPage(type: PageType): Promise<void> {
  if (loaded.has(type)) return;
  loaded.set(type, (await PAGE_LOADERS[type]()).default);
}

export function isPagePreloaded(type: PageType): boolean {
  return loaded.has(type);
}

/** The page's component: the preloaded one when there is one, else a lazy one (partial navigations). */
export function pageComponent(type: PageType): ComponentType {
  return loaded.get(type) ?? lazyPages[type];
}
