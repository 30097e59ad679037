import { expect, test } from '@playwright/test';
import { scriptReady } from './support/shopping';
import type { Locator, Page } from '@playwright/test';
import { axeViolations } from './support/axe';
import { screenshot } from './support/screens';

/** The home page's category carousel (a div region: the hotspot carousel is the page's section one). */
const categoryCarousel = (page: Page) => page.locator('[role="region"][aria-roledescription="carosello"][aria-labelledby="home-categories"]');
const alertText = (page: Page) => page.locator('.alert-region .alert__text');

/** A JPEG of the given size, drawn and encoded by the page's own canvas. */
async function jpegOf(page: Page, width: number, height: number): Promise<Buffer> {
  const bytes = await page.evaluate(
    async ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#c8102e';
      context.fillRect(0, 0, w, h);
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/jpeg', 0.6));
      return Array.from(new Uint8Array(await blob.arrayBuffer()));
    },
    [width, height] as const,
  );
  return Buffer.from(bytes);
}

/** Rows of a grid's cards, by the top of each card. */
async function rowsOf(grid: Locator) {
  const cards = await grid.locator('.product-card').evaluateAll((elements) =>
    elements.map((card) => {
      const name = card.querySelector('.product-card__name')!.getBoundingClientRect();
      const meta = card.querySelector('.product-card__meta')!.getBoundingClientRect();
      return { top: Math.round(card.getBoundingClientRect().top), nameTop: name.top, nameBottom: name.bottom, metaTop: meta.top };
    }),
  );
  const rows = new Map<number, typeof cards>();
  for (const card of cards) rows.set(card.top, [...(rows.get(card.top) ?? []), card]);
  return [...rows.values()];
}

async function expectNamesAligned(grid: Locator, perRow: number) {
  await expect(grid.locator('.product-card').first()).toBeVisible();
  await expect
    .poll(async () => {
      const rows = await rowsOf(grid);
      return rows.every((row) => row.every((card) => Math.abs(card.nameBottom - row[0]!.nameBottom) < 1 && Math.abs(card.metaTop - row[0]!.metaTop) < 1));
    })
    .toBe(true);
  const rows = await rowsOf(grid);
  expect(rows[0]).toHaveLength(perRow);
  return rows;
}

