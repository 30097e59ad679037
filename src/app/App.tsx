import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useAppSelector } from '../../store/hooks';
import type { PageType } from '../../store/pageSlice';
import { Header } from '../components/Header';
import { Footer } from '../components/Footer';
import { AlertHost } from '../components/AlertHost';
import { PageProgress } from '../components/PageProgress';
import { SnippetsTop } from '../components/ShopSnippets';
import { BackToTop } from '../components/BackToTop';

/** Each page type is its own chunk: a page's first load carries only that page. */
const PAGES: Record<PageType, LazyExoticComponent<ComponentType>> = {
  main: lazy(() => import(/* webpackChunkName: "page-home" */ '../pages/home/HomePage')),
  search: lazy(() => import(/* webpackChunkName: "page-search" */ '../pages/search/SearchPage')),
  product: lazy(() => import(/* webpackChunkName: "page-product" */ '../pages/product/ProductPage')),
  basket: lazy(() => import(/* webpackChunkName: "page-basket" */ '../pages/basket/BasketPage')),
  brakes: lazy(() => import(/* webpackChunkName: "page-brakes" */ '../pages/brakes/BrakesPage')),
  contact: lazy(() => import(/* webpackChunkName: "page-contact" */ '../pages/contact/ContactPage')),
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
      <main id="content" className="site-main" tabIndex={-1}>
        <Suspense fallback={null}>{Page ? <Page /> : null}</Suspense>
      </main>
      <Footer />
      <BackToTop />
      <AlertHost />
    </>
  );
}
