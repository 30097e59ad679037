import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { Secret } from 'otpauth';
import { axeViolations } from './support/axe';
import { screenshot } from './support/screens';
import { createOwner, currentTotp } from '../support/ownerSession';

/**
 * The owner's sign-in to the back office (issue 36, point 1) in a browser: with the password
 * alone and with the second factor (its code computed here with the same library), by the
 * admin bundle's sign-in machine and without JavaScript; turning the second factor on; the
 * audit log; signing out. And the storefront never loads the back office's code.
 */
const adminReady = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-admin-ready', 'true');

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Accedi' }).click();
}

test.describe('back office sign-in', () => {
  test('with the password alone: a wrong one is said so in place, the right one opens the back office; the audit log shows both; sign-out ends it', async ({ page, baseURL }) => {
    const { email, password } = await createOwner(baseURL!);
    await page.goto('/admin/');
    await adminReady(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Accesso alla gestione' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-sign-in');

    await signInWithPassword(page, email, 'not my password at all');
    await expect(page.getByRole('alert')).toHaveText('E-mail o password non corrette.');
    // The machine answered in place: still the sign-in page, no page load.
    expect(page.url()).toMatch(/\/admin\/$/);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-sign-in-wrong');

    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Accedi' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Riepilogo' })).toBeVisible();
    await expect(page.getByText(`Connesso come ${email}`)).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Sezioni della gestione' });
    for (const name of ['Riepilogo', 'Ordini', 'Prodotti', 'Importazioni', 'Messaggi', 'Impostazioni', 'Registro attività']) await expect(nav.getByRole('link', { name })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-first-screen');

    await nav.getByRole('link', { name: 'Registro attività' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Registro attività' })).toBeVisible();
    const mine = page.locator('[data-audit-log] tbody tr', { hasText: email });
    await expect(mine.filter({ hasText: 'owner.sign-in-failed' })).toHaveCount(1);
    await expect(mine.filter({ has: page.locator('td', { hasText: /^owner\.sign-in$/ }) })).toHaveCount(1);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-audit');

    await page.getByRole('button', { name: 'Esci' }).click();
    await expect(page.getByRole('status')).toHaveText('Sei uscito dalla gestione.');
    await page.goto('/admin/audit');
    await expect(page.getByRole('heading', { level: 1, name: 'Accesso alla gestione' })).toBeVisible();
    expect(page.url()).toMatch(/\/admin\/$/);
  });

  test('with the second factor: the code is asked in place; a wrong one is refused, the right one (computed from the key) opens the back office', async ({ page, baseURL }) => {
    const secret = new Secret({ size: 20 }).base32;
    const { email, password } = await createOwner(baseURL!, { totpSecret: secret });
    await page.goto('/admin/');
    await adminReady(page);
    await signInWithPassword(page, email, password);
    const code = page.getByLabel('Codice');
    await expect(page.getByRole('heading', { level: 1, name: 'Codice di verifica' })).toBeVisible();
    await expect(code).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-sign-in-code');

    const right = currentTotp(secret);
    await code.fill(right === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verifica' }).click();
    await expect(page.getByRole('alert')).toHaveText('Codice non valido o già usato.');
    await code.fill(currentTotp(secret));
    await page.getByRole('button', { name: 'Verifica' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Riepilogo' })).toBeVisible();
    await expect(page.getByText(`Connesso come ${email}`)).toBeVisible();
  });

  test('without JavaScript the same forms post and the server draws each next page, the code page included', async ({ browser, baseURL }) => {
    const secret = new Secret({ size: 20 }).base32;
    const { email, password } = await createOwner(baseURL!, { totpSecret: secret });
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL, locale: 'it-IT' });
    const page = await context.newPage();
    try {
      await page.goto('/admin/');
      await signInWithPassword(page, email, 'wrong password here');
      await expect(page.getByRole('alert')).toHaveText('E-mail o password non corrette.');
      await expect(page.getByLabel('E-mail')).toHaveValue(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Accedi' }).click();
      await expect(page).toHaveURL(/\/admin\/sign-in\/code$/);
      expect(await axeViolations(page)).toEqual([]);
      await page.getByLabel('Codice').fill(currentTotp(secret));
      await page.getByRole('button', { name: 'Verifica' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Riepilogo' })).toBeVisible();
      await expect(page.getByText(`Connesso come ${email}`)).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test('an owner turns the second factor on from the back office: the key and its otpauth address, a code to confirm, recovery codes shown once', async ({ page, baseURL }) => {
    const { email, password } = await createOwner(baseURL!);
    await page.goto('/admin/');
    await adminReady(page);
    await signInWithPassword(page, email, password);
    await expect(page.getByRole('heading', { level: 1, name: 'Riepilogo' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Sezioni della gestione' }).getByRole('link', { name: 'Accesso e sicurezza' }).click();
    await expect(page.getByText('La verifica in due passaggi è disattivata.')).toBeVisible();
    await page.getByRole('link', { name: 'Attiva la verifica in due passaggi' }).click();
    const secret = (await page.locator('[data-totp-secret]').textContent())!.trim();
    await expect(page.locator('[data-totp-uri]')).toHaveAttribute('href', new RegExp(`^otpauth://totp/.*secret=${secret}`));
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-2fa-setup');
    await page.getByLabel('Codice').fill(currentTotp(secret));
    await page.getByRole('button', { name: 'Conferma e attiva' }).click();
    await expect(page.getByRole('status')).toContainText('Verifica in due passaggi attivata.');
    await expect(page.locator('[data-recovery-codes] li')).toHaveCount(10);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-2fa-on');
    // The next sign-in asks for the code.
    await page.getByRole('button', { name: 'Esci' }).click();
    await adminReady(page);
    await signInWithPassword(page, email, password);
    await expect(page.getByRole('heading', { level: 1, name: 'Codice di verifica' })).toBeVisible();
  });
});

test.describe('the storefront and the back office code', () => {
  test("no shopper page loads the admin bundle, and none of the storefront's files carries its code", async ({ page }) => {
    const dist = join(__dirname, '..', '..', 'dist');
    const manifest = JSON.parse(readFileSync(join(dist, 'assets-manifest.json'), 'utf8')) as { chunks: Record<string, { js: string[]; css: string[] }> };
    const admin = manifest.chunks.admin;
    expect(admin.js.length).toBeGreaterThan(0);
    // What only the back office's code says: its machine, its calls, its forms, its texts.
    const markers = ['ownerSignIn', '/admin/sign-in', 'data-sign-in-form', 'code-inline', 'Accesso alla gestione', 'Logowanie do zaplecza'];
    const adminCode = admin.js.map((file) => readFileSync(join(dist, file), 'utf8')).join('\n');
    for (const marker of markers) expect({ marker, inAdmin: adminCode.includes(marker) }).toEqual({ marker, inAdmin: true });
    const shopperFiles = readdirSync(join(dist, 'assets'))
      .filter((file) => /\.(js|css)$/.test(file) && !admin.js.includes(`assets/${file}`) && !admin.css.includes(`assets/${file}`))
      .concat('index.html');
    expect(shopperFiles.length).toBeGreaterThan(10);
    for (const file of shopperFiles) {
      const text = readFileSync(join(dist, file.endsWith('.html') ? file : join('assets', file)), 'utf8');
      for (const marker of markers) expect({ file, marker, found: text.includes(marker) }).toEqual({ file, marker, found: false });
    }
    // A shopper's pages ask for no admin file.
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    for (const url of ['/main.php', '/search.php?traits_alt%5B24%5D=148728', '/basketedit.php', '/contact.php']) {
      await page.goto(url);
      await expect(page.locator('html')).toHaveAttribute('data-settled', 'true');
    }
    expect(asked.filter((path) => path.startsWith('/assets/')).length).toBeGreaterThan(3);
    expect(asked.filter((path) => [...admin.js, ...admin.css].some((file) => path === `/${file}`))).toEqual([]);
  });
});
