/**
 * What `npm run machines:export` writes, computed from the machine objects themselves (their
 * resolved state nodes), never by hand:
 * - `createMachine({...})` source that Stately's "Import from code" takes: states, initial
 *   states, parallel regions, final states, transitions with their targets, guards and actions
 *   by name, `after` delays, `always`, invoked actors by name with onDone / onError, entry /
 *   exit actions. Implementations (guard and action bodies, context) stay in machines/.
 * - a Mermaid `stateDiagram-v2` of each machine, and docs/flows.md with all of them.
 * Shared by the export script and the tests that keep the committed files in step.
 */
import type { AnyStateMachine } from 'xstate';

/** The parts of xstate's StateNode read here (its public fields and getters). */
interface Node {
  key: string;
  id: string;
  path: string[];
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  history?: false | 'shallow' | 'deep';
  parent?: Node;
  states: Record<string, Node>;
  initial?: { target: Node[] };
  entry: unknown[];
  exit: unknown[];
  transitions: Map<string, Transition[]>;
  always?: Transition[];
  after: Transition[];
  invoke: Array<{ id: string; src: unknown }>;
  description?: string;
  tags: string[];
}

interface Transition {
  eventType: string;
  target?: Node[];
  guard?: unknown;
  actions: unknown[];
  reenter: boolean;
  delay?: string | number;
  description?: string;
}

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

function rootOf(machine: AnyStateMachine): Node {
  return machine.root as unknown as Node;
}

function childrenOf(node: Node): Node[] {
  return Object.values(node.states);
}

function isDescendant(node: Node, ancestor: Node): boolean {
  for (let parent = node.parent; parent; parent = parent.parent) if (parent === ancestor) return true;
  return false;
}

function relativePath(node: Node, ancestor: Node): string {
  return node.path.slice(ancestor.path.length).join('.');
}

/* ------------------------------------------------------------------ names */

function formatStateValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    return Object.entries(value)
      .map(([key, child]) => (child && typeof child === 'object' && Object.keys(child).length === 0 ? key : `${key}.${formatStateValue(child)}`))
      .join(', ');
  }
  return String(value);
}

/** A guard by name; higher-level guards (and / or / not / stateIn) spelled out as one name. */
export function guardName(guard: unknown, where: string): Json {
  if (typeof guard === 'string') return guard;
  if (guard && typeof guard === 'object') {
    const { type, params } = guard as { type: string; params?: unknown };
    return params === undefined || typeof params === 'function' ? type : { type, params: params as Json };
  }
  if (typeof guard === 'function') {
    const fn = guard as { name: string; guards?: unknown[]; stateValue?: unknown };
    if (fn.stateValue !== undefined) return `in(${formatStateValue(fn.stateValue)})`;
    if (fn.guards) {
      const parts = fn.guards.map((inner) => {
        const name = guardName(inner, where);
        return typeof name === 'string' ? name : JSON.stringify(name);
      });
      return fn.name === 'not' ? `not(${parts[0]})` : `${fn.name}(${parts.join(', ')})`;
    }
    return `inline:${where}`;
  }
  return `inline:${where}`;
}

/** An action by name (with its static params); an inline one named after where it sits. */
export function actionName(action: unknown, where: string): Json {
  if (typeof action === 'string') return action;
  if (action && typeof action === 'object') {
    const { type, params } = action as { type: string; params?: unknown };
    return params === undefined || typeof params === 'function' ? type : { type, params: params as Json };
  }
  const type = (action as { type?: string } | undefined)?.type;
  return `inline:${type ? type.replace(/^xstate\./, '') : 'action'}@${where}`;
}

/** Entry / exit actions as written: without the raise / cancel xstate adds for each `after` delay. */
function ownActions(actions: unknown[]): unknown[] {
  return actions.filter((action) => {
    const made = action as { type?: string; id?: unknown; sendId?: unknown };
    if (typeof action !== 'function') return true;
    if (made.type === 'xstate.raise' && typeof made.id === 'string' && made.id.startsWith('xstate.after.')) return false;
    return !(made.type === 'xstate.cancel' && typeof made.sendId === 'string' && made.sendId.startsWith('xstate.after.'));
  });
}

