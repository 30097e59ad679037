import { lazy, Suspense, useRef, type ComponentType, type LazyExoticComponent } from 'react';
import { useAppSelector } from '../../store/hooks';
import type { PageType } from '../../store/pageSlice';
import { Header } from '../components/Header';
import { Footer } from '../components/Footer';
import { AlertHost } from '../components/AlertHost';
import { PageProgress } from '../components/PageProgress';
import { SnippetsTop } from '../components/ShopSnippets';
import { BackToTop } from '../components/BackToTop';
import { SavedVehicle } from '../components/SavedVehicle';
import { flowMatches } from '../../store/flowsSlice';


/** Each page type is its own chunk: a page's first load carries only that page. */
const PAGES: Record<PageType, LazyExoticComponent<ComponentType>> = {
  main: lazy(() => import(/* webpackChunkName: "page-home" */ '../pages/home/HomePage')),
  search: lazy(() => import(/* webpackChunkName: "page-search" */ '../pages/search/SearchPage')),
  product: lazy(() => import(/* webpackChunkName: "page-product" */ '../pages/product/ProductPage')),
  basket: lazy(() => import(/* webpackChunkName: "page-basket" */ '../pages/basket/BasketPage')),
  brakes: lazy(() => import(/* webpackChunkName: "page-brakes" */ '../pages/brakes/BrakesPage')),
  contact: lazy(() => import(/* webpackChunkName: "page-contact" */ '../pages/contact/ContactPage')),
  cms: lazy(() => import(/* webpackChunkName: "page-cms" */ '../pages/cms/CmsPage')),
  noProduct: lazy(() => import(/* webpackChunkName: "page-no-product" */ '../pages/no-product/NoProductPage')),
};

export function App() {
  const type = useAppSelector((state) => state.page.location?.type);
  const Page = type ? PAGES[type] : null;
  return (
    <>
      <PageProgress />
      <SnippetsTop />
      <Header />
      <SavedVehicle />
      <main id="content" className="site-main" tabIndex={-1}>
        <Suspense fallback={null}>{Page ? <Page /> : null}</Suspense>
      </main>
      <Footer />
      <BackToTop />
      <MiniBasketHost />
      <AlertHost />
    </>
  );
}

const MiniBasket = lazy(() => import(/* webpackChunkName: "mini-basket" */ '../components/MiniBasket').then((m) => ({ default: m.MiniBasket })));

/** The mini basket's code loads the first time it opens, and stays for the next times. */
function MiniBasketHost() {
  const open = useAppSelector((state) => flowMatches(state.flows.miniBasket, 'open'));
  const wanted = useRef(false);
  if (open) wanted.current = true;
  return wanted.current ? (
    <Suspense fallback={null}>
      <MiniBasket />
    </Suspense>
  ) : null;
}
