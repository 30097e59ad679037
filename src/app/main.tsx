import '../styles/main.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { createShopStore } from '../../store';
import { rootSaga } from '../../sagas/root';
import { createI18n, isLanguage, LANGUAGE_STORAGE_KEY } from '../i18n';
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
const i18n = createI18n(language);
const { store, runSaga } = createShopStore();
runSaga(rootSaga);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <App />
      </I18nextProvider>
    </Provider>
  </StrictMode>,
);
