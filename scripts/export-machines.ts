/**
 * `npm run machines:export`: writes each machine's definition as JSON (machine.toJSON()) to
 * machines/export/<id>.json, for the Stately visualizer (stately.ai/viz: "Import from JSON").
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { allMachines } from '../machines';

const outDir = join(__dirname, '..', 'machines', 'export');
mkdirSync(outDir, { recursive: true });
void allMachines().then((machines) => {
  for (const [id, machine] of Object.entries(machines)) {
    const file = join(outDir, `${id}.json`);
    writeFileSync(file, JSON.stringify(machine.toJSON(), null, 2) + '\n');
    console.log(`wrote ${file}`);
  }
});
