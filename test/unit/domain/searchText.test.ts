import fc from 'fast-check';
import { canSearchCode, canStartLiveSearch, canSubmitSearch, foldText, matchesSearch } from '../../../src/domain/searchText';
import { catalogueNumber, categoryIconUrl, drawingUrl } from '../../../src/domain/brakes';

describe('search text', () => {
  it('folds case and accents', () => {
    expect(foldText('  Citroën  Mégane ŁÓDŹ Straße ')).toBe('citroen megane lodz strasse');
  });
  it('applies the spec\'s thresholds: live 2, submit 3, code 4', () => {
    expect([canStartLiveSearch('a'), canStartLiveSearch('ab')]).toEqual([false, true]);
    expect([canSubmitSearch('ab'), canSubmitSearch('abc')]).toEqual([false, true]);
    expect([canSearchCode('P 85'), canSearchCode('P 850')]).toEqual([false, true]);
  });
  it('matches every word, accents and case aside', () => {
    expect(matchesSearch('Pastiglie freno Citroën C3', 'citroen pastiglie')).toBe(true);
    expect(matchesSearch('Pastiglie freno Citroën C3', 'dischi')).toBe(false);
  });
  it('property: folding is idempotent and case-blind', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(foldText(foldText(text))).toBe(foldText(text));
        expect(foldText(text.toUpperCase())).toBe(foldText(text.toLowerCase()));
      }),
    );
  });
});

describe('brake product rules', () => {
  it('reads the catalogue number before # and builds the drawing address', () => {
    expect(catalogueNumber('P 85 020#1234')).toBe('P 85 020');
    expect(drawingUrl('p 85 020#1234')).toBe('/data/gfx/drawings/P85020.jpg');
  });
  it('falls back to the default category icon', () => {
    expect(categoryIconUrl('dischi.svg')).toBe('/data/include/cms/cms/configurator_icons/dischi.svg');
    expect(categoryIconUrl(null)).toBe('/data/gfx/icons/defaulticon_1.png');
  });
});
