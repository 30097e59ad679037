import { expect, test } from '@playwright/test';
import { scriptReady } from './support/shopping';
import { SPECIAL_PRODUCTS } from '../../server/db/catalogue/specialProducts';

/**
 * Issue 34, point 2: no page scrolls sideways at 320, 375 or 414 px, in any language: one test
 * over every page type (an unavailable product with its notify form among them).
 */
const PAGES = [
  '/',
  '/search.php?traits_alt%5B24%5D=148728',
  '/product-11-x.html',
  `/product-${SPECIAL_PRODUCTS.unavailable}-x.html`,
  `/product-${SPECIAL_PRODUCTS.multiSize}-x.html`,
  '/basketedit.php',
  '/checkout.php',
  '/brakes.php',
  '/contact.php',
  '/pages/spedizioni-e-consegne',
  '/vehicles/engine-20000-x.html',
  '/noproduct.php',
];
const WIDTHS = [320, 375, 414];

test.describe('no sideways scroll on phones', () => {
  // The widths are the test's own: it runs once, in the phone project (a phone's browser).
  test.skip(({ isMobile }) => !isMobile, 'phone widths only');
  test.setTimeout(240_000);

  for (const language of ['', '/pl', '/en']) {
    test(`every page type ${language || '(Italian)'} fits 320, 375 and 414 px`, async ({ page }) => {
      const wider: string[] = [];
      // A part in the basket: the basket and the checkout show their lines and their form.
      expect((await page.request.post('/basketchange.php?mode=1', { form: { product: '11', size: 'uniw', number: '1' } })).status()).toBe(200);
      for (const path of PAGES) {
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 740 });
          const response = await page.goto(`${language}${path}`);
          expect(response?.status(), `${language}${path}`).toBeLessThan(500);
          await scriptReady(page);
          const overflow = await page.evaluate(() => ({
            scroll: document.documentElement.scrollWidth,
            view: document.documentElement.clientWidth,
            culprits: [...document.querySelectorAll('body *')]
              .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 1 && getComputedStyle(element).position !== 'fixed')
              .slice(0, 3)
              .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`),
          }));
          if (overflow.scroll > overflow.view) wider.push(`${language}${path} at ${width}: ${overflow.scroll} px (${overflow.culprits.join(', ')})`);
        }
      }
      expect(wider).toEqual([]);
    });
  }
});
