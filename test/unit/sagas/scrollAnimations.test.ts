import { runSaga } from 'redux-saga';
import { scrollTo as scrollToFinderSection, FINDER_FLOW } from '../../../sagas/brakeFinder';
import { focusFirstError } from '../../../sagas/form';
import { flowEmitted } from '../../../store/flowsSlice';
import { scrollingPage, type ScrollingPage } from '../../fixtures/animationFrames';

/**
 * The brake-shop spec's scroll animations (section 9), run for real frame by frame: where the
 * page stands 1 ms before the spec'd duration and at it. The values are the spec's, not the
 * constants: a change of ERROR_SCROLL_MS or FINDER_SCROLL_MS fails here.
 */
function run<Args extends unknown[]>(saga: (...args: Args) => Generator, ...args: Args): { done: () => boolean } {
  let finished = false;
  void runSaga({ dispatch: () => undefined, getState: () => ({}) }, saga as (...a: unknown[]) => Generator, ...args).toPromise().then(() => (finished = true));
  return { done: () => finished };
}

describe('scroll animations (brake-shop spec section 9)', () => {
  let page: ScrollingPage;
  afterEach(() => {
    page.restore();
    document.body.innerHTML = '';
  });

  it('a refused form scrolls to its first error in 300 ms, then focuses it', async () => {
    document.body.innerHTML = '<form data-flow="form:contact"><input data-field="name"><input data-field="email"></form>';
    const field = document.querySelector<HTMLInputElement>('[data-field="email"]')!;
    page = scrollingPage(0);
    page.place(field, 2024); // 24 px of air above it once scrolled (no fixed header here)
    const saga = run(focusFirstError, 'form:contact', 'email');
    await page.frameAt(0);
    await page.frameAt(150);
    expect(page.y).toBe(1000); // halfway, eased
    await page.frameAt(299);
    expect(page.y).toBeGreaterThan(1990);
    expect(page.y).toBeLessThan(2000);
    expect(document.activeElement).not.toBe(field);
    expect(saga.done()).toBe(false);
    await page.frameAt(300);
    expect(page.y).toBe(2000);
    expect(document.activeElement).toBe(field);
    expect(saga.done()).toBe(true);
  });

  it('the brake finder scrolls to a section in 1000 ms', async () => {
    document.body.innerHTML = '<section id="brake-finder-details"></section>';
    page = scrollingPage(200);
    page.place(document.getElementById('brake-finder-details')!, 3200);
    const saga = run(scrollToFinderSection, flowEmitted({ id: FINDER_FLOW, event: { type: 'scrollTo', section: 'details' } }) as Parameters<typeof scrollToFinderSection>[0]);
    await page.frameAt(0);
    expect(page.y).toBe(200);
    await page.frameAt(500);
    expect(page.y).toBe(1700); // halfway, eased
    await page.frameAt(999);
    expect(page.y).toBeGreaterThan(3190);
    expect(page.y).toBeLessThan(3200);
    expect(saga.done()).toBe(false);
    await page.frameAt(1000);
    expect(page.y).toBe(3200);
    expect(saga.done()).toBe(true);
  });
});
