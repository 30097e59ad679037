import fc from 'fast-check';
import { createActor, SimulatedClock } from 'xstate';
import { sliderMachine, type SliderInput } from '../../../machines/slider';
import { canAddSlide, canRemoveSlide, showMoreFlag, CATEGORY_SLIDER_BREAKPOINTS, HOTSPOT_SLIDER_BREAKPOINTS, slidesToShowAt, stepSlide } from '../../../src/domain/slider';

function start(input: SliderInput) {
  const clock = new SimulatedClock();
  const actor = createActor(sliderMachine, { clock, input }).start();
  return { clock, actor, ctx: () => actor.getSnapshot().context, value: () => actor.getSnapshot().value };
}

describe('slider machine', () => {
  it('autoplays every 3000 ms and wraps when infinite', () => {
    const { clock, ctx, value } = start({ count: 3, autoplay: true });
    expect(value()).toBe('playing');
    clock.increment(2999);
    expect(ctx().current).toBe(0);
    clock.increment(1);
    expect(ctx().current).toBe(1);
    clock.increment(3000);
    clock.increment(3000);
    expect(ctx().current).toBe(0);
  });

  it('does not autoplay when it is off or everything fits', () => {
    expect(start({ count: 3 }).value()).toBe('still');
    expect(start({ count: 3, autoplay: true, slidesToShow: 4 }).value()).toBe('still');
  });

  it('reverses direction at the ends when not infinite', () => {
    const { clock, ctx } = start({ count: 3, autoplay: true, infinite: false });
    const seen: number[] = [];
    for (let i = 0; i < 6; i++) {
      clock.increment(3000);
      seen.push(ctx().current);
    }
    expect(seen).toEqual([1, 2, 1, 0, 1, 2]);
  });

  it('pauses while hovered and while focus is inside, and resumes after', () => {
    const { clock, actor, ctx, value } = start({ count: 4, autoplay: true });
    actor.send({ type: 'HOVER_START' });
    expect(value()).toBe('interrupted');
    clock.increment(9000);
    expect(ctx().current).toBe(0);
    actor.send({ type: 'FOCUS_IN' });
    actor.send({ type: 'HOVER_END' });
    expect(value()).toBe('focussed');
    clock.increment(9000);
    expect(ctx().current).toBe(0);
    actor.send({ type: 'FOCUS_OUT' });
    expect(value()).toBe('playing');
    clock.increment(3000);
    expect(ctx().current).toBe(1);
  });

  it('stays paused by the shopper until played again', () => {
    const { clock, actor, ctx, value } = start({ count: 4, autoplay: true });
    actor.send({ type: 'PAUSE' });
    actor.send({ type: 'HOVER_START' });
    actor.send({ type: 'HOVER_END' });
    clock.increment(9000);
    expect(value()).toBe('paused');
    expect(ctx().current).toBe(0);
    actor.send({ type: 'PLAY' });
    expect(value()).toBe('playing');
  });

  it('moves with the arrow keys 37 and 39 and with the arrows', () => {
    const { actor, ctx } = start({ count: 5 });
    actor.send({ type: 'KEY', keyCode: 39 });
    actor.send({ type: 'NEXT' });
    expect(ctx().current).toBe(2);
    actor.send({ type: 'KEY', keyCode: 37 });
    expect(ctx().current).toBe(1);
    actor.send({ type: 'KEY', keyCode: 13 });
    expect(ctx().current).toBe(1);
    actor.send({ type: 'GO', index: 4 });
    expect(ctx().current).toBe(4);
    actor.send({ type: 'GO', index: 9 });
    expect(ctx().current).toBe(4);
  });

  it('decides again at a new layout: autoplays once slides no longer fit, stops when they do', () => {
    const { clock, actor, ctx, value } = start({ count: 6, slidesToShow: 6, autoplay: true, infinite: false });
    expect(value()).toBe('still');
    actor.send({ type: 'LAYOUT', slidesToShow: 5 });
    expect(value()).toBe('playing');
    clock.increment(3000);
    expect(ctx().current).toBe(1);
    // Wider again: everything fits, the slider stops at its only page.
    actor.send({ type: 'LAYOUT', slidesToShow: 6 });
    expect(value()).toBe('still');
    expect(ctx().current).toBe(0);
  });

  it('at a new layout keeps holding for a hover or focus, and leaves a shopper\u2019s pause alone', () => {
    const hovered = start({ count: 6, slidesToShow: 6, autoplay: true });
    hovered.actor.send({ type: 'HOVER_START' });
    hovered.actor.send({ type: 'LAYOUT', slidesToShow: 3 });
    expect(hovered.value()).toBe('interrupted');
    const focussed = start({ count: 6, slidesToShow: 6, autoplay: true });
    focussed.actor.send({ type: 'FOCUS_IN' });
    focussed.actor.send({ type: 'LAYOUT', slidesToShow: 3 });
    expect(focussed.value()).toBe('focussed');
    const paused = start({ count: 6, slidesToShow: 3, autoplay: true });
    paused.actor.send({ type: 'PAUSE' });
    paused.actor.send({ type: 'LAYOUT', slidesToShow: 5 });
    expect(paused.value()).toBe('paused');
    expect(paused.ctx().slidesToShow).toBe(5);
    const off = start({ count: 6, slidesToShow: 6 });
    off.actor.send({ type: 'LAYOUT', slidesToShow: 3 });
    expect(off.value()).toBe('still');
  });

  it('refuses to add or remove a slide at an out-of-range index', () => {
    const { actor, ctx } = start({ count: 3 });
    actor.send({ type: 'ADD_SLIDE', index: 5 });
    actor.send({ type: 'REMOVE_SLIDE', index: 3 });
    actor.send({ type: 'REMOVE_SLIDE', index: -1 });
    expect(ctx().count).toBe(3);
    actor.send({ type: 'ADD_SLIDE', index: 3 });
    expect(ctx().count).toBe(4);
    actor.send({ type: 'GO', index: 3 });
    actor.send({ type: 'REMOVE_SLIDE', index: 3 });
    expect(ctx()).toMatchObject({ count: 3, current: 2 });
    expect([canAddSlide(4, 3), canRemoveSlide(3, 3), canAddSlide(3, 3), canRemoveSlide(0, 1)]).toEqual([false, false, true, true]);
  });
});