function actionList(actions: unknown[], where: string): Json | undefined {
  if (!actions.length) return undefined;
  const names = actions.map((action, index) => actionName(action, `${where}[${index}]`));
  return names.length === 1 ? names[0] : names;
}

/* ------------------------------------------------------------------ config */

interface ConfigContext {
  /** States some transition targets by id (`#...`): they get an explicit id. */
  targetedById: Set<Node>;
}

function targetRef(source: Node, target: Node, ctx: ConfigContext): string {
  if (isDescendant(target, source)) return `.${relativePath(target, source)}`;
  if (source.parent && isDescendant(target, source.parent)) return relativePath(target, source.parent);
  ctx.targetedById.add(target);
  return `#${target.id}`;
}

function transitionConfig(source: Node, transition: Transition, where: string, ctx: ConfigContext): Json {
  const config: { [key: string]: Json } = {};
  const targets = (transition.target ?? []).map((target) => targetRef(source, target, ctx));
  if (targets.length) config.target = targets.length === 1 ? targets[0] : targets;
  if (transition.guard !== undefined) config.guard = guardName(transition.guard, where);
  const actions = actionList(transition.actions, where);
  if (actions !== undefined) config.actions = actions;
  if (transition.reenter) config.reenter = true;
  if (transition.description) config.description = transition.description;
  const keys = Object.keys(config);
  return keys.length === 1 && keys[0] === 'target' && typeof config.target === 'string' ? config.target : config;
}

/** Where a transition sits, to name an inline guard or action after it. */
function whereOf(node: Node, transition: Transition, index: number): string {
  const event = transition.eventType === '' ? 'always' : transition.eventType.startsWith('xstate.after.') ? `after.${transition.delay}` : transition.eventType;
  return `${node.id}.${event}[${index}]`;
}

function transitionsConfig(source: Node, transitions: Transition[], ctx: ConfigContext): Json {
  const configs = transitions.map((transition, index) => transitionConfig(source, transition, whereOf(source, transition, index), ctx));
  return configs.length === 1 ? configs[0] : configs;
}

/** The event of a transition that `after`, `invoke` and `onDone` make on their own. */
function eventKind(node: Node, eventType: string): { kind: 'on' } | { kind: 'after' } | { kind: 'done' } | { kind: 'invokeDone' | 'invokeError'; invokeId: string } {
  if (eventType.startsWith('xstate.after.')) return { kind: 'after' };
  if (eventType === `xstate.done.state.${node.id}`) return { kind: 'done' };
  for (const invoke of node.invoke) {
    if (eventType === `xstate.done.actor.${invoke.id}`) return { kind: 'invokeDone', invokeId: invoke.id };
    if (eventType === `xstate.error.actor.${invoke.id}`) return { kind: 'invokeError', invokeId: invoke.id };
  }
  return { kind: 'on' };
}

function srcName(src: unknown, invokeId: string): string {
  if (typeof src === 'string') return src;
  return `inline:${invokeId}`;
}

