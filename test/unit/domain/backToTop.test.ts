import fc from 'fast-check';
import { backToTopVisible, scrollPosition } from '../../../src/domain/backToTop';

describe('back to top', () => {
  it('appears only after twice the window height', () => {
    expect(backToTopVisible(1600, 800)).toBe(false);
    expect(backToTopVisible(1601, 800)).toBe(true);
  });
  it('property: the animation starts where the page is, ends at the top and never overshoots', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 500 }), (from, t) => {
        expect(scrollPosition(from, 0)).toBe(from);
        expect(scrollPosition(from, 500)).toBe(0);
        const at = scrollPosition(from, t);
        expect(at).toBeGreaterThanOrEqual(0);
        expect(at).toBeLessThanOrEqual(from);
      }),
    );
  });
});