test.describe('layer widgets', () => {
  test('home categories: a carousel on wide screens (arrows, keys, autoplay holds), tiles on phones', async ({ page }, info) => {
    await page.goto('/main.php');
    await expect(page.locator('.category-tile').first()).toBeVisible();
    if (info.project.name === 'phone') {
      // 757 px and below: "then none", plain tiles, two a row.
      await expect(categoryCarousel(page)).toHaveCount(0);
      const region = page.getByRole('region', { name: 'Categorie' });
      await expect(region.locator('ul.category-tiles > li')).toHaveCount(6);
      await expect(region.locator('.slick-slider')).toHaveCount(0);
      const tops = await region.locator('.category-tile').evaluateAll((tiles) => tiles.map((tile) => Math.round(tile.getBoundingClientRect().top)));
      expect(new Set(tops).size).toBe(3);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'layer-category-tiles');
      return;
    }

    // Above 1170 px: six slides, all six categories in view; nothing to move, no autoplay.
    const carousel = categoryCarousel(page);
    await expect(carousel).toBeVisible();
    await expect(carousel).toHaveAttribute('data-slides-to-show', '6');
    await expect(carousel.getByRole('heading', { level: 2, name: 'Categorie' })).toBeVisible();
    for (let n = 1; n <= 6; n += 1) await expect(carousel.getByRole('group', { name: `${n} di 6` })).toBeVisible();
    await expect(carousel.getByRole('group', { name: '1 di 6' })).toHaveAttribute('aria-roledescription', 'diapositiva');
    await expect(carousel.getByRole('button', { name: 'Precedente' })).toHaveAttribute('aria-disabled', 'true');
    await expect(carousel.getByRole('button', { name: 'Successivo' })).toHaveAttribute('aria-disabled', 'true');
    await expect(carousel).toHaveAttribute('data-state', 'still');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'layer-category-slider');

    // 1170 px and below: five slides, so it moves and autoplays; hover and focus hold it.
    await page.setViewportSize({ width: 1100, height: 800 });
    await expect(carousel).toHaveAttribute('data-slides-to-show', '5');
    await page.mouse.move(5, 5);
    await expect(carousel).toHaveAttribute('data-state', 'playing');
    await carousel.hover();
    await expect(carousel).toHaveAttribute('data-state', 'interrupted');
    await page.mouse.move(5, 5);
    await expect(carousel).toHaveAttribute('data-state', 'playing');
    await carousel.getByRole('button', { name: 'Pausa' }).click();
    await page.mouse.move(5, 5);
    await expect(carousel).toHaveAttribute('data-state', 'paused');
    await carousel.getByRole('button', { name: 'Riproduci' }).click();
    await page.mouse.move(5, 5);
    await expect(carousel).toHaveAttribute('data-state', 'focussed');
    await page.locator('h1').click();
    await expect(carousel).toHaveAttribute('data-state', 'playing');
    await carousel.getByRole('button', { name: 'Pausa' }).click();
    await page.locator('h1').click();
    await expect(carousel).toHaveAttribute('data-state', 'paused');
    // The autoplay may have moved it meanwhile: back to the start.
    if ((await carousel.getAttribute('data-current')) !== '0') await carousel.getByRole('button', { name: 'Precedente' }).click();
    await expect(carousel).toHaveAttribute('data-current', '0');
    await page.locator('h1').click();

    // The arrows move it by one: the first slide leaves the view (inert), the sixth comes in.
    const next = carousel.getByRole('button', { name: 'Successivo' });
    const previous = carousel.getByRole('button', { name: 'Precedente' });
    const first = carousel.getByRole('group', { name: '1 di 6', includeHidden: true });
    const sixth = carousel.getByRole('group', { name: '6 di 6', includeHidden: true });
    await expect.poll(() => sixth.evaluate((element) => (element.closest('.slick-slide') as HTMLElement).inert)).toBe(true);
    await expect(previous).toHaveAttribute('aria-disabled', 'true');
    await next.click();
    await expect(carousel).toHaveAttribute('data-current', '1');
    await expect(carousel.locator('.slick-current [role="group"]')).toHaveAttribute('aria-label', '2 di 6');
    await expect.poll(() => first.evaluate((element) => (element.closest('.slick-slide') as HTMLElement).inert)).toBe(true);
    // The track slides (500 ms) until the second category sits at the carousel's left edge.
    await expect
      .poll(() =>
        carousel.evaluate((element) => {
          const list = element.querySelector('.slick-list')!.getBoundingClientRect();
          const second = element.querySelector('[aria-label="2 di 6"]')!.getBoundingClientRect();
          return Math.round(second.left - list.left);
        }),
      )
      .toBe(0);
    await expect(sixth).toBeInViewport();
    await expect(next).toHaveAttribute('aria-disabled', 'true');
    await next.click({ force: true }); // at the end: stays
    await expect(carousel).toHaveAttribute('data-current', '1');
    await screenshot(page, 'layer-category-slider-moved');

    // The keyboard: left and right arrows from inside the carousel.
    await previous.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(carousel).toHaveAttribute('data-current', '0');
    await expect(carousel.locator('.slick-current [role="group"]')).toHaveAttribute('aria-label', '1 di 6');
    await page.keyboard.press('ArrowLeft'); // at the start: stays
    await expect(carousel).toHaveAttribute('data-current', '0');
    await page.keyboard.press('ArrowRight');
    await expect(carousel).toHaveAttribute('data-current', '1');
    await expect(previous).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(carousel).toHaveAttribute('data-current', '0');
    expect(await axeViolations(page)).toEqual([]);

    // 979 px and below: three; 757 and below: tiles again.
    await page.setViewportSize({ width: 900, height: 800 });
    await expect(carousel).toHaveAttribute('data-slides-to-show', '3');
    await page.setViewportSize({ width: 700, height: 800 });
    await expect(carousel).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Categorie' }).locator('ul.category-tiles > li')).toHaveCount(6);
  });

  test('product grids: in each row the card names take one height, so the lines below them align', async ({ page }, info) => {
    const phone = info.project.name === 'phone';
    await page.goto('/main.php');
    await scriptReady(page);
    const home = page.getByRole('region', { name: 'I più richiesti' }).locator('.product-grid');
    const rows = await expectNamesAligned(home, phone ? 2 : 4);
    expect(rows.length).toBe(phone ? 4 : 2);
    // The names carry their row's height as a minimum.
    expect(await home.locator('.product-card__name').evaluateAll((names) => names.every((name) => (name as HTMLElement).style.minHeight.endsWith('px')))).toBe(true);
    await home.scrollIntoViewIfNeeded();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'layer-home-grid');

    await page.goto('/search.php?traits_alt[24]=148728');
    const listing = page.locator('.listing__results .product-grid');
    await expectNamesAligned(listing, phone ? 2 : 4);
    // A new page of results (partial load) is aligned again.
    const firstName = await listing.locator('.product-card__name').first().textContent();
    await page.getByRole('link', { name: 'Successiva' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(listing.locator('.product-card__name').first()).not.toHaveText(firstName!);
    await expectNamesAligned(listing, phone ? 2 : 4);
    await screenshot(page, 'layer-listing-grid');
  });

  test('contact files: a too-big attachment, a .png or an oversized photo is cleared with the shop\u2019s message', async ({ page }) => {
    await page.goto('/contact.php');
    // The page's checks run once its script does (before, a chosen file is the browser's own).
    await scriptReady(page);
    // The file fields are part of the contact form (their files go with the message).
    const form = page.locator('form[data-flow="form:contact"]').getByRole('group', { name: 'Invia una foto o un documento' });
    await expect(form).toBeVisible();
    const attachment = form.getByLabel('Allegato', { exact: true });
    const photo = form.getByLabel('Foto per la tua recensione del prodotto');
    await expect(attachment).toHaveAttribute('data-max_filesize', '5');
    await expect(photo).toHaveAttribute('name', 'opinion_photo');
    const fileCount = (input: Locator) => input.evaluate((element) => (element as HTMLInputElement).files?.length ?? 0);
    const dismiss = async () => {
      await page.locator('.alert-region .alert').click();
      await expect(alertText(page)).toHaveCount(0);
    };

    // Over data-max_filesize (5 MB).
    await attachment.setInputFiles({ name: 'libretto.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 1) });
    await expect(alertText(page)).toHaveText('Il file supera la dimensione massima di 5 MB.');
    await expect(attachment).toHaveAttribute('data-upload', 'rejected: too_big');
    expect(await fileCount(attachment)).toBe(0);
    await expect(attachment).toHaveValue('');
    await expect(page.locator('.alert-region .alert')).toHaveAttribute('data-state', 'visible');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'layer-upload-too-big');
    await dismiss();

    // A blacklisted type.
    await attachment.setInputFiles({ name: 'setup.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') });
    await expect(alertText(page)).toHaveText('Il file non può essere salvato perché questo tipo di file non è consentito.');
    expect(await fileCount(attachment)).toBe(0);
    await dismiss();

    // A small document is kept, without a message.
    await attachment.setInputFiles({ name: 'libretto.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n') });
    await expect(attachment).toHaveAttribute('data-upload', 'accepted');
    expect(await fileCount(attachment)).toBe(1);
    await expect(alertText(page)).toHaveCount(0);

    // opinion_photo: a .png is refused.
    await photo.setInputFiles({ name: 'pinza.png', mimeType: 'image/png', buffer: Buffer.from('89504e470d0a1a0a', 'hex') });
    await expect(alertText(page)).toHaveText('Formati accettati: .jpg');
    await expect(photo).toHaveAttribute('data-upload', 'rejected: jpg_only');
    expect(await fileCount(photo)).toBe(0);
    await expect(page.locator('.alert-region .alert')).toHaveAttribute('data-state', 'visible');
    await screenshot(page, 'layer-upload-png');
    await dismiss();

    // opinion_photo: a real 3000x2000 jpg is measured and refused.
    await photo.setInputFiles({ name: 'disco.jpg', mimeType: 'image/jpeg', buffer: await jpegOf(page, 3000, 2000) });
    await expect(alertText(page)).toHaveText('La foto può misurare al massimo 2048x1536 px.');
    await expect(photo).toHaveAttribute('data-upload', 'rejected: photo_too_large');
    expect(await fileCount(photo)).toBe(0);
    await expect(photo).toHaveValue('');
    await dismiss();

    // opinion_photo: a jpg of exactly 2048x1536 is kept, and the attachment still is.
    await photo.setInputFiles({ name: 'disco.jpg', mimeType: 'image/jpeg', buffer: await jpegOf(page, 2048, 1536) });
    await expect(photo).toHaveAttribute('data-upload', 'accepted');
    expect(await fileCount(photo)).toBe(1);
    expect(await fileCount(attachment)).toBe(1);
    await expect(alertText(page)).toHaveCount(0);
  });
});
