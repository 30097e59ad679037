import { expect, test, type Page } from '@playwright/test';
import { scriptReady } from './support/shopping';
import { axeViolations } from './support/axe';
import { screenshot } from './support/screens';

/** A real JPEG of this size, made by the browser's canvas. */
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

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function fillValid(page: Page) {
  await page.getByLabel('Nome e cognome').fill('Mario Rossi');
  await page.getByLabel('E-mail o telefono').fill('mario.rossi@example.it');
  await page.getByLabel('Messaggio').fill('Vi allego la foto della pinza e il libretto: quali pastiglie vanno bene?');
  await page.getByRole('checkbox', { name: 'Ho letto e accetto i termini e le condizioni.' }).check();
}

/** Issue 23, point 7: a file the contact page offers reaches the shop with the message (storefront spec section 5, file input). */
test.describe('contact files', () => {
  test('a document and a photo chosen in the contact form are sent with the message, and the confirmation names them', async ({ page }) => {
    await page.goto('/contact.php');
    await scriptReady(page);
    const form = page.locator('form[data-flow="form:contact"]');
    const files = form.getByRole('group', { name: 'Invia una foto o un documento' });
    await fillValid(page);
    const photoBytes = await jpegOf(page, 800, 600);
    await files.getByLabel('Allegato', { exact: true }).setInputFiles({ name: 'libretto.pdf', mimeType: 'application/pdf', buffer: PDF });
    await files.getByLabel('Foto per la tua recensione del prodotto').setInputFiles({ name: 'pinza.jpg', mimeType: 'image/jpeg', buffer: photoBytes });
    await expect(files.getByLabel('Allegato', { exact: true })).toHaveAttribute('data-upload', 'accepted');
    await expect(files.getByLabel('Foto per la tua recensione del prodotto')).toHaveAttribute('data-upload', 'accepted');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'contact-files-chosen');

    const sent = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/contact.php');
    await form.getByRole('button', { name: 'Invia messaggio' }).click();
    const request = await sent;
    expect(request.headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const answer = await (await request.response())!.json();
    expect(answer.attachments).toEqual([
      { field: 'attachment', name: 'libretto.pdf', size: PDF.length },
      { field: 'opinion_photo', name: 'pinza.jpg', size: photoBytes.length },
    ]);
    const success = page.getByRole('status').filter({ hasText: 'Messaggio inviato, grazie!' });
    await expect(success).toContainText('Con il messaggio abbiamo ricevuto:');
    await expect(success.getByRole('listitem')).toHaveText(['libretto.pdf (1 kB)', `pinza.jpg (${Math.max(1, Math.round(photoBytes.length / 1024))} kB)`]);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'contact-files-sent');
  });

  test('a program renamed .pdf is refused by its content on the page, cleared, and the message goes without it', async ({ page }) => {
    await page.goto('/contact.php');
    await scriptReady(page);
    const form = page.locator('form[data-flow="form:contact"]');
    const attachment = form.getByLabel('Allegato', { exact: true });
    await fillValid(page);
    await attachment.setInputFiles({ name: 'fattura.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(512, 0x90)]) });
    await expect(page.locator('.alert-region .alert')).toContainText('Il file non può essere salvato perché questo tipo di file non è consentito.');
    await expect(attachment).toHaveAttribute('data-upload', 'rejected: type_not_allowed');
    await expect(attachment).toHaveValue('');
    const sent = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/contact.php');
    await form.getByRole('button', { name: 'Invia messaggio' }).click();
    expect((await sent).headers()['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    const success = page.getByRole('status').filter({ hasText: 'Messaggio inviato, grazie!' });
    await expect(success).toBeVisible();
    await expect(success.getByRole('listitem')).toHaveCount(0);
  });
});
