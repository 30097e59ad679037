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
import { and, not, or, raise, stateIn, type AnyStateMachine } from 'xstate';

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

/** Source written as it is in the exported file (a call of xstate's `and`, `raise`, ...). */
const CODE = '$code';
function code(text: string): Json {
  return { [CODE]: text };
}
function codeOf(value: Json): string | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 1 && typeof value[CODE] === 'string' ? value[CODE] : undefined;
}

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

/**
 * A guard as the exported source writes it: by name, and a combined guard as the calls of xstate
 * that make it (`and(['a', 'b'])`, `not('a')`, `stateIn('x.y')`), so Stately sees its parts.
 */
export function guardConfig(guard: unknown, where: string): Json {
  if (typeof guard === 'function') {
    const fn = guard as { name: string; guards?: unknown[]; stateValue?: unknown };
    if (fn.stateValue !== undefined) return code(`stateIn(${inline(fn.stateValue as Json)})`);
    if (fn.guards) {
      const parts = fn.guards.map((inner) => {
        const config = guardConfig(inner, where);
        return codeOf(config) ?? inline(config);
      });
      return code(fn.name === 'not' ? `not(${parts[0]})` : `${fn.name}([${parts.join(', ')}])`);
    }
  }
  return guardName(guard, where);
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
  if (transition.guard !== undefined) config.guard = guardConfig(transition.guard, where);
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
  const written = codeOf(value);
  if (written !== undefined) return written;
  if (typeof value === 'string') return quote(value);
  if (value === null || typeof value !== 'object') return String(value);
  if (Array.isArray(value)) return `[${value.map(inline).join(', ')}]`;
  const entries = Object.entries(value).map(([key, item]) => `${IDENTIFIER.test(key) ? key : quote(key)}: ${inline(item)}`);
  return entries.length ? `{ ${entries.join(', ')} }` : '{}';
}

/** JavaScript source for a plain value, two-space indented, short parts on one line. */
export function toSource(value: Json, indent = ''): string {
  const flat = inline(value);
  if (flat.length + indent.length <= 100 || value === null || typeof value !== 'object' || codeOf(value) !== undefined) return flat;
  const inner = `${indent}  `;
  if (Array.isArray(value)) return `[\n${value.map((item) => `${inner}${toSource(item, inner)},`).join('\n')}\n${indent}]`;
  const lines = Object.entries(value).map(([key, item]) => `${inner}${IDENTIFIER.test(key) ? key : quote(key)}: ${toSource(item, inner)},`);
  return `{\n${lines.join('\n')}\n${indent}}`;
}

export const SOURCE_BANNER = '// Generated by `npm run machines:export`';

/** The machine's first context, as plain data (a context made from the input: with an empty input). */
export function initialContext(machine: AnyStateMachine): Json | undefined {
  const context = (machine.config as { context?: unknown }).context;
  try {
    const value = typeof context === 'function' ? (context as (args: object) => unknown)({ input: {}, spawn: () => undefined, self: undefined }) : context;
    return value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as Json);
  } catch {
    return undefined;
  }
}

/**
 * The implementations Stately can show without our code: named delays with their milliseconds
 * (one computed from the context is listed in a comment), and named actions that raise an event
 * (what ties the brake finder's regions together), as `raise({ type })`.
 */
function implementationsSource(machine: AnyStateMachine): { source: Json | undefined; computedDelays: string[] } {
  const implementations = implementationsOf(machine);
  const delays: { [key: string]: Json } = {};
  const computedDelays: string[] = [];
  for (const [name, delay] of Object.entries(implementations.delays)) {
    if (typeof delay === 'number') delays[name] = delay;
    else computedDelays.push(name);
  }
  const actions: { [key: string]: Json } = {};
  for (const name of Object.keys(implementations.actions)) {
    const raised = raisedEvent(name, implementations);
    if (raised) actions[name] = code(`raise(${inline({ type: raised })})`);
  }
  const source: { [key: string]: Json } = {};
  if (Object.keys(delays).length) source.delays = delays;
  if (Object.keys(actions).length) source.actions = actions;
  return { source: Object.keys(source).length ? source : undefined, computedDelays };
}

