import { expect, test } from '@playwright/test';
import { scriptReady } from './support/shopping';
import type { Locator, Page } from '@playwright/test';
import { axeViolations } from './support/axe';
import { screenshot } from './support/screens';

/** A tap on the phone (touch, as a shopper's finger), a click on the desktop. */
async function press(target: Locator, phone: boolean) {
  if (phone) await target.tap();
  else await target.click();
}

const box = async (locator: Locator) => (await locator.boundingBox())!;

async function listOf(page: Page, button: Locator) {
  const id = await button.getAttribute('aria-controls');
  expect(id).toBeTruthy();
  return page.locator(`[id="${id}"]`);
}

test.describe('shared widgets', () => {
  test('home page news: each item carries its date as a badge, in the shop\u2019s language', async ({ page }) => {
    await page.goto('/main.php');
    const news = page.getByRole('region', { name: 'Novità' });
    await news.scrollIntoViewIfNeeded();
    await expect(news.getByRole('heading', { level: 2, name: 'Novità' })).toBeVisible();
    const items = news.getByRole('listitem');
    await expect(items).toHaveCount(3);
    await expect(items.first().getByRole('heading', { level: 3 })).toHaveText('Controllo freni prima dell\u2019inverno');

    const dates = news.locator('time');
    await expect(dates).toHaveCount(3);
    await expect(dates.nth(0)).toHaveAttribute('datetime', '2026-11-02');
    await expect(dates.nth(0)).toHaveText('02 novembre 2026');
    await expect(dates.nth(1)).toHaveAttribute('datetime', '2026-10-14');
    await expect(dates.nth(1)).toHaveText('14 ottobre 2026');
    await expect(dates.nth(2)).toHaveText('21 settembre 2026');
    // A badge: a small filled pill inside its item, not a line of body text.
    const badge = await box(dates.nth(0));
    const item = await box(items.first());
    expect(badge.width).toBeLessThan(item.width / 1.5);
    expect(badge.height).toBeLessThan(40);
    expect(await dates.nth(0).evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(200, 16, 46)');

    // The whole page, scrolled this far (the back-to-top link showing).
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'home-news');

    // The month follows the language the shopper picks in the footer (the same page in Polish, /pl/).
    await page.getByRole('navigation', { name: 'Lingua e paese' }).getByRole('link', { name: 'Polski' }).click();
    await expect(page).toHaveURL(/\/pl\/(main\.php)?$/);
    const datesPl = page.getByRole('region', { name: 'Aktualności' }).locator('time');
    await expect(datesPl.nth(0)).toHaveText('02 listopad 2026');
    await expect(datesPl.nth(0)).toHaveAttribute('datetime', '2026-11-02');
  });

  test('the footer\u2019s customer service drop-down: opens, closes on Escape or outside, and leads to its pages', async ({ page }, info) => {
    const phone = info.project.name === 'phone';
    await page.goto('/main.php');
    await scriptReady(page);
    await page.locator('.product-card').first().waitFor();
    const footer = page.getByRole('contentinfo');
    const button = footer.getByRole('button', { name: 'Servizio clienti' });
    await button.scrollIntoViewIfNeeded();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    const list = await listOf(page, button);
    await expect(list).toBeHidden();
    await expect(footer.getByRole('link', { name: 'Carrello' })).toHaveCount(0);

    // Opens above the button (at the foot of the page), whole within the viewport's width.
    await press(button, phone);
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(list).toBeVisible();
    await expect(list.getByRole('link')).toHaveText(['Contatti', 'Carrello', 'Spedizioni e consegne', 'Resi e rimborsi']);
    await expect(list.getByRole('link', { name: 'Contatti' })).toHaveAttribute('href', '/contact.php');
    await expect(list.getByRole('link', { name: 'Carrello' })).toHaveAttribute('href', '/basketedit.php');
    const listBox = await box(list);
    const buttonBox = await box(button);
    expect(listBox.y + listBox.height).toBeLessThanOrEqual(buttonBox.y);
    expect(listBox.x).toBeGreaterThanOrEqual(0);
    expect(listBox.x + listBox.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'footer-service-open');

    // Escape from inside the list closes it and gives the focus back to the button.
    await list.getByRole('link', { name: 'Contatti' }).focus();
    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(list).toBeHidden();
    await expect(button).toBeFocused();

    // From the keyboard: Enter opens it, Tab reaches its links, Tab past the last closes it.
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(list.getByRole('link', { name: 'Contatti' })).toBeFocused();
    for (let i = 0; i < 4; i += 1) await page.keyboard.press('Tab');
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    // A click (a tap on the phone) outside closes it.
    await press(button, phone);
    await expect(list).toBeVisible();
    await press(footer.locator('.site-footer__legal'), phone);
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(list).toBeHidden();

    // Its links lead to their pages.
    await press(button, phone);
    await press(list.getByRole('link', { name: 'Contatti' }), phone);
    await expect(page).toHaveURL(/\/contact\.php$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Contatti' })).toBeVisible();
  });

  test('basket lines: a table on wide screens, one card per line with its headers on phones', async ({ page }, info) => {
    const phone = info.project.name === 'phone';
    for (const product of ['14', '100']) {
      const added = await page.request.post('/basketchange.php?mode=1', { form: { product, number: '1' } });
      expect(added.ok(), await added.text()).toBe(true);
    }
    await page.goto('/basketedit.php');
    const region = page.getByRole('region', { name: 'Prodotti nel carrello' });
    await expect(region).toBeVisible();
    const table = region.getByRole('table', { name: 'Prodotti nel carrello' });
    await expect(table.locator('caption')).toBeVisible();
    await expect(table.getByRole('columnheader')).toHaveText(['Prodotto', 'Quantità', 'Totale riga', 'Rimuovi']);
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(2);
    const cells = rows.first().getByRole('cell');
    await expect(cells).toHaveCount(4);
    for (const [index, label] of ['Prodotto', 'Quantità', 'Totale riga', 'Rimuovi'].entries()) {
      await expect(cells.nth(index)).toHaveAttribute('data-label', label);
    }
    await expect(cells.nth(0).getByRole('link')).toBeVisible();
    await expect(cells.nth(1).getByRole('textbox')).toHaveValue('1');
    await expect(cells.nth(2)).toContainText('€');

    const label = (cell: Locator) => cell.evaluate((element) => getComputedStyle(element, '::before').content);
    const [first, second, third] = await Promise.all([box(cells.nth(0)), box(cells.nth(1)), box(cells.nth(2))]);
    if (phone) {
      // A card: the cells one under the other, as wide as the row, each with its header in front.
      await expect(rows.first()).toHaveCSS('display', 'block');
      expect(second.y).toBeGreaterThanOrEqual(first.y + first.height - 1);
      expect(third.y).toBeGreaterThanOrEqual(second.y + second.height - 1);
      expect(Math.abs(first.width - second.width)).toBeLessThan(1);
      // Shown from data-label; its "/ ''" alternative text keeps it out of what a screen reader says.
      expect(await label(cells.nth(0))).toBe('"Prodotto" / ""');
      expect(await label(cells.nth(1))).toBe('"Quantità" / ""');
      expect(await label(cells.nth(2))).toBe('"Totale riga" / ""');
      // The header row is there for assistive technology, not on screen.
      expect((await box(table.locator('thead'))).height).toBeLessThanOrEqual(1);
      // No sideways scrolling on a phone.
      expect(await region.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    } else {
      await expect(rows.first()).toHaveCSS('display', 'table-row');
      expect(Math.abs(second.y - first.y)).toBeLessThan(1);
      expect(second.x).toBeGreaterThan(first.x + first.width - 1);
      expect(await label(cells.nth(1))).toBe('none');
      await expect(table.getByRole('columnheader', { name: 'Quantità' })).toBeVisible();
    }
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'basket-lines');
  });
});