function nodeConfig(node: Node, ctx: ConfigContext, configs: Map<Node, { [key: string]: Json }>): { [key: string]: Json } {
  const config: { [key: string]: Json } = {};
  const where = node.id;
  if (!node.parent) config.id = node.id;
  if (node.type === 'parallel' || node.type === 'final' || node.type === 'history') config.type = node.type;
  if (node.type === 'history' && node.history === 'deep') config.history = 'deep';
  if (node.type === 'compound' && node.initial?.target.length) config.initial = relativePath(node.initial.target[0], node);
  if (node.description) config.description = node.description;
  if (node.tags.length) config.tags = [...node.tags];
  const entry = actionList(ownActions(node.entry), `${where}.entry`);
  if (entry !== undefined) config.entry = entry;
  const exit = actionList(ownActions(node.exit), `${where}.exit`);
  if (exit !== undefined) config.exit = exit;

  const invokes = node.invoke.map((invoke) => ({ id: invoke.id, src: srcName(invoke.src, invoke.id) }) as { [key: string]: Json });
  const on: { [key: string]: Json } = {};
  const after: { [key: string]: Json } = {};
  for (const [eventType, transitions] of node.transitions) {
    const kind = eventKind(node, eventType);
    if (kind.kind === 'after') continue; // from node.after below, by delay
    const json = transitionsConfig(node, transitions, ctx);
    if (kind.kind === 'on') on[eventType] = json;
    else if (kind.kind === 'done') config.onDone = json;
    else {
      const invoke = invokes[node.invoke.findIndex((candidate) => candidate.id === kind.invokeId)];
      invoke[kind.kind === 'invokeDone' ? 'onDone' : 'onError'] = json;
    }
  }
  const byDelay = new Map<string, Transition[]>();
  for (const transition of node.after) {
    const delay = String(transition.delay);
    byDelay.set(delay, [...(byDelay.get(delay) ?? []), transition]);
  }
  for (const [delay, transitions] of byDelay) after[delay] = transitionsConfig(node, transitions, ctx);
  if (invokes.length) config.invoke = invokes.length === 1 ? invokes[0] : invokes;
  if (Object.keys(on).length) config.on = on;
  if (Object.keys(after).length) config.after = after;
  if (node.always?.length) {
    const always = transitionsConfig(node, node.always, ctx);
    config.always = Array.isArray(always) ? always : [always];
  }
  const children = childrenOf(node);
  if (children.length) {
    const states: { [key: string]: Json } = {};
    for (const child of children) states[child.key] = nodeConfig(child, ctx, configs);
    config.states = states;
  }
  configs.set(node, config);
  return config;
}

/** The machine's structure as a plain `createMachine` config (names, no implementations). */
export function machineConfig(machine: AnyStateMachine): { [key: string]: Json } {
  const ctx: ConfigContext = { targetedById: new Set() };
  const configs = new Map<Node, { [key: string]: Json }>();
  const root = nodeConfig(rootOf(machine), ctx, configs);
  // States targeted by id get that id spelled out (the same id xstate gives them anyway).
  for (const node of ctx.targetedById) {
    const config = configs.get(node)!;
    if (config.id !== undefined) continue;
    const entries = Object.entries(config);
    for (const key of Object.keys(config)) delete config[key];
    Object.assign(config, { id: node.id }, Object.fromEntries(entries));
  }
  return root;
}

/* ------------------------------------------------------------------ source */

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function quote(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
}

function inline(value: Json): string {
  if (typeof value === 'string') return quote(value);
  if (value === null || typeof value !== 'object') return String(value);
  if (Array.isArray(value)) return `[${value.map(inline).join(', ')}]`;
  const entries = Object.entries(value).map(([key, item]) => `${IDENTIFIER.test(key) ? key : quote(key)}: ${inline(item)}`);
  return entries.length ? `{ ${entries.join(', ')} }` : '{}';
}

/** JavaScript source for a plain value, two-space indented, short parts on one line. */
export function toSource(value: Json, indent = ''): string {
  const flat = inline(value);
  if (flat.length + indent.length <= 100 || value === null || typeof value !== 'object') return flat;
  const inner = `${indent}  `;
  if (Array.isArray(value)) return `[\n${value.map((item) => `${inner}${toSource(item, inner)},`).join('\n')}\n${indent}]`;
  const lines = Object.entries(value).map(([key, item]) => `${inner}${IDENTIFIER.test(key) ? key : quote(key)}: ${toSource(item, inner)},`);
  return `{\n${lines.join('\n')}\n${indent}}`;
}

export const SOURCE_BANNER = '// Generated by `npm run machines:export`';

/** The file Stately's "Import from code" takes for one machine. */
export function machineSource(name: string, machine: AnyStateMachine): string {
  return [
    `${SOURCE_BANNER} from machines/ (registry: machines/index.ts): do not edit.`,
    `// The "${name}" flow's structure for the Stately editor / visualizer: paste it into "Import from code".`,
    '// Guards, actions, delays and actors are named here; their implementations live in machines/.',
    "import { createMachine } from 'xstate';",
    '',
    `export const ${name}Machine = createMachine(${toSource(machineConfig(machine))});`,
    '',
  ].join('\n');
}

