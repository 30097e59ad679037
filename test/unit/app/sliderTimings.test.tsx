import { act, fireEvent, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { I18nextProvider } from '../../../src/i18n/react';
import { flowManager } from '../../../sagas/flows';
import { CategorySection } from '../../../src/components/CategoryTiles';
import HotspotSlider from '../../../src/components/HotspotSlider';
import { createI18n } from '../../../src/i18n';
import { createShopStore } from '../../../store';

/**
 * The sliders' timings that live in the components (storefront spec section 9, slider
 * defaults): the resize debounce (50 ms) and the lazy-load error retry (up to 3 times at
 * 500 ms). The values are the spec's, not SLIDER_DEFAULTS: a change of either fails here.
 * (The autoplay's 3000 ms is the slider machine's: test/unit/machines/slider.test.ts.)
 */
const slides = Array.from({ length: 8 }, (_, i) => `<article class="hotspot-product"><img src="/data/gfx/products/${i}.svg" alt="" loading="lazy"><span>Prodotto ${i}</span></article>`);

describe('slider timings', () => {
  let width: PropertyDescriptor | undefined;
  beforeEach(() => {
    jest.useFakeTimers();
    width = Object.getOwnPropertyDescriptor(window, 'innerWidth');
    Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 1024 });
  });
  afterEach(() => {
    jest.useRealTimers();
    if (width) Object.defineProperty(window, 'innerWidth', width);
  });

  function shop(ui: React.ReactElement) {
    const { store, runSaga } = createShopStore();
    const task = runSaga(flowManager);
    const view = render(
      <Provider store={store}>
        <I18nextProvider i18n={createI18n('it')}>{ui}</I18nextProvider>
      </Provider>,
    );
    const wait = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));
    const resizeTo = (px: number) =>
      act(() => {
        window.innerWidth = px;
        window.dispatchEvent(new Event('resize'));
      });
    const stop = () => {
      view.unmount();
      task.cancel();
    };
    return { store, view, wait, resizeTo, stop };
  }

  it('a slide image that fails is asked again 500 ms later, 3 times at most', async () => {
    const { view, wait, stop } = shop(<HotspotSlider zone="projector_alternative" labelledBy="h" slides={slides} />);
    await wait(0);
    const image = view.container.querySelector<HTMLImageElement>('.hotspot-slider img')!;
    // Each time `src` is set the browser asks for the image again.
    let asked = 0;
    const observer = new MutationObserver((records) => (asked += records.length));
    observer.observe(image, { attributes: true, attributeFilter: ['src'] });
    const askedAgain = () => {
      const count = asked + observer.takeRecords().length;
      asked = 0;
      return count;
    };

    fireEvent.error(image);
    await wait(499);
    expect(askedAgain()).toBe(0);
    await wait(1);
    expect(askedAgain()).toBe(1);
    expect(image).toHaveAttribute('src', '/data/gfx/products/0.svg');
    for (const retry of [2, 3]) {
      fireEvent.error(image);
      await wait(499);
      expect(askedAgain()).toBe(0);
      await wait(1);
      expect([retry, askedAgain()]).toEqual([retry, 1]);
    }
    fireEvent.error(image); // the fourth failure: no more tries
    await wait(2000);
    expect(askedAgain()).toBe(0);
    observer.disconnect();
    stop();
  });

  it('the hotspot slider takes a new width 50 ms after the last resize', async () => {
    const { store, wait, resizeTo, stop } = shop(<HotspotSlider zone="projector_alternative" labelledBy="h" slides={slides} />);
    await wait(0);
    const shown = () => (store.getState().flows['slider:projector_alternative']?.context as { slidesToShow: number }).slidesToShow;
    expect(shown()).toBe(4); // 1024 px: 4 slides
    resizeTo(900);
    await wait(30);
    resizeTo(700); // a phone width: 1 slide
    await wait(49);
    expect(shown()).toBe(4);
    await wait(1);
    expect(shown()).toBe(1);
    stop();
  });

  it('the home page categories follow the width 50 ms after the last resize', async () => {
    const rows: Array<[number, string, number]> = [148728, 151538, 154315, 156891, 158346, 1, 2, 3].map((id, i) => [id, `Categoria ${i}`, 10]);
    const { view, wait, resizeTo, stop } = shop(<CategorySection rows={rows} title="Categorie" headingId="cat" />);
    await wait(0);
    await wait(0);
    const carousel = () => view.container.querySelector('.category-slider');
    expect(carousel()).not.toBeNull(); // 1024 px: a carousel of 3
    resizeTo(700); // 757 px and below: plain tiles
    await wait(49);
    expect(carousel()).not.toBeNull();
    await wait(1);
    expect(carousel()).toBeNull();
    stop();
  });
});