describe('slider rules', () => {
  it('shows 6/4/4/1/1 hotspot slides across 1200/979/757/550', () => {
    expect([1280, 1200, 1000, 979, 800, 757, 600, 550, 375].map((w) => slidesToShowAt(w, 6, HOTSPOT_SLIDER_BREAKPOINTS))).toEqual([6, 4, 4, 4, 4, 1, 1, 1, 1]);
  });
  it('shows 6/5/3 category slides, then none, across 1170/979/757', () => {
    expect([1280, 1100, 900, 757, 375].map((w) => slidesToShowAt(w, 6, CATEGORY_SLIDER_BREAKPOINTS))).toEqual([6, 5, 3, 'unslick', 'unslick']);
  });
  it('flags an associated-products zone for show-more above 3 products', () => {
    expect([3, 4].map(showMoreFlag)).toEqual([false, true]);
  });
  it('property: a step never leaves the slides', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 3 }), fc.boolean(), fc.nat(), fc.constantFrom<1 | -1>(1, -1), (count, show, scroll, infinite, at, towards) => {
          const current = at % count;
          const next = stepSlide({ current, direction: towards }, { count, slidesToShow: show, slidesToScroll: scroll, infinite }, towards);
          expect(next.current).toBeGreaterThanOrEqual(0);
          expect(next.current).toBeLessThan(count);
          if (!infinite) expect(next.current).toBeLessThanOrEqual(Math.max(0, count - show));
        },
      ),
    );
  });
});
