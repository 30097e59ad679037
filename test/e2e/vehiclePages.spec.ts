import { expect, test, type Page } from '@playwright/test';
import { scriptReady, vehicleWithParts } from './support/shopping';
import { axeViolations } from './support/axe';
import { screenshot } from './support/screens';


const select = (page: Page, name: string) => page.locator('.page--home .vehicle-configurator').getByRole('combobox', { name, exact: true });

test.describe('vehicle pages (issue 25)', () => {
  test('configurator, then the vehicle page from the saved vehicle bar, then a part: each page says the vehicle and its fit notes', async ({ page, request }) => {
    const [brand, model, year, engine] = await vehicleWithParts(request);
    await page.goto('/main.php');
    await scriptReady(page);
    await select(page, 'Marca').selectOption(String(brand[0]));
    await select(page, 'Modello').selectOption(String(model[0]));
    await select(page, 'Anno').selectOption(String(year[0]));
    await select(page, 'Motore').selectOption(String(engine[0]));
    await page.locator('.page--home .vehicle-configurator').getByRole('button', { name: 'Cerca ricambi' }).click();
    await page.waitForURL(/\/search\.php\?/);

    // The saved vehicle's bar links the vehicle's own page.
    const bar = page.getByRole('region', { name: 'Veicolo salvato' });
    const link = bar.getByRole('link', { name: 'Tutti i ricambi per questo veicolo' });
    await expect(link).toHaveAttribute('href', new RegExp(`^/vehicles/engine-${engine[0]}-[a-z0-9-]+\\.html$`));
    // Keyboard: the link is reached and followed like any other.
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/vehicles/engine-${engine[0]}-`));
    const name = `${brand[1]} ${year[1]} ${engine[1]}`;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Ricambi freni per ${name}`);
    // The breadcrumb leads to the brand and the model.
    const crumbs = page.getByRole('navigation', { name: 'Percorso' });
    await expect(crumbs.getByRole('link')).toHaveText([brand[1], model[1]]);
    // Parts by category, each with its notes; the page is the same as the API's data.
    const data = (await (await request.get(`/ajax/vehicle.php?kind=engine&id=${engine[0]}`)).json()) as { categories: Array<{ name: string; total: number; parts: Array<{ id: number; name: string }> }> };
    const sections = page.locator('.vehicle-category');
    await expect(sections).toHaveCount(data.categories.length);
    for (const [index, category] of data.categories.entries()) {
      await expect(sections.nth(index).getByRole('heading', { level: 3 })).toContainText(category.name);
      await expect(sections.nth(index).locator('.vehicle-part')).toHaveCount(category.parts.length);
    }
    await expect(page.locator('.vehicle-part__notes').first()).not.toBeEmpty();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'issue25-vehicle-engine-page');

    // A part: its product page, where the fit note names the vehicle chosen in the configurator.
    const first = data.categories[0].parts[0];
    await page.locator(`.vehicle-part[data-product="${first.id}"] a`).click();
    await page.waitForURL(new RegExp(`/product-${first.id}-`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.name);
    await expect(page.locator('.product__info .fit-note .fit-note__status')).toContainText(`Adatto a ${[brand[1], model[1], year[1], engine[1]].filter((name, index, names) => !names[index + 1]?.startsWith(`${name} `)).join(' ')}`);
    await expect(page.locator('.product__info .fit-note')).not.toHaveAttribute('data-fit', 'none');
  });

  test('brand and model pages link down to the engines; the same pages in Polish', async ({ page, request }) => {
    const [brand, model, , engine] = await vehicleWithParts(request);
    const data = (await (await request.get(`/ajax/vehicle.php?kind=engine&id=${engine[0]}`)).json()) as { brand: { link: string }; model: { link: string } };
    await page.goto(data.brand.link);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Ricambi freni ${brand[1]}`);
    const models = page.getByRole('region', { name: 'Modelli' });
    await expect(models.getByRole('link', { name: model[1], exact: true })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'issue25-vehicle-brand-page');
    await models.getByRole('link', { name: model[1], exact: true }).click();
    await page.waitForURL(new RegExp(data.model.link.replace(/[.]/g, '\\.')));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Ricambi freni ${brand[1]} ${model[1]}`);
    const engines = page.getByRole('region', { name: 'Motori' });
    await expect(engines.getByRole('link', { name: engine[1], exact: true }).first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'issue25-vehicle-model-page');

    await page.goto(`/pl${data.model.link}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Części hamulcowe ${brand[1]} ${model[1]}`);
    await expect(page.getByRole('region', { name: 'Silniki' }).getByRole('link').first()).toHaveAttribute('href', /^\/pl\/vehicles\/engine-/);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the brake filters on a listing: axle, disc type and disc diameter as links', async ({ page }) => {
    await page.goto('/search.php?traits_alt%5B24%5D=151538');
    await scriptReady(page);
    const filters = page.locator('#listing-filters');
    // On a phone the filters wait behind a disclosure (it stays open across the partial loads the links make).
    const toggle = page.getByRole('button', { name: 'Filtri' });
    const openFilters = async () => {
      if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
    };
    await openFilters();
    await expect(filters.getByRole('heading', { name: 'Asse' })).toBeVisible();
    await filters.locator('[data-facet="traits_alt[148722]"]').getByRole('link', { name: /^Anteriore/ }).click();
    await page.waitForURL(/traits_alt%5B148722%5D=148723/);
    await expect(page.locator('.product-card').first()).toBeVisible();
    for (const title of await page.locator('.product-card__name').allTextContents()) expect(title).toMatch(/anteriori/);
    await openFilters();
    const diameters = filters.locator('[data-facet="traits_alt[90010]"]');
    const first = diameters.getByRole('link').first();
    const label = ((await first.textContent()) ?? '').replace(/\s*\(\d+\)$/, '');
    expect(label).toMatch(/^\d+ mm$/);
    await first.click();
    await page.waitForURL(/traits_alt%5B90010%5D=/);
    await openFilters();
    await expect(diameters.locator('[aria-current="true"]')).toContainText(label);
    await expect(filters.locator('[data-facet="traits_alt[148722]"] [aria-current="true"]')).toContainText('Anteriore');
    await expect(diameters.getByRole('link', { name: 'Tutti' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'issue25-brake-filters');
  });
});
