import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { renderDiagrams } from '../../scripts/renderDiagrams';

/**
 * The flow diagrams as a developer opens them: every committed Mermaid diagram
 * (machines/export/*.mmd, the blocks of docs/flows.md) drawn by Mermaid itself in Chromium, with
 * every state inside the composite state it belongs to (by the boxes of the drawn SVG; a composite
 * state's "in X" / "stays in X" boxes inside X), every label beside its own curve and no transition
 * label over another; and drawn the same every time, as committed in docs/diagrams/ (an export
 * with no machine changed changes no file). One width proves it: the `tools` project.
 */
const exportDir = join(__dirname, '..', '..', 'machines', 'export');

test.describe('the flow diagrams, drawn by Mermaid', () => {
  test('every diagram draws each state inside its parent and every label legible, as committed', async ({ browser }) => {
    test.setTimeout(600_000); // a budget: Mermaid loads in a fresh page for each diagram
    const files = readdirSync(exportDir).filter((file) => file.endsWith('.mmd'));
    expect(files.length).toBeGreaterThanOrEqual(12);
    const sources = Object.fromEntries(files.map((file) => [file, readFileSync(join(exportDir, file), 'utf8')]));
    const rendered = await renderDiagrams(sources, browser);
    for (const file of files) {
      expect([file, rendered[file].problems]).toEqual([file, []]);
      expect(rendered[file].width).toBeGreaterThan(0);
      // Drawn the same every time (each in a page of its own, Mermaid's random numbers seeded): the
      // SVG committed by the last export, so an export with no machine changed changes no file.
      const committed = readFileSync(join(__dirname, '..', '..', 'docs', 'diagrams', file.replace(/\.mmd$/, '.svg')), 'utf8');
      expect([file, rendered[file].svg === committed]).toEqual([file, true]);
    }
  });

  test('the check finds what was wrong before: states outside their parents, labels over labels', async ({ browser }) => {
    test.setTimeout(240_000);
    // The live search's diagram as exported before issue 27 (transitions from a composite state into its own children).
    const before = readFileSync(join(__dirname, '..', 'fixtures', 'liveSearch-before-issue-27.mmd'), 'utf8');
    const { problems } = (await renderDiagrams({ 'before.mmd': before }, browser))['before.mmd'];
    expect(problems).toEqual(expect.arrayContaining(['popup_open_results: drawn outside its parent popup_open', 'popup_open_onlyOe: drawn outside its parent popup_open']));
    expect(problems.some((problem) => problem.startsWith('labels overlap'))).toBe(true);
  });

  test('the check finds a composite state\'s own boxes drawn outside it, and a label away from its curve', async ({ browser }) => {
    test.setTimeout(240_000);
    // How issue 33 found liveSearch drawn: "in liveSearch" and "stays in liveSearch" after its closing brace,
    // and a curve (Mermaid's default B-spline) that bends away from its label.
    const outside = [
      'stateDiagram-v2',
      '  state "shop" as shop',
      '  state shop {',
      '    state "a" as a',
      '    --',
      '    state "b" as b',
      '  }',
      '  state "in shop" as shop__in',
      '  state "stays in shop<br>PING" as shop__stays',
      '  shop__in --> shop__stays',
    ].join('\n');
    const { problems } = (await renderDiagrams({ 'outside.mmd': outside }, browser))['outside.mmd'];
    expect(problems).toEqual(expect.arrayContaining(['shop__in: drawn outside its parent shop', 'shop__stays: drawn outside its parent shop']));
    const buyBoxBefore = readFileSync(join(exportDir, 'buyBox.mmd'), 'utf8').replace(/^ {2}flowchart:\n {4}curve: catmullRom\n/m, '');
    const labels = (await renderDiagrams({ 'buyBox.mmd': buyBoxBefore }, browser))['buyBox.mmd'].problems;
    expect(labels.some((problem) => /^label "ADD_FAILED" is \d+ px off its own curve$/.test(problem))).toBe(true);
  });
});
