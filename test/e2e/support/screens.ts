import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';

const dir = join(__dirname, '..', '..', '..', 'test-results', 'screens');

/** Saves a full-page screenshot as test-results/screens/<name>-<width>.png, to be looked at. */
export async function screenshot(page: Page, name: string, _info?: TestInfo): Promise<string> {
  mkdirSync(dir, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  const path = join(dir, `${name}-${width}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
