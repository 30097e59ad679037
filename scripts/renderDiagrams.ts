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
// A fixed seed for the shapes Mermaid draws with rough.js (a choice's diamond): the same source, the same SVG.
mermaid.initialize(Object.assign({ startOnLoad: false, securityLevel: 'strict', theme: 'default', handDrawnSeed: 1 }, window.MERMAID_EXTRA || {}));
// Mermaid names a parallel state's regions with Math.random: each diagram draws with the same
// numbers (a generator seeded from its name), so an export with no machine changed changes no file.
function seededRandom(text) {
  let seed = 0;
  for (let i = 0; i < text.length; i += 1) seed = (Math.imul(seed, 31) + text.charCodeAt(i)) | 0;
  return function () {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
window.renderAndCheck = async function (name, source, parents) {
  Math.random = seededRandom(name);
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
  // Every label beside its own curve: no other transition's curve nearer to its text than its own
  // (a label at the crossing of two curves is beside both).
  const svgId = element.id;
  const paths = new Map();
  for (const path of element.querySelectorAll('path[data-edge="true"]')) paths.set(path.id.slice(svgId.length + 1), path);
  const points = new Map();
  for (const [edge, path] of paths) {
    const length = path.getTotalLength();
    const m = path.getScreenCTM();
    const along = [];
    for (let at = 0; at <= length + 5; at += 6) {
      const p = path.getPointAtLength(Math.min(at, length));
      along.push({ x: m.a * p.x + m.c * p.y + m.e, y: m.b * p.x + m.d * p.y + m.f });
    }
    points.set(edge, along);
  }
  const distance = (rect, along) => {
    let best = Infinity;
    for (const point of along) {
      const dx = Math.max(rect.left - point.x, 0, point.x - rect.right);
      const dy = Math.max(rect.top - point.y, 0, point.y - rect.bottom);
      best = Math.min(best, Math.hypot(dx, dy));
    }
    return best;
  };
  for (const label of element.querySelectorAll('g.edgeLabel g.label[data-id]')) {
    const text = (label.textContent || '').trim();
    if (!text) continue;
    const edge = label.getAttribute('data-id');
    const own = points.get(edge);
    if (!own) continue;
    const range = document.createRange();
    range.selectNodeContents(label);
    const rect = range.getBoundingClientRect();
    const mine = distance(rect, own);
    for (const [other, along] of points) {
      if (other === edge) continue;
      const theirs = distance(rect, along);
      if (theirs + 2 < mine || mine > 6) {
        problems.push(mine > 6 ? 'label "' + text.slice(0, 60) + '" is ' + Math.round(mine) + ' px off its own curve' : 'label "' + text.slice(0, 60) + '" is nearer another curve (' + Math.round(theirs) + ' px) than its own (' + Math.round(mine) + ' px)');
        break;
      }
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
  // The boxes of a composite state's own transitions ("in X", "stays in X": scripts/machineExport.ts)
  // belong inside X, wherever the source declares them.
  const composites = new Set([...source.matchAll(/^\s*state (\S+) \{$/gm)].map((match) => match[1]));
  for (const match of source.matchAll(/^\s*state "[^"]*" as ((\S+)__(?:in|stays))$/gm)) if (composites.has(match[2])) parents[match[1]] = match[2];
  return parents;
}

export async function renderDiagrams(sources: Record<string, string>, browser: Browser): Promise<Record<string, RenderedDiagram>> {
  const results: Record<string, RenderedDiagram> = {};
  // A fresh page for each diagram: Mermaid numbers what it draws with counters kept across renders,
  // so a diagram drawn after others would differ from the same diagram drawn alone.
  for (const [name, source] of Object.entries(sources)) {
    const page = await browser.newPage({ viewport: { width: 1600, height: 1200 } });
    try {
      await page.setContent('<!doctype html><html><head><meta charset="utf-8"></head><body><div id="out"></div></body></html>');
      await page.addScriptTag({ path: MERMAID });
      if (process.env.MERMAID_EXTRA) await page.addScriptTag({ content: `window.MERMAID_EXTRA = ${process.env.MERMAID_EXTRA};` });
      await page.addScriptTag({ content: IN_PAGE });
      const parents = declaredParents(source);
      results[name] = (await page.evaluate(({ name, source, parents }) => (window as unknown as InPage).renderAndCheck(name, source, parents), { name, source, parents })) as RenderedDiagram;
    } finally {
      await page.close();
    }
  }
  return results;
}

export function chromiumPath(): string | undefined {
  const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  return existsSync(path) ? path : undefined;
}
