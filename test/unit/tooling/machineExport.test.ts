import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createMachine, raise, type AnyStateMachine } from 'xstate';
import { allMachines, machineLoaders, machines as eagerMachines } from '../../../machines';
import { adminMachines, everyMachine } from '../../../machines/admin';
import { configFromSource, flowsMarkdown, implementationsFromSource, machineDiagrams, machineMermaid, machineShape, machineSource } from '../../../scripts/machineExport';
import { declaredParents } from '../../../scripts/renderDiagrams';

const root = join(__dirname, '..', '..', '..');
const exportDir = join(root, 'machines', 'export');

let machines: Record<string, AnyStateMachine>;
beforeAll(async () => {
  machines = await everyMachine();
});

describe('machines exported for the Stately visualizer', () => {
  it('every machine of the registry has its exported source and diagram, and nothing else is there', () => {
    const expected = Object.entries(machines).flatMap(([id, machine]) => [`${id}.js`, ...Object.keys(machineDiagrams(id, machine))]).sort();
    expect(readdirSync(exportDir).sort()).toEqual(expected);
    // Each diagram is drawn to SVG in docs/diagrams (by `npm run machines:export`, with Chromium).
    const drawn = readdirSync(join(root, 'docs', 'diagrams')).sort();
    expect(drawn).toEqual(expected.filter((file) => file.endsWith('.mmd')).map((file) => file.replace(/\.mmd$/, '.svg')).sort());
    expect(Object.keys(machines).length).toBeGreaterThanOrEqual(12);
  });

  it.each([...Object.keys(eagerMachines), ...Object.keys(machineLoaders), ...Object.keys(adminMachines)])('%s: the committed export rebuilds the same machine (states, initial states, transitions)', (id) => {
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
      for (const [file, diagram] of Object.entries(machineDiagrams(id, machine))) expect(readFileSync(join(exportDir, file), 'utf8')).toBe(diagram);
    }
    expect(readFileSync(join(root, 'docs', 'flows.md'), 'utf8')).toBe(flowsMarkdown(machines));
  });

  it('docs/flows.md draws every machine in a mermaid block', () => {
    const flows = readFileSync(join(root, 'docs', 'flows.md'), 'utf8');
    for (const id of Object.keys(machines)) {
      expect(flows).toContain(`## ${id}\n`);
      const block = flows.split(`## ${id}\n`)[1].split('```mermaid\n')[1].split('\n```')[0];
      expect(block).toMatch(/^---\nconfig:\n[\s\S]*\n---\nstateDiagram-v2\n/);
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
    expect(diagram).toContain('idle --> working : GO [canGo]<br>/ start, log(level=info)');
    expect(diagram).toContain('working --> failed : error runJob<br>/ report<br>after 5000 ms');
    expect(diagram).toContain('working --> done : done runJob');
    expect(diagram).toContain('failed --> idle : always [retryable]');
    expect(diagram).toContain('done --> [*]');
    expect(diagram).toMatch(/state both \{\n\s+state "left" as both_left\n[\s\S]*\n\s+--\n\s+state "right" as both_right/);
  });

  /** Every edge of a diagram and the composite states its two ends are declared in. */
  function edgesOf(diagram: string) {
    const parents = declaredParents(diagram);
    return [...diagram.matchAll(/^\s*(\S+) --> (\S+)(?: : (.*))?$/gm)]
      .filter((match) => match[1] !== '[*]' && match[2] !== '[*]')
      .map((match) => ({ from: match[1], to: match[2], label: match[3] ?? '', fromParent: parents[match[1]], toParent: parents[match[2]] }));
  }

  it('links only states of the same composite state (Mermaid draws a state outside its parent otherwise)', () => {
    const nested = createMachine({
      id: 'nested',
      initial: 'outer',
      states: {
        outer: {
          initial: 'a',
          on: { RESET: '.b', RESTART: { target: 'outer', reenter: true } },
          states: { a: { on: { NEXT: 'b', OUT: '#nested.done', BACK: '#nested.outer' } }, b: { initial: 'b1', states: { b1: { on: { GO: 'b2' } }, b2: {} } } },
        },
        done: { on: { AGAIN: 'outer.b.b2' } },
      },
    });
    const diagram = machineMermaid(nested);
    for (const edge of edgesOf(diagram)) expect([edge, edge.fromParent]).toEqual([edge, edge.toParent]);
    // A composite state into its own child: from an "in X" box inside it.
    expect(diagram).toContain('state "in outer" as outer__in');
    expect(diagram).toContain('outer__in --> outer_b : RESET');
    // Leaving from an inner state: the edge starts at the outer state and names the inner one.
    expect(diagram).toContain('outer --> done : in a: OUT');
    // Into an inner state that entering would not reach: the edge names it.
    expect(diagram).toContain('done --> outer : AGAIN -> b.b2');
    // Re-entering a state it is in: a "re-enter X" box beside it.
    expect(diagram).toContain('outer --> outer__reenter : RESTART<br>in a: BACK');
  });

  it('lists what stays in a state in a box beside it, and one event to several states through a choice', () => {
    const machine = createMachine(
      {
        id: 'm',
        initial: 'idle',
        states: {
          idle: { on: { TICK: { actions: 'count' }, PING: { actions: 'pong' }, GO: [{ guard: 'fast', target: 'fast' }, { target: 'slow' }] } },
          fast: { after: { pause: 'idle' }, entry: 'announce' },
          slow: { on: { GO: { target: 'idle', actions: 'again' } } },
        },
      },
      { delays: { pause: 1500 }, actions: { again: raise({ type: 'TICK' }) } },
    );
    const diagram = machineMermaid(machine);
    expect(diagram).toContain('idle --> idle__stays');
    expect(diagram).toContain('state "stays in idle<br>TICK<br>/ count<br>PING<br>/ pong" as idle__stays');
    expect(diagram).toContain('state idle__GO <<choice>>');
    expect(diagram).toContain('idle --> idle__GO : GO');
    expect(diagram).toContain('idle__GO --> fast : [fast]');
    expect(diagram).toContain('idle__GO --> slow : else');
    // Delays by name and milliseconds; a raise action by the event it raises.
    expect(diagram).toContain('fast --> idle : after pause (1500 ms)');
    expect(diagram).toContain('slow --> idle : GO<br>/ raise TICK');
    expect(diagram).not.toMatch(/(\S+) --> \1 /);
  });

  it('draws a large machine with parallel regions as an overview and one diagram per region', async () => {
    const finder = (await allMachines()).brakeFinder;
    const diagrams = machineDiagrams('brakeFinder', finder);
    expect(Object.keys(diagrams).sort()).toEqual(['brakeFinder.data.mmd', 'brakeFinder.details.mmd', 'brakeFinder.mmd', 'brakeFinder.products.mmd']);
    // The overview ties the regions together by the events they raise for each other.
    expect(diagrams['brakeFinder.mmd']).toContain('data --> products : raise CLEAR_PRODUCTS');
    expect(diagrams['brakeFinder.mmd']).toContain('products --> details : raise CLEAR_DETAILS');
    expect(diagrams['brakeFinder.products.mmd']).not.toContain('state "details" as details');
  });

  it('keeps for Stately the context, the delays in ms, the events raise actions raise and the parts of combined guards', async () => {
    const all = await allMachines();
    const finder = machineSource('brakeFinder', all.brakeFinder);
    expect(configFromSource(finder)).toMatchObject({ id: 'brakeFinder', context: { startsAtOnce: true, query: '', compare: [] } });
    const implementations = implementationsFromSource(finder) as { delays: Record<string, number>; actions: Record<string, { type: string; event: unknown }> };
    expect(implementations.delays).toEqual({ typingDelay: 400, pasteDelay: 200 });
    const raised = (name: string) => ({ type: implementations.actions[name].type, event: implementations.actions[name].event });
    expect(raised('raiseClearProducts')).toEqual({ type: 'xstate.raise', event: { type: 'CLEAR_PRODUCTS' } });
    expect(raised('raiseClearDetails')).toEqual({ type: 'xstate.raise', event: { type: 'CLEAR_DETAILS' } });
    // A combined guard is xstate's own and / stateIn, not one opaque name.
    const live = machineSource('liveSearch', all.liveSearch);
    expect(live).toContain("guard: and(['isCurrentRequest', stateIn({ request: 'loading' })])");
    // A delay computed from the context is named in a comment.
    expect(machineSource('alert', all.alert)).toContain('// Delays computed from the context: displayTime.');
    expect(implementationsFromSource(machineSource('alert', all.alert))).toEqual({ delays: { fadeIn: 500 } });
  });
});
