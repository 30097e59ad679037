/**
 * Renders Mermaid diagrams with Mermaid itself (its browser bundle, `node_modules/mermaid`) in
 * Debian's Chromium, and checks the drawing: every state inside the composite state it is
 * declared in, and no two transition labels on top of each other. Used by
 * `npm run machines:export` (writes docs/diagrams/<name>.svg) and by the diagrams' browser test.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';

export interface RenderedDiagram {
  svg: string;
  width: number;
  height: number;
  /** What is drawn wrong: a state outside its parent, labels overlapping. Empty when right. */
  problems: string[];
}

const MERMAID = join(__dirname, '..', 'node_modules', 'mermaid', 'dist', 'mermaid.min.js');

interface InPage {
  renderAndCheck: (name: string, source: string, parents: Record<string, string>) => Promise<RenderedDiagram>;
}

// Runs in the page (plain JavaScript: no build step between this file and the browser).
const IN_PAGE = `
mermaid.initialize(Object.assign({ startOnLoad: false, securityLevel: 'strict', theme: 'default' }, window.MERMAID_EXTRA || {}));
window.renderAndCheck = async function (name, source, parents) {
  const out = document.getElementById('out');
  let svg;
  try {
    ({ svg } = await mermaid.render('d-' + name.replace(/[^A-Za-z0-9]/g, '-'), source));
  } catch (error) {
    document.querySelectorAll('[id^="dd-"]').forEach((node) => node.remove());
    return { svg: '', width: 0, height: 0, problems: ['Mermaid could not draw it: ' + (error && error.message ? error.message : String(error))] };
  }
  out.innerHTML = svg;
  const element = out.querySelector('svg');
  const problems = [];
  // Every drawn state (a box, or a composite's cluster) by its state id: '<svg id>-state-<id>-<n>'.
  const drawn = new Map();
  for (const group of element.querySelectorAll('g.node, g.statediagram-cluster')) {
    const match = (group.id || '').match(/-state-(.+)-\\d+$/);
    if (!match) continue;
    const shape = group.classList.contains('statediagram-cluster') ? group.querySelector('rect') : group;
    if (shape) drawn.set(match[1], shape.getBoundingClientRect());
  }
  function rectOf(dataId) {
    return drawn.get(dataId) || null;
  }
  for (const [child, parent] of Object.entries(parents)) {
    const inner = rectOf(child);
    const outer = rectOf(parent);
    if (!inner || !outer) {
      problems.push(child + ': not drawn' + (inner ? ' (its parent ' + parent + ' is not drawn)' : ''));
      continue;
    }
    const inside = inner.left >= outer.left - 1 && inner.right <= outer.right + 1 && inner.top >= outer.top - 1 && inner.bottom <= outer.bottom + 1;
    if (!inside) problems.push(child + ': drawn outside its parent ' + parent);
  }
  const labels = [...element.querySelectorAll('g.edgeLabel')]
    .filter((label) => (label.textContent || '').trim())
    .map((label) => {
      // The text itself (a label's box has padding around it): text over text is what cannot be read.
      const range = document.createRange();
      range.selectNodeContents(label);
      return { text: (label.textContent || '').trim(), rect: range.getBoundingClientRect() };
    });
  for (let i = 0; i < labels.length; i += 1) {
    for (let j = i + 1; j < labels.length; j += 1) {
      const a = labels[i].rect;
      const b = labels[j].rect;
      const overlapX = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const overlapY = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (overlapX > 2 && overlapY > 2) problems.push('labels overlap (' + Math.round(overlapX) + ' x ' + Math.round(overlapY) + ' px): "' + labels[i].text.slice(0, 60) + '" and "' + labels[j].text.slice(0, 60) + '"');
    }
  }
  const box = element.viewBox.baseVal;
  return { svg, width: Math.round(box.width), height: Math.round(box.height), problems };
};
`;

/** Which composite state each state of a stateDiagram-v2 source is declared in. */
export function declaredParents(source: string): Record<string, string> {
  const parents: Record<string, string> = {};
  const stack: string[] = [];
  for (const raw of source.split('\n')) {
    const line = raw.trim();
    const open = line.match(/^state (\S+) \{$/);
    if (open) {
      stack.push(open[1]);
      continue;
    }
    if (line === '}') {
      stack.pop();
      continue;
    }
    const declared = line.match(/^state "[^"]*" as (\S+)$/);
    if (declared && stack.length) parents[declared[1]] = stack[stack.length - 1];
  }
  return parents;
}

export async function renderDiagrams(sources: Record<string, string>, browser: Browser): Promise<Record<string, RenderedDiagram>> {
  const page = await browser.newPage({ viewport: { width: 1600, height: 1200 } });
  try {
    await page.setContent('<!doctype html><html><head><meta charset="utf-8"></head><body><div id="out"></div></body></html>');
    await page.addScriptTag({ path: MERMAID });
    if (process.env.MERMAID_EXTRA) await page.addScriptTag({ content: `window.MERMAID_EXTRA = ${process.env.MERMAID_EXTRA};` });
    await page.addScriptTag({ content: IN_PAGE });
    const results: Record<string, RenderedDiagram> = {};
    for (const [name, source] of Object.entries(sources)) {
      const parents = declaredParents(source);
      results[name] = (await page.evaluate(({ name, source, parents }) => (window as unknown as InPage).renderAndCheck(name, source, parents), { name, source, parents })) as RenderedDiagram;
    }
    return results;
  } finally {
    await page.close();
  }
}

export function chromiumPath(): string | undefined {
  const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  return existsSync(path) ? path : undefined;
}
