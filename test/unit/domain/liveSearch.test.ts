import fc from 'fast-check';
import { alternativeCodes, CODE_SEARCH_DELAY_MS, LIVE_SEARCH_DELAY_MS, looksLikeCode, normaliseCode, productIdOfLink, searchPlan } from '../../../src/domain/codeSearch';
import { isOnlyOe, liveSearchGroups, liveSearchOptions, moveActive, searchAddress } from '../../../src/domain/liveSearch';
import { isHeaderFixed } from '../../../src/domain/stickyHeader';
import type { TextSearchResult } from '../../../src/api/wire';

const empty: TextSearchResult = { products: [], producers: [], series: [], menuNodes: [], cms: [], searchQueries: [], replacementCodes: [] };
const named = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => ({ name: `${prefix} ${i}`, link: `/${prefix}-${i}` }));

describe('code search rules', () => {
  it('recognises part and OE codes: letters and digits with a digit, no space inside', () => {
    expect(['GDB1234', '13.0460-2838.2', '0986494', 'fs-1234', ' P85020 '].map(looksLikeCode)).toEqual([true, true, true, true, true]);
    expect(['brem', 'P 85 020', 'pastiglie 4', '', '-123', '123-'].map(looksLikeCode)).toEqual([false, false, false, false, false, false]);
    expect(normaliseCode('0 986-494.123')).toBe('0986494123');
  });

  it('plans text from 2 characters after 500 ms, codes from 4 after 1000 ms', () => {
    expect(searchPlan('b')).toEqual({ kind: 'none' });
    expect(searchPlan('br')).toEqual({ kind: 'text', delayMs: LIVE_SEARCH_DELAY_MS });
    expect(searchPlan('G12')).toEqual({ kind: 'text', delayMs: LIVE_SEARCH_DELAY_MS });
    expect(searchPlan('GD12')).toEqual({ kind: 'code', delayMs: CODE_SEARCH_DELAY_MS, code: 'GD12' });
    expect(searchPlan('13.04')).toEqual({ kind: 'code', delayMs: CODE_SEARCH_DELAY_MS, code: '1304' });
  });

  it('live search starts at 2 characters for every text: code-shaped text below 4 is searched as text, not silenced', () => {
    for (const text of ['A4', 'C3', 'X5', '159', 'G12', '1.3']) expect(searchPlan(text)).toEqual({ kind: 'text', delayMs: LIVE_SEARCH_DELAY_MS });
    expect(searchPlan('7')).toEqual({ kind: 'none' });
  });

  it('property: every text of 2 or more characters gets a live search', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (text) => {
        if (text.trim().length >= 2) expect(searchPlan(text).kind).not.toBe('none');
      }),
    );
  });

  it('property: a plan never starts below its threshold, and never for blank text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (text) => {
        const plan = searchPlan(text);
        if (plan.kind === 'text') expect(text.trim().length).toBeGreaterThanOrEqual(2);
        if (plan.kind === 'code') expect(plan.code.length).toBeGreaterThanOrEqual(4);
        if (!text.trim()) expect(plan.kind).toBe('none');
      }),
    );
  });

  it('property: any code of 4+ alphanumerics with a digit is searched as a code', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z]{0,4}[0-9][A-Z0-9]{3,10}$/), (code) => {
        expect(searchPlan(code)).toEqual({ kind: 'code', delayMs: CODE_SEARCH_DELAY_MS, code });
      }),
    );
  });

  it('lists the alternative codes of matching and found parts, once each, without the typed one', () => {
    const substitutes = [
      { id: 1, value: ['GDB1234', '0 986 494 123', 'FDB1234'] },
      { id: 2, value: ['0986494123', 'T1234'] },
      { id: 3, value: ['ZZZ999'] },
    ];
    expect(alternativeCodes(substitutes, 'gdb12')).toEqual(['0 986 494 123', 'FDB1234']);
    expect(alternativeCodes(substitutes, '0986-494')).toEqual(['GDB1234', 'FDB1234', 'T1234']);
    expect(alternativeCodes(substitutes, 'P850', [3])).toEqual(['ZZZ999']);
    expect(alternativeCodes(substitutes, 'GD1')).toEqual([]);
    expect(productIdOfLink('/product-123-pastiglie.html')).toBe(123);
    expect(productIdOfLink('/search.php?text=x')).toBeNull();
  });
});

