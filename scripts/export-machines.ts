/**
 * `npm run machines:export`: for every machine of the registry (machines/index.ts) writes
 * machines/export/<id>.js (`createMachine({...})` source for Stately's "Import from code") and
 * machines/export/<id>.mmd (a Mermaid stateDiagram-v2), and docs/flows.md with every diagram.
 * `test/unit/tooling/machineExport.test.ts` fails when these files are not up to date.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { allMachines } from '../machines';
import { flowsMarkdown, machineMermaid, machineSource } from './machineExport';

const root = join(__dirname, '..');
const outDir = join(root, 'machines', 'export');
mkdirSync(outDir, { recursive: true });
mkdirSync(join(root, 'docs'), { recursive: true });
void allMachines().then((machines) => {
  const wanted = new Set<string>();
  for (const [id, machine] of Object.entries(machines)) {
    for (const [file, text] of [[`${id}.js`, machineSource(id, machine)], [`${id}.mmd`, machineMermaid(machine)]] as const) {
      writeFileSync(join(outDir, file), text);
      wanted.add(file);
      console.log(`wrote machines/export/${file}`);
    }
  }
  // A machine gone from the registry takes its files with it.
  for (const file of readdirSync(outDir)) if (!wanted.has(file)) rmSync(join(outDir, file));
  writeFileSync(join(root, 'docs', 'flows.md'), flowsMarkdown(machines));
  console.log('wrote docs/flows.md');
});