/** The file Stately's "Import from code" takes for one machine. */
export function machineSource(name: string, machine: AnyStateMachine): string {
  const config = machineConfig(machine);
  const context = initialContext(machine);
  const withContext: { [key: string]: Json } = context === undefined ? config : { id: config.id, context, ...config };
  const { source: implementations, computedDelays } = implementationsSource(machine);
  const madeFromInput = typeof (machine.config as { context?: unknown }).context === 'function';
  const body = `createMachine(${toSource(withContext)}${implementations ? `, ${toSource(implementations)}` : ''})`;
  return [
    `${SOURCE_BANNER} from machines/ (registry: machines/index.ts): do not edit.`,
    `// The "${name}" flow's structure for the Stately editor / visualizer: paste it into "Import from code".`,
    '// Guards, actions and actors are named here (their implementations live in machines/); combined guards',
    '// are written with xstate\'s and / or / not / stateIn, delays with their milliseconds, raise actions with their event.',
    ...(madeFromInput ? ['// context: the first context for an empty input (the flow makes it from its input).'] : []),
    ...(computedDelays.length ? [`// Delays computed from the context: ${computedDelays.join(', ')}.`] : []),
    `import { ${['and', 'createMachine', 'not', 'or', 'raise', 'stateIn'].filter((helper) => helper === 'createMachine' || new RegExp(`\\b${helper}\\(`).test(body)).join(', ')} } from 'xstate';`,
    '',
    `export const ${name}Machine = ${body};`,
    '',
  ].join('\n');
}

/** The arguments of `createMachine(...)` in a source file from `machineSource` (for the round-trip test). */
function argumentsFromSource(source: string): [unknown, unknown] {
  const start = source.indexOf('createMachine(');
  const end = source.lastIndexOf(');');
  if (start < 0 || end < start) throw new Error('not a createMachine source');
  const literal = source.slice(start + 'createMachine('.length, end);
  return new Function('and', 'or', 'not', 'stateIn', 'raise', `return [${literal}];`)(and, or, not, stateIn, raise) as [unknown, unknown];
}

/** The config object written in a source file from `machineSource` (for the round-trip test). */
export function configFromSource(source: string): unknown {
  return argumentsFromSource(source)[0];
}

/** The implementations (delays, raise actions) written in a source file from `machineSource`. */
export function implementationsFromSource(source: string): unknown {
  return argumentsFromSource(source)[1];
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

/** The machine's own implementations, to tell what a named delay or action is. */
interface Implementations {
  delays: Record<string, unknown>;
  actions: Record<string, unknown>;
}

function implementationsOf(machine: AnyStateMachine): Implementations {
  const implementations = (machine as unknown as { implementations?: Partial<Implementations> }).implementations ?? {};
  return { delays: implementations.delays ?? {}, actions: implementations.actions ?? {} };
}

/** A delay as drawn: its name and its milliseconds (`after doubleClickGuard (600 ms)`). */
export function delayLabel(delay: string | number | undefined, implementations: Implementations): string {
  if (typeof delay === 'number' || (typeof delay === 'string' && /^\d+$/.test(delay))) return `${delay} ms`;
  const value = delay === undefined ? undefined : implementations.delays[delay];
  if (typeof value === 'number') return `${delay} (${value} ms)`;
  return `${delay} (ms from context)`;
}

/** The event a raise action sends, when it is one (named or inline). */
export function raisedEvent(action: unknown, implementations: Implementations): string | undefined {
  const name = typeof action === 'string' ? action : action && typeof action === 'object' ? (action as { type?: string }).type : undefined;
  const implementation = name ? implementations.actions[name] : action;
  const made = implementation as { type?: string; event?: unknown } | undefined;
  if ((typeof made === 'function' || typeof made === 'object') && made?.type === 'xstate.raise' && made.event && typeof made.event === 'object') {
    return (made.event as { type: string }).type;
  }
  return undefined;
}

/** A transition's label in two parts: its event, and its guard and actions (`[guard]<br>/ actions`). */
function transitionParts(node: Node, transition: Transition, index: number, implementations: Implementations): { event: string; rest: string } {
  const kind = eventKind(node, transition.eventType);
  const invoke = 'invokeId' in kind ? node.invoke.find((candidate) => candidate.id === kind.invokeId) : undefined;
  const event =
    transition.eventType === ''
      ? 'always'
      : kind.kind === 'after'
        ? `after ${delayLabel(transition.delay, implementations)}`
        : kind.kind === 'done'
          ? 'done'
          : invoke
            ? `${kind.kind === 'invokeDone' ? 'done' : 'error'} ${srcName(invoke.src, invoke.id)}`
            : transition.eventType;
  const where = whereOf(node, transition, index);
  const guard = transition.guard === undefined ? '' : ` [${jsonLabel(guardName(transition.guard, where))}]`;
  const actions = transition.actions.map((action, i) => {
    const raised = raisedEvent(action, implementations);
    return raised ? `raise ${raised}` : jsonLabel(actionName(action, `${where}[${i}]`));
  });
  // The actions on a line of their own: narrower labels, which Mermaid places apart.
  return { event: label(event), rest: `${label(guard)}${actions.length ? `<br>/ ${label(actions.join(', '))}` : ''}` };
}

function transitionLabel(node: Node, transition: Transition, index: number, implementations: Implementations): string {
  const { event, rest } = transitionParts(node, transition, index, implementations);
  return rest.startsWith('<br>') || !rest ? `${event}${rest}` : `${event} ${rest}`;
}

function allTransitions(node: Node): Transition[] {
  return [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
}

function commonScope(a: Node, b: Node): Node {
  for (let scope: Node | undefined = a; scope; scope = scope.parent) if (scope === b || isDescendant(b, scope)) return scope;
  return a;
}

function isComposite(node: Node): boolean {
  return childrenOf(node).length > 0;
}

/**
 * One drawn edge: where it is written (the composite holding both ends, `null` for the top),
 * its two ends (Mermaid ids) and its lines (one per transition; the transitions between the same
 * two ends share one edge, so no two labels are drawn on top of each other).
 */
interface Edge {
  holder: Node | null;
  from: string;
  to: string;
  lines: string[];
  /** The node the edge starts in (a parallel state writes each edge in its region). */
  source: Node;
  /** The states it links (to leave it out of a region's diagram that lacks one of them). */
  ends: Node[];
}

/** A helper box drawn beside or inside a composite state (see machineMermaid). */
interface Pseudo {
  id: string;
  text: string;
  /** Written inside this composite (`null`: at the top). */
  holder: Node | null;
  /** The transitions it lists (a "stays in X" box: what happens without leaving X). */
  lines: string[];
  /** A choice (Mermaid's diamond): one event, then one edge per guard. */
  choice?: boolean;
  /** The state whose own transitions it lists ("in X", "stays in X": X). */
  owner?: Node;
}

/**
 * A Mermaid stateDiagram-v2 of the machine: nested and parallel states, every transition.
 * Mermaid (its default layout) draws states outside their parents when an edge crosses the
 * border of a composite state, so every edge here links two states of the same composite:
 * - an edge starts or ends at the outermost state below the two ends' common parent; the label
 *   then names the inner state it starts in (`in settled: ADD / add`) or ends at (`-> settling`,
 *   when that is not where entering leads anyway);
 * - a transition of a composite state X into its own descendant starts at an "in X" box inside X
 *   (beside X when X is parallel);
 * - the transitions that stay in their state (no target) are listed in a "stays in X" box beside
 *   it (a loop's label is drawn over its neighbours');
 * - a transition that re-enters a state the source is in ends at a "re-enter X" box beside X.
 * The transitions between the same two ends share one edge (a line each), and one event that
 * leads from a state to several (by guards) is one edge to a choice, then one edge per guard, so
 * no two labels are drawn on top of each other. Delays show their milliseconds, raise actions the event they raise.
 * With `only`, just that region of a parallel top state (and the top state's own transitions).
 */
export function machineMermaid(machine: AnyStateMachine, only?: Node): string {
  const root = rootOf(machine);
  const implementations = implementationsOf(machine);
  const edges: Edge[] = [];
  const pseudos = new Map<string, Pseudo>();
  const box = (id: string, text: string, holder: Node | null, owner?: Node) => {
    if (!pseudos.has(id)) pseudos.set(id, { id, text, holder, lines: [], ...(owner ? { owner } : {}) });
    return id;
  };
  const add = (holder: Node | null, from: string, to: string, text: string, source: Node, ends: Node[]) => {
    const edge = edges.find((candidate) => candidate.from === from && candidate.to === to);
    if (edge) edge.lines.push(text);
    else edges.push({ holder, from, to, lines: text ? [text] : [], source, ends });
  };
  /** The state below `scope` (a child of it) that holds `node`, or `node` itself. */
  const lift = (node: Node, scope: Node | null): Node => {
    let lifted = node;
    while (lifted.parent && lifted.parent !== scope) lifted = lifted.parent;
    return lifted;
  };
  /** Whether entering `outer` leads to `inner` (its initial states, all the way down). */
  const entersAt = (outer: Node, inner: Node): boolean => {
    let node: Node | undefined = outer;
    while (node && node !== inner) node = node.type === 'compound' ? node.initial?.target[0] : undefined;
    return node === inner;
  };
  const inBox = (node: Node) => box(`${mermaidId(node)}__in`, `in ${node.key}`, node.type === 'parallel' ? (node.parent ?? null) : node, node);

  const pending: Array<{ scope: Node | null; from: string; to: string; event: string; rest: string; source: Node; ends: Node[] }> = [];
  const walk = (node: Node) => {
    const counts = new Map<string, number>();
    for (const transition of allTransitions(node)) {
      const index = counts.get(transition.eventType) ?? 0;
      counts.set(transition.eventType, index + 1);
      const text = transitionLabel(node, transition, index, implementations);
      const parts = transitionParts(node, transition, index, implementations);
      const targets = transition.target?.length ? transition.target : [];
      if (!targets.length || (targets.length === 1 && targets[0] === node && !isComposite(node))) {
        // Staying where it is: an edge to a "stays in X" box (Mermaid places a loop's label without
        // making room for it, over its neighbours' labels).
        const from = isComposite(node) ? inBox(node) : mermaidId(node);
        const holder = isComposite(node) ? pseudos.get(from)!.holder : (node.parent ?? null);
        const id = box(`${mermaidId(node)}__stays`, `stays in ${node.key}`, holder, node);
        pseudos.get(id)!.lines.push(text);
        add(holder, from, id, '', node, [node]);
        continue;
      }
      for (const target of targets) {
        if (target === node ? isComposite(node) : isDescendant(node, target)) {
          // Re-entering a state the source is in: from that state (named inside) to its box.
          const scope = target.parent ?? null;
          const to = box(`${mermaidId(target)}__reenter`, `re-enter ${target.key}`, scope);
          add(scope, mermaidId(target), to, node === target ? text : `in ${relativePath(node, target)}: ${text}`, node, [node, target]);
        } else if (isDescendant(target, node)) {
          // Into its own descendant: from the "in X" box, to the state below X (or below X's parent, for a parallel X).
          const scope = node.type === 'parallel' ? (node.parent ?? null) : node;
          const lifted = lift(target, scope);
          const rest = entersAt(lifted, target) ? parts.rest : `${parts.rest}${parts.rest ? ' ' : ''}-> ${relativePath(target, lifted)}`;
          pending.push({ scope, from: inBox(node), to: mermaidId(lifted), event: parts.event, rest, source: node, ends: [node, target] });
        } else {
          const scope = target === node ? (node.parent ?? null) : commonScope(node, target);
          const from = lift(node, scope);
          const to = lift(target, scope);
          const event = from === node ? parts.event : `in ${relativePath(node, from)}: ${parts.event}`;
          const rest = entersAt(to, target) ? parts.rest : `${parts.rest}${parts.rest ? ' ' : ''}-> ${relativePath(target, to)}`;
          pending.push({ scope, from: mermaidId(from), to: mermaidId(to), event, rest, source: node, ends: [node, target] });
        }
      }
    }
    childrenOf(node).forEach(walk);
  };
  walk(root);
  // One event from one state to several states (by guards): one edge to a choice, then one per guard.
  const joined = (event: string, rest: string) => (rest.startsWith('<br>') || !rest ? `${event}${rest}` : `${event} ${rest}`);
  const groups = new Map<string, typeof pending>();
  for (const item of pending) {
    const key = `${item.from} ${item.event}`;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  for (const group of groups.values()) {
    const first = group[0];
    if (new Set(group.map((item) => item.to)).size < 2 || group.some((item) => item.scope !== first.scope)) {
      for (const item of group) add(item.scope, item.from, item.to, joined(item.event, item.rest), item.source, item.ends);
      continue;
    }
    const choice = box(`${first.from}__${first.event.replace(/[^A-Za-z0-9]+/g, '_')}`, '', first.scope);
    pseudos.get(choice)!.choice = true;
    add(first.scope, first.from, choice, first.event, first.source, [first.source]);
    for (const item of group) add(item.scope, choice, item.to, item.rest.replace(/^<br>/, '') || 'else', item.source, item.ends);
  }

  // A parallel state's own boxes ("in X", "stays in X") that link only to each other are drawn
  // inside X, as a region of their own (beside X, Mermaid drew them outside the state they belong to).
  for (const node of [...new Set([...pseudos.values()].map((candidate) => candidate.owner))]) {
    if (!node || node.type !== 'parallel') continue;
    const own = [...pseudos.values()].filter((candidate) => candidate.owner === node && candidate.holder !== node);
    const ids = new Set(own.map((candidate) => candidate.id));
    const touching = edges.filter((edge) => ids.has(edge.from) || ids.has(edge.to));
    if (!own.length || !touching.every((edge) => ids.has(edge.from) && ids.has(edge.to))) continue;
    for (const candidate of own) candidate.holder = node;
    for (const edge of touching) edge.holder = node;
  }
  const inDiagram = (node: Node) => !only || node === only || isDescendant(node, only) || isDescendant(only, node);
  const regionOf = (parallel: Node, edge: Edge) => childrenOf(parallel).find((child) => edge.ends.every((end) => end === child || isDescendant(end, child)));
  const lines = ['stateDiagram-v2'];
  const edgeLine = (edge: Edge) => `${edge.from} --> ${edge.to}${edge.lines.length ? ` : ${edge.lines.join('<br>')}` : ''}`;
  const boxLine = (candidate: Pseudo) => (candidate.choice ? `state ${candidate.id} <<choice>>` : `state "${[candidate.text, ...candidate.lines].join('<br>')}" as ${candidate.id}`);
  const write = (node: Node, indent: string) => {
    const children = childrenOf(node).filter(inDiagram);
    const id = mermaidId(node);
    lines.push(`${indent}state "${node.key}" as ${id}`);
    if (!children.length) return;
    lines.push(`${indent}state ${id} {`);
    const inner = `${indent}  `;
    const held = edges.filter((edge) => edge.holder === node && edge.ends.every(inDiagram));
    const boxes = [...pseudos.values()].filter((candidate) => candidate.holder === node);
    if (node.type === 'parallel') {
      children.forEach((child, index) => {
        if (index) lines.push(`${inner}--`);
        write(child, inner);
        for (const edge of held) if (regionOf(node, edge) === child) lines.push(`${inner}${edgeLine(edge)}`);
      });
      // Its own boxes, a region of their own (after the last `--`, so no child region holds them);
      // beside the one region a region's diagram draws (Mermaid cannot lay out that one and an extra).
      if (boxes.length && children.length > 1) lines.push(`${inner}--`);
      for (const candidate of boxes) lines.push(`${inner}${boxLine(candidate)}`);
      for (const edge of held) if (!regionOf(node, edge)) lines.push(`${inner}${edgeLine(edge)}`);
    } else {
      if (node.initial?.target.length) lines.push(`${inner}[*] --> ${mermaidId(node.initial.target[0])}`);
      for (const child of children) write(child, inner);
      for (const candidate of boxes) lines.push(`${inner}${boxLine(candidate)}`);
      for (const child of children) if (child.type === 'final') lines.push(`${inner}${mermaidId(child)} --> [*]`);
      for (const edge of held) lines.push(`${inner}${edgeLine(edge)}`);
    }
    lines.push(`${indent}}`);
  };
  write(root, '  ');
  lines.push(`  [*] --> ${mermaidId(root)}`);
  for (const candidate of pseudos.values()) if (candidate.holder === null) lines.push(`  ${boxLine(candidate)}`);
  for (const edge of edges) if (edge.holder === null && edge.ends.every(inDiagram)) lines.push(`  ${edgeLine(edge)}`);
  return `${MERMAID_CONFIG}${lines.join('\n')}\n`;
}

/**
 * Room between states, so that labels do not run into each other, and curves that pass through
 * their label's place (Mermaid's default B-spline bends away from it, leaving a label by another
 * curve): Mermaid reads both from the diagram, wherever it is drawn.
 */
const MERMAID_CONFIG = ['---', 'config:', '  flowchart:', '    curve: catmullRom', '  state:', '    nodeSpacing: 140', '    rankSpacing: 160', '---', ''].join('\n');

/** Machines drawn region by region (one diagram is too large to read): more transitions than this, in parallel regions. */
const SPLIT_ABOVE = 50;

/**
 * The diagrams of one machine: `<id>.mmd`, and for a large machine whose top state is parallel,
 * `<id>.mmd` is an overview (each region as one state, with the events one region raises for
 * another) and `<id>.<region>.mmd` draws each region with the transitions of the top state.
 */
export function machineDiagrams(id: string, machine: AnyStateMachine): Record<string, string> {
  const root = rootOf(machine);
  const count = (node: Node): number => allTransitions(node).length + childrenOf(node).reduce((sum, child) => sum + count(child), 0);
  if (root.type !== 'parallel' || count(root) <= SPLIT_ABOVE) return { [`${id}.mmd`]: machineMermaid(machine) };
  const implementations = implementationsOf(machine);
  const regions = childrenOf(root);
  const files: Record<string, string> = {};
  for (const region of regions) files[`${id}.${region.key}.mmd`] = machineMermaid(machine, region);
  // The overview: which region raises an event that another (or the top state) takes.
  const handledBy = (eventType: string) =>
    regions.filter((region) => {
      const walk = (node: Node): boolean => node.transitions.has(eventType) || childrenOf(node).some(walk);
      return walk(region);
    });
  const links = new Map<string, Set<string>>();
  const raisedIn = (node: Node, region: Node) => {
    for (const transition of allTransitions(node)) {
      for (const action of [...transition.actions]) {
        const raised = raisedEvent(action, implementations);
        if (!raised) continue;
        for (const target of handledBy(raised)) {
          const key = `${mermaidId(region)} --> ${mermaidId(target)}`;
          links.set(key, new Set([...(links.get(key) ?? []), `raise ${raised}`]));
        }
      }
    }
    childrenOf(node).forEach((child) => raisedIn(child, region));
  };
  regions.forEach((region) => raisedIn(region, region));
  const lines = [`${MERMAID_CONFIG}stateDiagram-v2`, `  state "${root.key}" as ${mermaidId(root)}`, `  state ${mermaidId(root)} {`];
  regions.forEach((region, index) => {
    if (index) lines.push('    --');
    lines.push(`    state "${region.key} (${id}.${region.key}.mmd)" as ${mermaidId(region)}`);
  });
  lines.push('  }', `  [*] --> ${mermaidId(root)}`);
  for (const [key, events] of links) lines.push(`  ${key} : ${[...events].join('<br>')}`);
  files[`${id}.mmd`] = lines.join('\n') + '\n';
  return files;
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
    'without a target is drawn as a loop on its state (several between the same two states share one',
    'edge, a line each); a delay shows its milliseconds, a raise action the event it raises. Mermaid',
    'draws a state outside its parent when a transition links a composite state with its own',
    'descendant, so such transitions go through small boxes: "in X" (from anywhere in X) and',
    '"re-enter X". A large machine with parallel regions is drawn as an overview (the events one',
    'region raises for another) and one diagram per region. Every diagram is rendered to SVG in',
    '`docs/diagrams/`. The same structures, as `createMachine` source',
    'for the Stately editor ("Import from code"), are in `machines/export/<id>.js`.',
    '',
    ...names.map((name) => `- [${name}](#${name.toLowerCase()})`),
    '',
  ];
  for (const name of names) {
    const diagrams = Object.entries(machineDiagrams(name, machines[name]));
    parts.push(`## ${name}`, '', `\`machines/export/${name}.js\`; drawn: ${diagrams.map(([file]) => `[${file}](diagrams/${file.replace(/\.mmd$/, '.svg')})`).join(', ')}`, '');
    for (const [file, diagram] of diagrams) {
      if (diagrams.length > 1) parts.push(`### ${file}`, '');
      parts.push('```mermaid', diagram.trimEnd(), '```', '');
    }
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