/** The config object written in a source file from `machineSource` (for the round-trip test). */
export function configFromSource(source: string): unknown {
  const start = source.indexOf('createMachine(');
  const end = source.lastIndexOf(');');
  if (start < 0 || end < start) throw new Error('not a createMachine source');
  const literal = source.slice(start + 'createMachine('.length, end);
  return new Function(`return (${literal});`)();
}

/* ------------------------------------------------------------------ mermaid */

function mermaidId(node: Node): string {
  return node.path.length ? node.path.join('_') : node.key;
}

function label(text: string): string {
  // Mermaid's transition text ends at ':' ';' or a line end; '#' starts a comment.
  return text.replace(/[:;#\n]/g, ' ').replace(/\s+/g, ' ').trim();
}

function jsonLabel(value: Json): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && !Array.isArray(value) && typeof value.type === 'string') {
    const params = value.params;
    if (params === undefined) return value.type;
    const shown =
      params && typeof params === 'object' && !Array.isArray(params)
        ? Object.entries(params)
            .map(([key, item]) => `${key}=${typeof item === 'string' ? item : JSON.stringify(item)}`)
            .join(', ')
        : typeof params === 'string'
          ? params
          : JSON.stringify(params);
    return `${value.type}(${shown})`;
  }
  return JSON.stringify(value);
}

function transitionLabel(node: Node, transition: Transition, index: number): string {
  const kind = eventKind(node, transition.eventType);
  const invoke = 'invokeId' in kind ? node.invoke.find((candidate) => candidate.id === kind.invokeId) : undefined;
  const event =
    transition.eventType === ''
      ? 'always'
      : kind.kind === 'after'
        ? `after ${transition.delay}`
        : kind.kind === 'done'
          ? 'done'
          : invoke
            ? `${kind.kind === 'invokeDone' ? 'done' : 'error'} ${srcName(invoke.src, invoke.id)}`
            : transition.eventType;
  const where = whereOf(node, transition, index);
  const guard = transition.guard === undefined ? '' : ` [${jsonLabel(guardName(transition.guard, where))}]`;
  const actions = transition.actions.map((action, i) => jsonLabel(actionName(action, `${where}[${i}]`)));
  return label(`${event}${guard}${actions.length ? ` / ${actions.join(', ')}` : ''}`);
}

