import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { renderDiagrams } from '../../scripts/renderDiagrams';

/**
 * The flow diagrams as a developer opens them: every committed Mermaid diagram
 * (machines/export/*.mmd, the blocks of docs/flows.md) drawn by Mermaid itself in Chromium, with
 * every state inside the composite state it belongs to and no transition label over another.
 */
const exportDir = join(__dirname, '..', '..', 'machines', 'export');

test.describe('the flow diagrams, drawn by Mermaid', () => {
  test('every diagram draws each state inside its parent and every label legible', async ({ browser }) => {
    test.setTimeout(120_000);
    const files = readdirSync(exportDir).filter((file) => file.endsWith('.mmd'));
    expect(files.length).toBeGreaterThanOrEqual(12);
    const sources = Object.fromEntries(files.map((file) => [file, readFileSync(join(exportDir, file), 'utf8')]));
    const rendered = await renderDiagrams(sources, browser);
    for (const file of files) {
      expect([file, rendered[file].problems]).toEqual([file, []]);
      expect(rendered[file].width).toBeGreaterThan(0);
    }
  });

  test('the check finds what was wrong before: states outside their parents, labels over labels', async ({ browser }) => {
    // The live search's diagram as exported before issue 27 (transitions from a composite state into its own children).
    const before = readFileSync(join(__dirname, '..', 'fixtures', 'liveSearch-before-issue-27.mmd'), 'utf8');
    const { problems } = (await renderDiagrams({ 'before.mmd': before }, browser))['before.mmd'];
    expect(problems).toEqual(expect.arrayContaining(['popup_open_results: drawn outside its parent popup_open', 'popup_open_onlyOe: drawn outside its parent popup_open']));
    expect(problems.some((problem) => problem.startsWith('labels overlap'))).toBe(true);
  });
});
