import '../styles/main.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { createShopStore } from '../../store';
import { rootSaga } from '../../sagas/root';
import { createShopI18n, isLanguage, LANGUAGE_STORAGE_KEY, switchLanguage } from '../i18n/runtime';
import { App } from './App';

function savedLanguage() {
  try {
    const saved = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(saved) ? saved : 'it';
  } catch {
    return 'it';
  }
}

const language = savedLanguage();
document.documentElement.lang = language;
const i18n = createShopI18n();
const { store, runSaga } = createShopStore();
runSaga(rootSaga);

function render() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Provider store={store}>
        <I18nextProvider i18n={i18n}>
          <App />
        </I18nextProvider>
      </Provider>
    </StrictMode>,
  );
}

// A saved Polish or English choice loads its catalogue first (Italian is in the page).
if (language === 'it') render();
else switchLanguage(i18n, language).then(render, render);