function allTransitions(node: Node): Transition[] {
  return [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
}

function commonScope(a: Node, b: Node): Node {
  for (let scope: Node | undefined = a; scope; scope = scope.parent) if (scope === b || isDescendant(b, scope)) return scope;
  return a;
}

/** A Mermaid stateDiagram-v2 of the machine: nested and parallel states, every transition. */
export function machineMermaid(machine: AnyStateMachine): string {
  const root = rootOf(machine);
  // Each transition is written in the innermost composite holding both its ends.
  const edges = new Map<Node | null, Array<[Node, string]>>();
  const walk = (node: Node) => {
    const counts = new Map<string, number>();
    for (const transition of allTransitions(node)) {
      const index = counts.get(transition.eventType) ?? 0;
      counts.set(transition.eventType, index + 1);
      const text = transitionLabel(node, transition, index);
      const targets = transition.target?.length ? transition.target : [node];
      for (const target of targets) {
        const scope = commonScope(node, target);
        // A transition from a state into its own child is written beside that state.
        const holder = scope === node || scope === target ? (scope.parent ?? null) : scope;
        edges.set(holder, [...(edges.get(holder) ?? []), [node, `${mermaidId(node)} --> ${mermaidId(target)} : ${text}`]]);
      }
    }
    childrenOf(node).forEach(walk);
  };
  walk(root);

  const lines = ['stateDiagram-v2'];
  const write = (node: Node, indent: string) => {
    const children = childrenOf(node);
    const id = mermaidId(node);
    lines.push(`${indent}state "${node.key}" as ${id}`);
    if (children.length) {
      lines.push(`${indent}state ${id} {`);
      const inner = `${indent}  `;
      if (node.type === 'parallel') {
        // Each region with the transitions written at this level that start in it.
        const held = edges.get(node) ?? [];
        edges.delete(node);
        children.forEach((child, index) => {
          if (index) lines.push(`${inner}--`);
          write(child, inner);
          for (const [source, edge] of held) if (source === child || isDescendant(source, child)) lines.push(`${inner}${edge}`);
        });
      } else {
        if (node.initial?.target.length) lines.push(`${inner}[*] --> ${mermaidId(node.initial.target[0])}`);
        for (const child of children) write(child, inner);
        for (const child of children) if (child.type === 'final') lines.push(`${inner}${mermaidId(child)} --> [*]`);
      }
      for (const [, edge] of edges.get(node) ?? []) lines.push(`${inner}${edge}`);
      lines.push(`${indent}}`);
    }
  };
  write(root, '  ');
  lines.push(`  [*] --> ${mermaidId(root)}`);
  for (const [, edge] of edges.get(null) ?? []) lines.push(`  ${edge}`);
  return lines.join('\n') + '\n';
}

/* ------------------------------------------------------------------ docs/flows.md */

export function flowsMarkdown(machines: Record<string, AnyStateMachine>): string {
  const names = Object.keys(machines).sort();
  const parts = [
    '# Flows',
    '',
    'Every XState machine of the storefront (`machines/`, registry `machines/index.ts`), drawn from the',
    'machine objects by `npm run machines:export`: do not edit by hand. A transition reads',
    '`EVENT [guard] / actions`; `after X` is a delay, `always` an eventless transition; a transition',
    'without a target is drawn as a loop on its state. The same structures, as `createMachine` source',
    'for the Stately editor ("Import from code"), are in `machines/export/<id>.js`.',
    '',
    ...names.map((name) => `- [${name}](#${name.toLowerCase()})`),
    '',
  ];
  for (const name of names) {
    parts.push(`## ${name}`, '', `\`machines/export/${name}.js\``, '', '```mermaid', machineMermaid(machines[name]).trimEnd(), '```', '');
  }
  return parts.join('\n');
}

/* ------------------------------------------------------------------ shape (for tests) */

export interface MachineShape {
  states: string[];
  initials: string[];
  /** `source --event--> targets (reenter) [guard] / actions`, and each state's entry / exit actions, by name. */
  transitions: string[];
}

/** What must survive an export: every state id and type, initial state and transition. */
export function machineShape(machine: AnyStateMachine): MachineShape {
  const states: string[] = [];
  const initials: string[] = [];
  const transitions: string[] = [];
  const walk = (node: Node) => {
    states.push(`${node.id} (${node.type})`);
    if (node.type === 'compound' && node.initial?.target.length) initials.push(`${node.id} -> ${node.initial.target.map((t) => t.id).join(',')}`);
    const counts = new Map<string, number>();
    for (const transition of allTransitions(node)) {
      const index = counts.get(transition.eventType) ?? 0;
      counts.set(transition.eventType, index + 1);
      const event = transition.eventType === '' ? '(always)' : transition.eventType;
      const targets = (transition.target ?? []).map((target) => target.id).join(',') || '(none)';
      const where = whereOf(node, transition, index);
      const guard = transition.guard === undefined ? '' : ` [${JSON.stringify(guardName(transition.guard, where))}]`;
      const actions = transition.actions.map((action, i) => JSON.stringify(actionName(action, `${where}[${i}]`))).join(', ');
      transitions.push(`${node.id} --${event}--> ${targets}${transition.reenter ? ' (reenter)' : ''}${guard} / ${actions}`);
    }
    const entry = ownActions(node.entry).map((action, i) => JSON.stringify(actionName(action, `${node.id}.entry[${i}]`)));
    const exit = ownActions(node.exit).map((action, i) => JSON.stringify(actionName(action, `${node.id}.exit[${i}]`)));
    if (entry.length || exit.length) transitions.push(`${node.id} entry ${entry.join(', ')} exit ${exit.join(', ')}`);
    childrenOf(node).forEach(walk);
  };
  walk(rootOf(machine));
  return { states: states.sort(), initials: initials.sort(), transitions: transitions.sort() };
}
