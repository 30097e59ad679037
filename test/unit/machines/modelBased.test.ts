import { createActor, type AnyStateMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { GRAPH_LIMIT, pathName } from './graphLimits';
import { everyMachine } from '../../../machines/admin';
import { bannersMachine, type BannersEmitted, type BannersEvent } from '../../../machines/banners';
import { tooltipMachine, type TooltipEvent } from '../../../machines/tooltip';
import { layoutModeMachine, type LayoutModeEmitted, type LayoutModeEvent, type LayoutModeNumber } from '../../../machines/layoutMode';
import { stickyHeaderMachine, type StickyHeaderEvent } from '../../../machines/stickyHeader';
import { miniBasketMachine, type MiniBasketContext, type MiniBasketEmitted, type MiniBasketEvent } from '../../../machines/miniBasket';
import { formMachine, type FormContext, type FormEmitted, type FormEvent } from '../../../machines/form';
import { garageMachine, type GarageEmitted, type GarageEvent } from '../../../machines/garage';
import { checkoutMachine, type CheckoutContext, type CheckoutEmitted, type CheckoutEvent } from '../../../machines/checkout';
import { decideOrderStatusChange, orderStatusMachine, type OrderPayment, type OrderStatus, type OrderStatusEvent } from '../../../machines/orderStatus';
import { BANNER_COOKIE_DAYS } from '../../../src/domain/banners';
import { miniBasketView } from '../../../src/domain/miniBasket';
import { CONTACT_FIELDS } from '../../../src/domain/contactForm';
import { firstErrorField, serverChecks, validateForm, type FormFieldValue } from '../../../src/domain/formRules';

/**
 * Model-based tests: for every machine without timers or invoked actors (xstate/graph's
 * createTestModel takes only those), paths from the machine's own graph drive a live actor,
 * and after every step what the flow shows must hold. The vehicle configurator's are in its
 * own file; the timed machines are tested on a SimulatedClock in theirs.
 */

/* ------------------------------------------------------------------ which machines */

interface NodeLike {
  after: unknown[];
  invoke: unknown[];
  entry: unknown[];
  exit: unknown[];
  states: Record<string, NodeLike>;
  transitions: Map<string, Array<{ actions: unknown[] }>>;
  always?: Array<{ actions: unknown[] }>;
}

/** A machine with `after`, a delayed action or an invoked actor (createTestModel refuses it). */
function hasTimersOrActors(machine: AnyStateMachine): boolean {
  const delayed = (actions: unknown[]) => actions.some((action) => typeof action === 'function' && (action as { delay?: unknown }).delay !== undefined);
  const visit = (node: NodeLike): boolean =>
    node.after.length > 0 ||
    node.invoke.length > 0 ||
    delayed(node.entry) ||
    delayed(node.exit) ||
    [...node.transitions.values(), node.always ?? []].some((transitions) => transitions.some((transition) => delayed(transition.actions))) ||
    Object.values(node.states).some(visit);
  return visit(machine.root as unknown as NodeLike);
}

const MODEL_TESTED = ['banners', 'checkout', 'form', 'garage', 'layoutMode', 'miniBasket', 'orderStatus', 'ownerSignIn', 'stickyHeader', 'tooltip', 'vehicleConfigurator'];

describe('model-based tests cover every timer-free machine', () => {
  it('the timer-free machines of the registries are the ones model-tested here (and in vehicleConfigurator.test.ts, ownerSignIn.test.ts)', async () => {
    const machines = await everyMachine();
    const timerFree = Object.entries(machines)
      .filter(([, machine]) => !hasTimersOrActors(machine))
      .map(([id]) => id)
      .sort();
    expect(timerFree).toEqual(MODEL_TESTED);
    // The others have timers: a model of them is refused, as the library says.
    expect(() => createTestModel(machines.alert)).toThrow();
  });
});

const serialize = (snapshot: { value: unknown; context: unknown }) => JSON.stringify({ value: snapshot.value, context: snapshot.context });

/** Drives each path's events through a fresh actor, checking after every step. */
function walk<TEvent extends { type: string }, TEmitted>(
  machine: AnyStateMachine,
  paths: Array<{ description: string; steps: Array<{ event: TEvent }>; state: { value: unknown; context: unknown } }>,
  check: (step: { snapshot: { value: unknown; context: unknown }; before: { value: unknown; context: unknown }; event: TEvent | null; emitted: TEmitted[] }) => void,
  input?: unknown,
  /** How the model told states apart (the end state is checked by it). */
  key: (snapshot: { value: unknown; context: never }) => string = serialize,
) {
  expect(paths.length).toBeGreaterThan(1);
  for (const [index, path] of paths.entries()) {
    try {
      walkPath(path);
    } catch (error) {
      throw new Error(`${pathName(path, index)}:\n${(error as Error).message}`);
    }
  }
  function walkPath(path: (typeof paths)[number]) {
    const actor = createActor(machine, { input } as never);
    let emitted: TEmitted[] = [];
    actor.on('*', (event) => emitted.push(event as TEmitted));
    actor.start();
    const initial = actor.getSnapshot();
    check({ snapshot: initial, before: initial, event: null, emitted });
    for (const { event } of path.steps.slice(1)) {
      const before = actor.getSnapshot();
      emitted = [];
      actor.send(event);
      check({ snapshot: actor.getSnapshot(), before, event, emitted });
    }
    // The path ends in the state the model says it does.
    expect(key(actor.getSnapshot() as never)).toBe(key(path.state as never));
    actor.stop();
  }
}

/* ------------------------------------------------------------------ banners */

describe('banners machine: model-based paths', () => {
  const events: BannersEvent[] = [
    { type: 'READ', dismissed: [] },
    { type: 'READ', dismissed: ['free_shipping'] },
    { type: 'DISMISS', id: 'discount_code' },
    { type: 'DISMISS', id: 'free_shipping' },
  ];
  const paths = createTestModel(bannersMachine, { events, serializeState: serialize, limit: GRAPH_LIMIT }).getShortestPaths({ allowDuplicatePaths: true });

  it('reaches the banners shown, with none, one or both closed', () => {
    const ends = paths.map((path) => path.state.context.dismissed.length);
    expect(new Set(ends)).toEqual(new Set([0, 1, 2]));
  });

  it('every path: nothing shown or remembered before the cookies are read; each close remembered for its days', () => {
    walk<BannersEvent, BannersEmitted>(bannersMachine, paths, ({ snapshot, before, event, emitted }) => {
      const { dismissed } = snapshot.context as { dismissed: string[] };
      expect(new Set(dismissed).size).toBe(dismissed.length);
      if (snapshot.value === 'reading') expect(dismissed).toEqual([]);
      if (event?.type === 'DISMISS') {
        if (before.value === 'reading') expect(emitted).toEqual([]);
        else {
          expect(dismissed).toContain(event.id);
          expect(emitted).toEqual([{ type: 'remember', id: event.id, days: BANNER_COOKIE_DAYS }]);
        }
      }
    });
  });
});

/* ------------------------------------------------------------------ tooltip */

describe('tooltip machine: model-based paths', () => {
  const events: TooltipEvent[] = [{ type: 'POINTER_ENTER' }, { type: 'POINTER_LEAVE' }, { type: 'FOCUS' }, { type: 'BLUR' }, { type: 'ESCAPE' }];
  const paths = createTestModel(tooltipMachine, { events, serializeState: serialize, limit: GRAPH_LIMIT }).getShortestPaths({ allowDuplicatePaths: true });

  it('reaches the tip shown by hover, by focus and by both, and hidden by Escape while hovered and focused', () => {
    const ends = new Set(paths.map((path) => `${String(path.state.value)}:${path.state.context.hovered}:${path.state.context.focused}`));
    for (const end of ['shown:true:false', 'shown:false:true', 'shown:true:true', 'hidden:true:true', 'hidden:false:false']) expect(ends).toContain(end);
  });

  it('every path: shown only while hovered or focused; a new hover or focus shows it; Escape hides it', () => {
    walk<TooltipEvent, never>(tooltipMachine, paths, ({ snapshot, event }) => {
      const { hovered, focused } = snapshot.context as { hovered: boolean; focused: boolean };
      if (snapshot.value === 'shown') expect(hovered || focused).toBe(true);
      if (!hovered && !focused) expect(snapshot.value).toBe('hidden');
      if (event?.type === 'POINTER_ENTER' || event?.type === 'FOCUS') expect(snapshot.value).toBe('shown');
      if (event?.type === 'ESCAPE') expect(snapshot.value).toBe('hidden');
    });
  });
});

/* ------------------------------------------------------------------ layout mode */

describe('layout mode machine: model-based paths', () => {
  const modes: LayoutModeNumber[] = [1, 2, 3, 4];
  const events: LayoutModeEvent[] = modes.map((mode) => ({ type: 'VIEW_MEASURED', mode }));
  const paths = createTestModel(layoutModeMachine, { events, serializeState: serialize, limit: GRAPH_LIMIT }).getShortestPaths({ allowDuplicatePaths: true });
  const layoutOf = { 1: 'mobile', 2: 'tablet', 3: 'desktop', 4: 'desktop' } as const;

  it('reaches every view type', () => {
    expect(new Set(paths.map((path) => path.state.context.mode))).toEqual(new Set([null, 1, 2, 3, 4]));
  });

  it("every path: the layout is the view type's, and a mode's handlers re-run only when the mode changes", () => {
    walk<LayoutModeEvent, LayoutModeEmitted>(layoutModeMachine, paths, ({ snapshot, before, event, emitted }) => {
      const { mode } = snapshot.context as { mode: LayoutModeNumber | null };
      expect(snapshot.value).toBe(mode === null ? 'unmeasured' : layoutOf[mode]);
      if (event) {
        const changed = (before.context as { mode: LayoutModeNumber | null }).mode !== event.mode;
        expect(emitted).toEqual(changed ? [{ type: 'modeEntered', mode: event.mode }] : []);
      }
    });
  });
});

/* ------------------------------------------------------------------ sticky header */

describe('sticky header machine: model-based paths', () => {
  const events: StickyHeaderEvent[] = [
    { type: 'SCROLLED', fixed: true, height: 120 },
    { type: 'SCROLLED', fixed: true, height: 130 },
    { type: 'SCROLLED', fixed: false, height: 120 },
  ];
  const paths = createTestModel(stickyHeaderMachine, { events, serializeState: serialize, limit: GRAPH_LIMIT }).getSimplePaths({ allowDuplicatePaths: true });

  it('reaches the header fixed and static again', () => {
    expect(new Set(paths.map((path) => path.state.value))).toEqual(new Set(['static', 'fixed']));
  });

  it('every path: space is kept only while the header is fixed, and it is the height it had when it was fixed', () => {
    walk<StickyHeaderEvent, never>(stickyHeaderMachine, paths, ({ snapshot, before, event }) => {
      const { height } = snapshot.context as { height: number };
      expect(snapshot.value === 'fixed').toBe(height > 0);
      if (event && before.value === 'fixed' && snapshot.value === 'fixed') expect(height).toBe((before.context as { height: number }).height);
      if (event && before.value === 'static' && snapshot.value === 'fixed') expect(height).toBe(event.height);
    });
  });
});

/* ------------------------------------------------------------------ mini basket */

describe('mini basket machine: model-based paths', () => {
  const keys = ['11-uniw', '15-m'];
  const eventsFor = (snapshot: { context: MiniBasketContext }): MiniBasketEvent[] => [
    { type: 'OPEN' },
    { type: 'FORCE_OPEN' },
    { type: 'CLOSE' },
    ...[0, 2].map((count) => ({ type: 'BASKET_CHANGED' as const, count })),
    ...keys.map((key) => ({ type: 'REMOVE' as const, key })),
    ...snapshot.context.removing.flatMap((key) => [
      { type: 'REMOVED' as const, key },
      { type: 'REMOVE_FAILED' as const, key },
    ]),
  ];
  const paths = createTestModel(miniBasketMachine, { events: eventsFor, serializeState: serialize, limit: GRAPH_LIMIT }).getShortestPaths({ allowDuplicatePaths: true });

  it('reaches the panel open with rows being removed, and closed by the last row going', () => {
    expect(paths.some((path) => path.state.value === 'open' && path.state.context.removing.length === 2)).toBe(true);
    expect(paths.some((path) => path.state.value === 'closed' && path.state.context.count === 0 && path.steps.some((step) => step.state.value === 'open'))).toBe(true);
  });

  it('every path: never open on an empty basket; each row removed once at a time; a failure is reported', () => {
    walk<MiniBasketEvent, MiniBasketEmitted>(
      miniBasketMachine,
      paths,
      ({ snapshot, before, event, emitted }) => {
        const context = snapshot.context as MiniBasketContext;
        const previous = before.context as MiniBasketContext;
        if (snapshot.value === 'open') expect(miniBasketView(context.count)).not.toBe('empty');
        expect(new Set(context.removing).size).toBe(context.removing.length);
        if (!event) return;
        if (event.type === 'REMOVE') {
          const asked = before.value === 'open' && !previous.removing.includes(event.key);
          expect(emitted).toEqual(asked ? [{ type: 'remove', key: event.key }] : []);
          expect(context.removing.includes(event.key)).toBe(asked || previous.removing.includes(event.key));
        } else if (event.type === 'REMOVE_FAILED') {
          expect(emitted).toEqual([{ type: 'removeFailed', key: event.key }]);
          expect(context.removing).not.toContain(event.key);
        } else expect(emitted).toEqual([]);
        if (event.type === 'OPEN' || event.type === 'FORCE_OPEN') expect(snapshot.value).toBe(miniBasketView(previous.count) === 'empty' ? before.value : 'open');
      },
      // As the model: no input (the basket's count is not known until it changes).
      undefined,
    );
  });
});

/* ------------------------------------------------------------------ form */

describe('form machine: model-based paths', () => {
  const good: Record<string, string> = { name: 'Mario Rossi', contact: 'mario@example.it', subject: 'product', iban: '', message: 'Pastiglie per Panda 1.2', terms: '1' };
  const fields = (values: Record<string, string>): FormFieldValue[] => {
    const all = { ...good, ...values };
    return CONTACT_FIELDS.map((spec) => ({ ...spec, value: all[spec.name] ?? '', checked: all[spec.name] === '1' }));
  };
  const forms = {
    /** A required field left empty, the terms not accepted. */
    invalid: fields({ name: '', terms: '' }),
    /** Valid, with a bank account for the server to check. */
    withServerCheck: fields({ iban: 'IT60X0542811101000000123456' }),
    /** Valid, nothing for the server to check first. */
    plain: fields({ contact: '+39 333 1234567' }),
  };
  const eventsFor = (): FormEvent[] => [
    ...Object.values(forms).map((form) => ({ type: 'SUBMIT' as const, fields: form })),
    { type: 'CHANGE', field: 'name' },
    { type: 'CHECKED', errors: {} },
    { type: 'CHECKED', errors: { iban: { key: 'form.bankAccount' } } },
    { type: 'CHECK_FAILED' },
    { type: 'SUBMITTED' },
    { type: 'SUBMIT_FAILED', errors: { contact: { key: 'form.email' } } },
    { type: 'SUBMIT_FAILED', failure: 'forms.submitFailed' },
    { type: 'RESET' },
  ];
  // `sent` only counts: states that differ by it alone are the same state of the flow.
  const key = (snapshot: { value: unknown; context: FormContext }) => JSON.stringify({ value: snapshot.value, context: { ...snapshot.context, sent: Math.min(snapshot.context.sent, 1) } });
  const model = createTestModel(formMachine, { input: { action: '/contact.php' }, events: eventsFor, serializeState: key, limit: GRAPH_LIMIT });
  const paths = model.getShortestPaths({ allowDuplicatePaths: true });

  it('the test forms are what their names say', () => {
    expect(Object.keys(validateForm(forms.invalid))).toEqual(expect.arrayContaining(['name', 'terms']));
    for (const form of [forms.withServerCheck, forms.plain]) expect(validateForm(form)).toEqual({});
    expect(serverChecks(forms.withServerCheck, {}).map((check) => check.name)).toContain('iban');
    expect(serverChecks(forms.plain, {})).toEqual([]);
  });

  it('reaches every state of the form', () => {
    expect(new Set(paths.map((path) => path.state.value))).toEqual(new Set(['editing', 'validating', 'submitting', 'submitted', 'failed']));
  });

  it('every path: checked before sent, sent once per submit, errors focused, nothing sent while busy', () => {
    walk<FormEvent, FormEmitted>(
      formMachine,
      paths as never,
      ({ snapshot, before, event, emitted }) => {
        const context = snapshot.context as FormContext;
        const previous = before.context as FormContext;
        // Values wait for the server only while it checks or the form is being sent.
        expect(context.pending !== null).toBe(snapshot.value === 'validating' || snapshot.value === 'submitting');
        if (snapshot.value === 'submitted') expect(context).toMatchObject({ errors: {}, failure: null });
        if (snapshot.value === 'failed') expect(context.failure).not.toBeNull();
        if (!event) return;
        const sends = emitted.filter((e) => e.type === 'send');
        const checks = emitted.filter((e) => e.type === 'check');
        // A send is asked exactly when the form starts submitting, with the values kept.
        expect(sends.length).toBe(snapshot.value === 'submitting' && before.value !== 'submitting' ? 1 : 0);
        if (sends.length) expect(sends[0]).toEqual({ type: 'send', action: '/contact.php', values: context.pending });
        expect(checks.length).toBe(snapshot.value === 'validating' && before.value !== 'validating' ? 1 : 0);
        if (event.type === 'SUBMIT' && checks.length) expect(checks[0]).toEqual({ type: 'check', checks: serverChecks(event.fields, {}) });
        // A submit while the server checks or the form is sent changes nothing.
        if (event.type === 'SUBMIT' && (before.value === 'validating' || before.value === 'submitting')) {
          expect(snapshot.value).toBe(before.value);
          expect(emitted).toEqual([]);
        }
        // Errors found send the shopper back to editing with the first one focused.
        const focus = emitted.filter((e) => e.type === 'focusError');
        if (focus.length) {
          expect(snapshot.value).toBe('editing');
          expect(focus).toEqual([{ type: 'focusError', field: firstErrorField(context.order, context.errors) }]);
        }
        if (event.type === 'CHANGE') expect(context.errors).not.toHaveProperty('name');
        expect(context.sent).toBe(previous.sent + (event.type === 'SUBMITTED' && before.value === 'submitting' ? 1 : 0) + (event.type === 'SUBMIT_FAILED' && before.value === 'submitting' ? 1 : 0));
      },
      { action: '/contact.php' },
      key as never,
    );
  });
});

/* ------------------------------------------------------------------ garage */

describe('garage machine: model-based paths', () => {
  const events: GarageEvent[] = [
    { type: 'OPEN' },
    { type: 'CLOSE' },
    { type: 'SWITCH', key: 'a' },
    { type: 'REMOVE', key: 'a' },
    { type: 'MAKE_DEFAULT', key: 'b' },
    { type: 'RENAME', key: 'b', name: 'Auto di casa' },
  ];
  const paths = createTestModel(garageMachine, { events, serializeState: serialize, limit: GRAPH_LIMIT }).getSimplePaths({ allowDuplicatePaths: true });

  it('every path: only an open panel asks for anything; switching closes it, the others keep it open', () => {
    walk<GarageEvent, GarageEmitted>(garageMachine, paths, ({ snapshot, before, event, emitted }) => {
      if (before.value === 'closed' || event === null) expect(emitted).toEqual([]);
      if (before.value !== 'open' || event === null) return;
      if (event.type === 'SWITCH') expect([snapshot.value, emitted]).toEqual(['closed', [{ type: 'switch', key: 'a' }]]);
      if (event.type === 'CLOSE') expect([snapshot.value, emitted]).toEqual(['closed', []]);
      if (event.type === 'REMOVE') expect([snapshot.value, emitted]).toEqual(['open', [{ type: 'remove', key: 'a' }]]);
      if (event.type === 'MAKE_DEFAULT') expect([snapshot.value, emitted]).toEqual(['open', [{ type: 'makeDefault', key: 'b' }]]);
      if (event.type === 'RENAME') expect([snapshot.value, emitted]).toEqual(['open', [{ type: 'rename', key: 'b', name: 'Auto di casa' }]]);
    });
    expect(new Set(paths.map((path) => path.state.value))).toEqual(new Set(['closed', 'open']));
  });
});

/* ------------------------------------------------------------------ order status (issue 36) */

describe('order status machine: model-based paths', () => {
  const events: OrderStatusEvent[] = [
    { type: 'MARK_PAID' },
    { type: 'PACK' },
    { type: 'SHIP', tracking: '' },
    { type: 'SHIP', tracking: 'BRT123456' },
    { type: 'DELIVER' },
    { type: 'CANCEL' },
    { type: 'REFUND' },
  ];
  it.each<OrderPayment>(['transfer', 'cod', 'instalments'])('every path (%s): what the server decides is what the machine does; nothing ships without tracking, nothing refunded unpaid, stock back at most once', (payment) => {
    const paths = createTestModel(orderStatusMachine, { events, serializeState: serialize, limit: GRAPH_LIMIT, input: { payment } } as never).getSimplePaths({ allowDuplicatePaths: true });
    let returned = 0;
    let paid = false;
    walk<OrderStatusEvent, never>(
      orderStatusMachine,
      paths,
      ({ snapshot, before, event }) => {
        if (event === null) {
          returned = 0;
          paid = false;
          expect(snapshot.value).toBe(payment === 'cod' ? 'new' : 'awaiting_payment');
          return;
        }
        const decision = decideOrderStatusChange(before.value as OrderStatus, payment, event);
        expect(snapshot.value).toBe(decision.ok ? decision.to : before.value);
        if (decision.ok && decision.returnsStock) returned++;
        if (snapshot.value === 'paid' || (payment === 'cod' && snapshot.value === 'delivered')) paid = true;
        if (snapshot.value === 'shipped' && before.value !== 'shipped') expect(event).toEqual({ type: 'SHIP', tracking: 'BRT123456' });
        if (snapshot.value === 'refunded') expect(paid).toBe(true);
        if (snapshot.value === 'cancelled') expect(paid).toBe(false);
        expect(returned).toBeLessThanOrEqual(1);
      },
      { payment },
    );
    expect(new Set(paths.map((path) => path.state.value))).toEqual(new Set(payment === 'cod' ? ['new', 'packed', 'shipped', 'delivered', 'cancelled', 'refunded'] : ['awaiting_payment', 'paid', 'packed', 'shipped', 'delivered', 'cancelled', 'refunded']));
  });
});

/* ------------------------------------------------------------------ bounded searches */

describe('graph searches are bounded', () => {
  it('a search that visits more states than its limit fails at once instead of running on', () => {
    const events: BannersEvent[] = [{ type: 'READ', dismissed: [] }, { type: 'DISMISS', id: 'free_shipping' }];
    expect(() => createTestModel(bannersMachine, { events, serializeState: serialize, limit: 2 }).getShortestPaths()).toThrow('Traversal limit exceeded');
    // The same search under the suite's limit completes.
    expect(createTestModel(bannersMachine, { events, serializeState: serialize, limit: GRAPH_LIMIT }).getShortestPaths()).toHaveLength(1);
  });

  it('paths are named by their events, briefly', () => {
    const events: BannersEvent[] = [{ type: 'READ', dismissed: [] }, { type: 'DISMISS', id: 'free_shipping' }];
    const paths = createTestModel(bannersMachine, { events, serializeState: serialize, limit: GRAPH_LIMIT }).getShortestPaths();
    const names = paths.map(pathName);
    expect(names).toEqual(['path 1: READ → DISMISS']);
    const long = { steps: [{ event: { type: 'xstate.init' } }, ...Array.from({ length: 40 }, () => ({ event: { type: 'DISMISS' } }))] };
    expect(pathName(long, 6)).toMatch(/^path 7: DISMISS → DISMISS .*\.\.\.$/);
    expect(pathName(long, 6)).toHaveLength(120);
  });
});

describe('checkout machine: model-based paths', () => {
  const events: CheckoutEvent[] = [
    { type: 'COURIERS_LOADED', chosen: false },
    { type: 'COURIERS_LOADED', chosen: true },
    { type: 'COURIER_CHOSEN' },
    { type: 'PAYMENT_CHOSEN' },
    { type: 'REVIEW' },
    { type: 'REVIEWED' },
    { type: 'INVALID', field: 'email', step: 'details' },
    { type: 'INVALID', field: 'courier', step: 'delivery' },
    { type: 'INVALID', field: 'terms', step: 'payment' },
    { type: 'PLACE' },
    { type: 'PLACED', link: '/order/x' },
    { type: 'CHANGED' },
    { type: 'REFUSED' },
    { type: 'EDIT' },
  ];
  const model = createTestModel(checkoutMachine, { events, limit: GRAPH_LIMIT });
  const paths = model.getShortestPaths({ allowDuplicatePaths: true });

  it('reaches every state of the checkout', () => {
    expect(new Set(paths.map((path) => path.state.value))).toEqual(new Set(['details', 'delivery', 'payment', 'reviewing', 'review', 'placing', 'placed', 'failed', 'changed']));
  });

  it('every path: one review asked per submit, one order per place, nothing asked while submitting, errors focused, the order shown once placed', () => {
    walk<CheckoutEvent, CheckoutEmitted>(checkoutMachine, paths as never, ({ snapshot, before, event, emitted }) => {
      if (!event) return;
      const context = snapshot.context as CheckoutContext;
      const reviews = emitted.filter((e) => e.type === 'review');
      const places = emitted.filter((e) => e.type === 'place');
      // Asked exactly when the flow starts submitting; a submit while it submits is ignored.
      expect(reviews.length).toBe(snapshot.value === 'reviewing' && before.value !== 'reviewing' ? 1 : 0);
      expect(places.length).toBe(snapshot.value === 'placing' && before.value !== 'placing' ? 1 : 0);
      if (before.value === 'reviewing' || before.value === 'placing') {
        if (event.type === 'REVIEW' || event.type === 'PLACE') expect(snapshot.value).toBe(before.value);
      }
      // An order is placed only from the review, after a change or a failure: never from the details.
      if (places.length) expect(['review', 'changed', 'failed']).toContain(before.value);
      // Errors send the shopper to the step of the first error, which is focused.
      if (event.type === 'INVALID' && (before.value === 'reviewing' || before.value === 'placing')) {
        expect(snapshot.value).toBe(event.step);
        expect(emitted).toContainEqual({ type: 'focusError', field: event.field });
        expect(context.errorField).toBe(event.field);
      }
      if (snapshot.value === 'placed' && before.value !== 'placed') expect(emitted).toEqual([{ type: 'showOrder', link: '/order/x' }]);
      // Placed is final: nothing moves it.
      if (before.value === 'placed') expect(snapshot.value).toBe('placed');
    });
  });
});
