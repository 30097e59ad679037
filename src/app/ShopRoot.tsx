import { StrictMode, useEffect } from 'react';
import { Provider } from 'react-redux';
import { I18nextProvider } from '../i18n/react';
import type { i18n } from 'i18next';
import type { ShopStore } from '../../store';
import { App } from './App';

/** Runs once after the first commit: in the browser, after hydration has attached to the server's HTML. */
function AfterFirstCommit({ run }: { run: () => void }) {
  useEffect(run, [run]);
  return null;
}

/** The whole storefront tree: the same on the server (rendered to HTML) and in the browser (hydrated). */
export function ShopRoot({ store, i18n, onCommitted }: { store: ShopStore; i18n: i18n; onCommitted?: () => void }) {
  return (
    <StrictMode>
      {/* First in the tree, so its effect runs before any component's: the sagas are listening when components ask for their flows at mount. */}
      {onCommitted ? <AfterFirstCommit run={onCommitted} /> : null}
      <Provider store={store}>
        <I18nextProvider i18n={i18n}>
          <App />
        </I18nextProvider>
      </Provider>
    </StrictMode>
  );
}
