import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createMachine, type AnyStateMachine } from 'xstate';
import { allMachines, machineLoaders, machines as eagerMachines } from '../../../machines';
import { configFromSource, flowsMarkdown, machineMermaid, machineShape, machineSource } from '../../../scripts/machineExport';

const root = join(__dirname, '..', '..', '..');
const exportDir = join(root, 'machines', 'export');

let machines: Record<string, AnyStateMachine>;
beforeAll(async () => {
  machines = await allMachines();
});

describe('machines exported for the Stately visualizer', () => {
  it('every machine of the registry has its exported source and diagram, and nothing else is there', () => {
    const expected = Object.keys(machines).flatMap((id) => [`${id}.js`, `${id}.mmd`]).sort();
    expect(readdirSync(exportDir).sort()).toEqual(expected);
    expect(Object.keys(machines).length).toBeGreaterThanOrEqual(12);
  });

  it.each([...Object.keys(eagerMachines), ...Object.keys(machineLoaders)])('%s: the committed export rebuilds the same machine (states, initial states, transitions)', (id) => {
    const source = readFileSync(join(exportDir, `${id}.js`), 'utf8');
    expect(source).toContain(`export const ${id}Machine = createMachine({`);
    const rebuilt = createMachine(configFromSource(source) as never);
    const real = machineShape(machines[id]);
    const copy = machineShape(rebuilt);
    expect(copy.states).toEqual(real.states);
    expect(copy.initials).toEqual(real.initials);
    expect(copy.transitions).toEqual(real.transitions);
    expect(real.transitions.length).toBeGreaterThan(0);
  });

  it('the committed files are what the machines export today (run `npm run machines:export` after changing a machine)', () => {
    for (const [id, machine] of Object.entries(machines)) {
      expect(readFileSync(join(exportDir, `${id}.js`), 'utf8')).toBe(machineSource(id, machine));
      expect(readFileSync(join(exportDir, `${id}.mmd`), 'utf8')).toBe(machineMermaid(machine));
    }
    expect(readFileSync(join(root, 'docs', 'flows.md'), 'utf8')).toBe(flowsMarkdown(machines));
  });

  it('docs/flows.md draws every machine in a mermaid block', () => {
    const flows = readFileSync(join(root, 'docs', 'flows.md'), 'utf8');
    for (const id of Object.keys(machines)) {
      expect(flows).toContain(`## ${id}\n`);
      const block = flows.split(`## ${id}\n`)[1].split('```mermaid\n')[1].split('\n```')[0];
      expect(block.startsWith('stateDiagram-v2\n')).toBe(true);
      expect(block).toContain(`[*] --> ${id}`);
    }
  });
});

describe('the exporter', () => {
  const demo = createMachine({
    id: 'demo',
    initial: 'idle',
    states: {
      idle: { on: { GO: { target: 'working', guard: 'canGo', actions: ['start', { type: 'log', params: { level: 'info' } }] } } },
      working: {
        entry: 'announce',
        exit: 'tidy',
        invoke: { id: 'job', src: 'runJob', onDone: 'done', onError: { target: '#demo.failed', actions: 'report' } },
        after: { 5000: 'failed', patience: { target: 'idle' } },
      },
      failed: { always: [{ guard: 'retryable', target: 'idle' }] },
      done: { type: 'final' },
      both: {
        type: 'parallel',
        states: { left: { initial: 'a', states: { a: { on: { NEXT: 'b' } }, b: {} } }, right: { initial: 'x', states: { x: {} } } },
        onDone: 'idle',
      },
    },
  });

  it('writes delays, always, invoke with onDone / onError, entry / exit, final and parallel states by name', () => {
    const config = configFromSource(machineSource('demo', demo)) as Record<string, Record<string, Record<string, unknown>>>;
    expect(config.states.working).toEqual({
      entry: 'announce',
      exit: 'tidy',
      invoke: { id: 'job', src: 'runJob', onDone: 'done', onError: { target: 'failed', actions: 'report' } },
      after: { 5000: 'failed', patience: 'idle' },
    });
    expect(config.states.idle).toEqual({ on: { GO: { target: 'working', guard: 'canGo', actions: ['start', { type: 'log', params: { level: 'info' } }] } } });
    expect(config.states.failed).toEqual({ always: [{ target: 'idle', guard: 'retryable' }] });
    expect(config.states.done).toEqual({ type: 'final' });
    expect(config.states.both).toMatchObject({ type: 'parallel', onDone: 'idle' });
    expect(machineShape(createMachine(config as never))).toEqual(machineShape(demo));
  });

  it('draws them in Mermaid', () => {
    const diagram = machineMermaid(demo);
    expect(diagram).toContain('idle --> working : GO [canGo] / start, log(level=info)');
    expect(diagram).toContain('working --> failed : after 5000');
    expect(diagram).toContain('working --> done : done runJob');
    expect(diagram).toContain('working --> failed : error runJob / report');
    expect(diagram).toContain('failed --> idle : always [retryable]');
    expect(diagram).toContain('done --> [*]');
    expect(diagram).toMatch(/state both \{\n\s+state "left" as both_left\n[\s\S]*\n\s+--\n\s+state "right" as both_right/);
  });
});
