import { lazy, Suspense, useRef } from 'react';
import { useAppSelector } from '../../store/hooks';
import { Header } from '../components/Header';
import { Footer } from '../components/Footer';
import { AlertHost } from '../components/AlertHost';
import { PageProgress } from '../components/PageProgress';
import { SnippetsTop } from '../components/ShopSnippets';
import { BackToTop } from '../components/BackToTop';
import { SavedVehicle } from '../components/SavedVehicle';
import { flowMatches } from '../../store/flowsSlice';
import { isPagePreloaded, pageComponent } from './pages';

export function App() {
  const type = useAppSelector((state) => state.page.location?.type);
  const Page = type ? pageComponent(type) : null;
  return (
    <>
      <PageProgress />
      <SnippetsTop />
      <Header />
      <SavedVehicle />
      <main id="content" className="site-main" tabIndex={-1}>
        {/* A preloaded page (server rendering, hydration) is part of the shell: no boundary to hydrate apart. */}
        {Page && type && isPagePreloaded(type) ? (
          <Page />
        ) : (
          <Suspense fallback={null}>{Page ? <Page /> : null}</Suspense>
        )}
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
