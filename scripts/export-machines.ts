/**
 * `npm run machines:export`: for every machine of the registries (machines/index.ts, machines/admin.ts) writes
 * machines/export/<id>.js (`createMachine({...})` source for Stately's "Import from code") and
 * machines/export/<id>.mmd (a Mermaid stateDiagram-v2; a large parallel machine: an overview and
 * <id>.<region>.mmd), docs/flows.md with every diagram, and docs/diagrams/<name>.svg, each diagram
 * drawn by Mermaid in Debian's Chromium.
 * `test/unit/tooling/machineExport.test.ts` fails when these files are not up to date.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { join } from 'node:path';
import { everyMachine } from '../machines/admin';
import { flowsMarkdown, machineDiagrams, machineSource } from './machineExport';
import { chromiumPath, renderDiagrams } from './renderDiagrams';

const root = join(__dirname, '..');
const outDir = join(root, 'machines', 'export');
mkdirSync(outDir, { recursive: true });
mkdirSync(join(root, 'docs'), { recursive: true });
void everyMachine().then(async (machines) => {
  const wanted = new Set<string>();
  for (const [id, machine] of Object.entries(machines)) {
    for (const [file, text] of [[`${id}.js`, machineSource(id, machine)], ...Object.entries(machineDiagrams(id, machine))] as const) {
      writeFileSync(join(outDir, file), text);
      wanted.add(file);
      console.log(`wrote machines/export/${file}`);
    }
  }
  // A machine gone from the registry takes its files with it.
  for (const file of readdirSync(outDir)) if (!wanted.has(file)) rmSync(join(outDir, file));
  writeFileSync(join(root, 'docs', 'flows.md'), flowsMarkdown(machines));
  console.log('wrote docs/flows.md');
  await renderSvgs([...wanted].filter((file) => file.endsWith('.mmd')));
});

/** docs/diagrams/<name>.svg: each diagram drawn by Mermaid in Chromium (skipped, with a note, without Chromium). */
async function renderSvgs(files: string[]): Promise<void> {
  const executablePath = chromiumPath();
  if (!executablePath) {
    console.log('docs/diagrams not rendered: no Chromium (npm run chromium installs it)');
    return;
  }
  const svgDir = join(root, 'docs', 'diagrams');
  mkdirSync(svgDir, { recursive: true });
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'] });
  try {
    const sources = Object.fromEntries(files.map((file) => [file, readFileSync(join(outDir, file), 'utf8')]));
    const rendered = await renderDiagrams(sources, browser);
    for (const file of readdirSync(svgDir)) if (!files.includes(file.replace(/\.svg$/, '.mmd'))) rmSync(join(svgDir, file));
    for (const [file, diagram] of Object.entries(rendered)) {
      writeFileSync(join(svgDir, file.replace(/\.mmd$/, '.svg')), diagram.svg);
      console.log(`wrote docs/diagrams/${file.replace(/\.mmd$/, '.svg')} (${diagram.width} x ${diagram.height})${diagram.problems.length ? `: ${diagram.problems.join('; ')}` : ''}`);
    }
  } finally {
    await browser.close();
  }
}
