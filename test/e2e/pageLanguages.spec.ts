import { expect, test } from '@playwright/test';
import { scriptReady } from './support/shopping';
import { axeViolations } from './support/axe';
import { screenshot } from './support/screens';
import { it as italian, resources } from '../../src/i18n';
import { SPECIAL_PRODUCTS } from '../../server/db/catalogue/specialProducts';

/**
 * Issue 34, the screenshot pass: every page type in Polish and English at 375 and 1280 px shows
 * none of the shop's Italian texts (every text of the Italian catalogue that the page's own
 * catalogue does not also use), once the page's script has run; each page is kept as a screenshot.
 */
const leaves = (value: unknown): string[] => (typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(leaves) : []);
const plain = (text: string) => text.replace(/\{\{[^}]+\}\}/g, '\u0000').split('\u0000').map((part) => part.trim());
/** Italian texts long enough to be telling (parts between placeholders, 8 characters or more). */
function italianTexts(language: 'pl' | 'en'): string[] {
  const own = new Set(leaves(resources[language].translation).flatMap(plain));
  return [...new Set(leaves(italian).flatMap(plain))].filter((text) => text.length >= 8 && !own.has(text) && /\p{L}{4}/u.test(text));
}

const PAGES: Array<[string, string]> = [
  ['home', '/'],
  ['listing', '/search.php?traits_alt%5B24%5D=148728'],
  ['product', '/product-11-x.html'],
  ['unavailable', `/product-${SPECIAL_PRODUCTS.unavailable}-x.html`],
  ['sizes', `/product-${SPECIAL_PRODUCTS.multiSize}-x.html`],
  ['basket', '/basketedit.php'],
  ['checkout', '/checkout.php'],
  ['brakes', '/brakes.php'],
  ['contact', '/contact.php'],
  ['vehicle', '/vehicles/engine-20000-x.html'],
  ['not-found', '/noproduct.php'],
];

for (const language of ['pl', 'en'] as const) {
  test(`every page type in ${language} shows no Italian shop text`, async ({ page }) => {
    test.setTimeout(180_000);
    const texts = italianTexts(language);
    const found: string[] = [];
    for (const [name, path] of PAGES) {
      await page.goto(`/${language}${path}`);
      await scriptReady(page);
      const shown = await page.locator('body').innerText();
      // Whole words: "Categorie" is not found in "Categories".
      for (const text of texts) if (new RegExp(`(^|[^\\p{L}])${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`, 'u').test(shown)) found.push(`${name}: ${text}`);
      await screenshot(page, `language-${language}-${name}`);
    }
    expect(found).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
  });
}
