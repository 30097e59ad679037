import { ftsQuery, smallTableMatcher, tsQuery } from '../../server/db/searchTerms';
import { oneEditApart, SearchVocabulary } from '../../server/db/searchVocabulary';

/** The vocabulary behind forgiving search (issue 37, point 6), on its own. */
const vocabulary = new SearchVocabulary({
  names: [
    { kind: 'product', id: '1', name: 'Pastiglie freno anteriori ATE 13.0460-7110' },
    { kind: 'product', id: '2', name: 'Dischi freno posteriori Brembo 08.9975.11' },
    { kind: 'category', id: '9', name: 'Pastiglie sportive' },
  ],
  texts: [
    { kind: 'product', id: '1', language: 'pl', text: 'Klocki hamulcowe przednie ATE 13.0460-7110' },
    { kind: 'product', id: '2', language: 'pl', text: 'Tarcze hamulcowe tylne Brembo 08.9975.11' },
    { kind: 'category', id: '9', language: 'pl', text: 'Klocki sportowe' },
    { kind: 'description', id: '1', language: 'pl', text: 'Opis klockow' },
  ],
});
const terms = (text: string, language = 'it') => ftsQuery(vocabulary.expand(text, language));

describe('search vocabulary', () => {
  it('knows one edit: insertion, deletion, substitution, swap of neighbours', () => {
    expect(oneEditApart('disci', 'dischi')).toBe(true);
    expect(oneEditApart('pastilie', 'pastiglie')).toBe(true);
    expect(oneEditApart('pdas', 'pads')).toBe(true);
    expect(oneEditApart('fremo', 'freno')).toBe(true);
    expect(oneEditApart('freno', 'freno')).toBe(false);
    expect(oneEditApart('frneoo', 'freno')).toBe(false);
    expect(oneEditApart('pdsa', 'pads')).toBe(false);
  });

  it('ORs a typo with the words one edit away, leaves known words and their starts alone', () => {
    expect(terms('pastilie')).toBe('("pastilie"* OR "pastiglie"*)');
    expect(terms('pastiglie freno')).toBe('"pastiglie"* AND "freno"*');
    expect(terms('pastig')).toBe('"pastig"*');
    // Under four letters nothing is forgiven.
    expect(terms('ata')).toBe('"ata"*');
  });

  it('never touches a word with a digit (a code)', () => {
    expect(terms('13.0460-7111')).toBe('"13"* AND "0460"* AND "7111"*');
    expect(vocabulary.expand('08.9975.12', 'it')).toBe('08.9975.12');
  });

  it('reads a word of another language as the Italian words every name carrying it shares', () => {
    expect(terms('klocki', 'pl')).toBe('("klocki"* OR "pastiglie"*)');
    expect(terms('hamulcowe', 'pl')).toBe('("hamulcowe"* OR "freno"*)');
    // One disc product only: every word of its name but the codes is shared.
    expect(terms('tracze', 'pl')).toBe('("tracze"* OR ("brembo"* AND "dischi"* AND "freno"* AND "posteriori"*))');
    // Descriptions are not names.
    expect(terms('klockow', 'pl')).toBe('"klockow"*');
    expect(tsQuery(vocabulary.expand('klocky', 'pl'))).toBe('(klocky:* | pastiglie:*)');
  });

  it('matches the small tables by any alternative', () => {
    expect(smallTableMatcher(vocabulary.expand('pastilie', 'it'))('pastiglie sportive')).toBe(true);
    expect(smallTableMatcher(vocabulary.expand('pastilie', 'it'))('dischi')).toBe(false);
  });
});
