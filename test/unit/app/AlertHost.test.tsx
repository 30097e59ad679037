import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { I18nextProvider } from '../../../src/i18n/react';
import { alertSaga, showAlert } from '../../../sagas/alert';
import { AlertHost } from '../../../src/components/AlertHost';
import { createI18n } from '../../../src/i18n';
import { createShopStore } from '../../../store';

/**
 * The alert as the shopper sees it (storefront spec sections 4 and 9): it fades in over 500 ms
 * and hides by itself 5000 ms later, or after the message's own duration (basket errors and
 * the finder's missing quantity 4000 ms, the no-engine hint 7000 ms: brake-shop spec section 9).
 * The alert saga runs the real alert machine on (fake) timers. The values are the spec's, not
 * the constants: a change of ALERT_FADE_IN_MS or ALERT_DEFAULT_DURATION_MS fails here.
 */
describe('the alert on the page', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function page() {
    const { store, runSaga } = createShopStore();
    const task = runSaga(alertSaga);
    const view = render(
      <Provider store={store}>
        <I18nextProvider i18n={createI18n('it')}>
          <AlertHost />
        </I18nextProvider>
      </Provider>,
    );
    const alert = () => screen.queryByRole('button', { name: /Qualcosa non è andato a buon fine, riprova/ });
    const wait = (ms: number) => act(() => jest.advanceTimersByTime(ms));
    const stop = () => {
      view.unmount();
      task.cancel();
    };
    return { store, alert, wait, stop };
  }

  it('fades in over 500 ms, then shows for 5000 ms and hides', () => {
    const { store, alert, wait, stop } = page();
    act(() => {
      store.dispatch(showAlert({ key: 'miniBasket.addFailed', style: 'error' }));
    });
    expect(alert()).toHaveAttribute('data-state', 'fadingIn');
    expect(alert()).toHaveStyle({ animationDuration: '500ms' }); // the fade the shopper sees
    wait(499);
    expect(alert()).toHaveAttribute('data-state', 'fadingIn');
    wait(1);
    expect(alert()).toHaveAttribute('data-state', 'visible');
    wait(4999);
    expect(alert()).toBeVisible();
    wait(1);
    expect(alert()).toBeNull();
    stop();
  });

  it('a basket error stays 4000 ms after its fade-in', () => {
    const { store, alert, wait, stop } = page();
    act(() => {
      store.dispatch(showAlert({ key: 'miniBasket.addFailed', style: 'error', duration: 4000 }));
    });
    wait(500);
    wait(3999);
    expect(alert()).toHaveAttribute('data-state', 'visible');
    wait(1);
    expect(alert()).toBeNull();
    stop();
  });
});
