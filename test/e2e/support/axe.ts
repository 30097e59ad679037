import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';

const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/**
 * Runs axe-core in the page (WCAG 2.x A and AA rules) and returns its violations in a form
 * that reads well in a failing assertion. The source is evaluated through the DevTools
 * protocol, which the page's CSP does not govern (a script tag would be refused, rightly).
 */
export async function axeViolations(page: Page, selector?: string): Promise<AxeViolation[]> {
  // A settled page: colours mid-fade (an alert fading in) are not the page's colours.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.playState === 'running' && Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (context) => {
    type AxeResult = { violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<AxeResult> } }).axe;
    const result = await axe.run(context ?? document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }));
  }, selector ?? null);
}