describe('live search groups', () => {
  it('keeps 3 per group in the spec\'s order, numbering options across groups', () => {
    const result: TextSearchResult = {
      ...empty,
      products: [{ name: 'Pastiglie', link: '/product-1-p.html', iconSmall: '/i.svg', price: { price: { gross: { value: 40, formatted: '40,00 €' }, net: { value: 32.79, formatted: '32,79 €' } } } }],
      producers: named(5, 'producer'),
      menuNodes: [{ name: 'Pastiglie', link: '/m', breadcrumbs: ['Freni', 'Anteriori'] }],
      replacementCodes: [{ name: 'X1', link: '/x', param_id: 172622, value_id: 9 }],
    };
    const groups = liveSearchGroups(result);
    expect(groups.map((g) => [g.name, g.options.length])).toEqual([
      ['products', 1],
      ['producers', 3],
      ['menuNodes', 1],
    ]);
    expect(groups[0].options[0]).toMatchObject({ index: 0, icon: '/i.svg', price: { value: 40, formatted: '40,00 €', net: false } });
    // The shop's price type net: the product's net price (brake-shop spec section 6).
    expect(liveSearchGroups(result, 3, 'net')[0].options[0].price).toEqual({ value: 40, formatted: '32,79 €', net: true });
    expect(groups[2].options[0]).toMatchObject({ index: 4, breadcrumbs: ['Freni', 'Anteriori'] });
    expect(isOnlyOe(result)).toBe(false);
  });

  it('only replacement-code hits: only-OE mode lists those', () => {
    const result = { ...empty, replacementCodes: [{ name: 'A 123', link: '/search.php?traits_alt[172622]=5', param_id: 172622, value_id: 5 }] };
    expect(isOnlyOe(result)).toBe(true);
    expect(liveSearchOptions(result).map((o) => o.group)).toEqual(['replacementCodes']);
    expect(isOnlyOe(empty)).toBe(false);
    expect(liveSearchOptions(empty)).toEqual([]);
    expect(liveSearchOptions(null)).toEqual([]);
  });

  it('property: at most 3 options per group, indexes 0..n-1 in order', () => {
    const arb = fc.record({ products: fc.nat(6), producers: fc.nat(6), series: fc.nat(6), cms: fc.nat(6), searchQueries: fc.nat(6) });
    fc.assert(
      fc.property(arb, (counts) => {
        const result = { ...empty, producers: named(counts.producers, 'p'), series: named(counts.series, 's'), cms: named(counts.cms, 'c'), searchQueries: named(counts.searchQueries, 'q') };
        const groups = liveSearchGroups(result);
        for (const group of groups) expect(group.options.length).toBeLessThanOrEqual(3);
        expect(liveSearchOptions(result).map((o) => o.index)).toEqual(liveSearchOptions(result).map((_, i) => i));
      }),
    );
  });

  it('moves the active option with wrap-around', () => {
    expect(moveActive(-1, 3, 1)).toBe(0);
    expect(moveActive(-1, 3, -1)).toBe(2);
    expect(moveActive(2, 3, 1)).toBe(0);
    expect(moveActive(0, 0, 1)).toBe(-1);
    fc.assert(
      fc.property(fc.integer({ min: -1, max: 20 }), fc.integer({ min: 1, max: 20 }), fc.constantFrom<1 | -1>(1, -1), (active, count, step) => {
        const next = moveActive(Math.min(active, count - 1), count, step);
        expect(next).toBeGreaterThanOrEqual(0);
        expect(next).toBeLessThan(count);
      }),
    );
    expect(searchAddress(' dischi brembo ')).toBe('/search.php?text=dischi%20brembo&from_search=true');
  });
});

describe('sticky header rule', () => {
  it('fixes only beyond height plus bottom margin, only on views 3 and 4', () => {
    const at = (scrollY: number, view: number | null) => isHeaderFixed({ scrollY, headerHeight: 120, headerMarginBottom: 10, view });
    expect([at(130, 4), at(131, 4), at(131, 3), at(500, 2), at(500, 1), at(500, null)]).toEqual([false, true, true, false, false, false]);
  });

  it('property: fixed exactly when the view is above 2 and the scroll is past the threshold', () => {
    fc.assert(
      fc.property(fc.nat(5000), fc.nat(400), fc.nat(60), fc.constantFrom(1, 2, 3, 4), (scrollY, headerHeight, headerMarginBottom, view) => {
        expect(isHeaderFixed({ scrollY, headerHeight, headerMarginBottom, view })).toBe(view > 2 && scrollY > headerHeight + headerMarginBottom);
      }),
    );
  });
});
