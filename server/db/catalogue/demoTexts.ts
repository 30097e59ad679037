/**
 * The demo catalogue's names in Polish and English (issue 34): categories, axes, traits and
 * their values, kinds of part, sizes, and the products' names and descriptions as the generator
 * composes them. Italian is the shop's language; a text not listed here stays Italian.
 */
export type OtherLanguage = 'pl' | 'en';
type Translations = Record<string, Record<OtherLanguage, string>>;

/** Category and sub-category names (the Italian name is the key). */
export const CATEGORY_TEXTS: Translations = {
  'Pastiglie freno': { pl: 'Klocki hamulcowe', en: 'Brake pads' },
  'Dischi freno': { pl: 'Tarcze hamulcowe', en: 'Brake discs' },
  'Kit freni': { pl: 'Zestawy hamulcowe', en: 'Brake kits' },
  'Kit dischi e pastiglie': { pl: 'Zestawy tarcz i klocków', en: 'Disc and pad kits' },
  'Kit freni completi': { pl: 'Kompletne zestawy hamulcowe', en: 'Complete brake kits' },
  'Accessori e servizi': { pl: 'Akcesoria i usługi', en: 'Accessories and services' },
  'Pastiglie sportive': { pl: 'Klocki sportowe', en: 'Sports pads' },
  'Pastiglie ceramiche': { pl: 'Klocki ceramiczne', en: 'Ceramic pads' },
  'Dischi forati': { pl: 'Tarcze nawiercane', en: 'Drilled discs' },
  'Dischi ventilati': { pl: 'Tarcze wentylowane', en: 'Vented discs' },
};

/** Trait (parameter) names. */
export const PARAM_TEXTS: Translations = {
  Categoria: { pl: 'Kategoria', en: 'Category' },
  Asse: { pl: 'Oś', en: 'Axle' },
  'Codice OE / ricambio': { pl: 'Kod OE / zamiennik', en: 'OE / replacement code' },
  'Larghezza [mm]': { pl: 'Szerokość [mm]', en: 'Width [mm]' },
  'Altezza [mm]': { pl: 'Wysokość [mm]', en: 'Height [mm]' },
  'Spessore [mm]': { pl: 'Grubość [mm]', en: 'Thickness [mm]' },
  'Numero WVA': { pl: 'Numer WVA', en: 'WVA number' },
  'Contatto segnalatore usura': { pl: 'Czujnik zużycia', en: 'Wear indicator contact' },
  'Diametro [mm]': { pl: 'Średnica [mm]', en: 'Diameter [mm]' },
  'Tipo disco': { pl: 'Rodzaj tarczy', en: 'Disc type' },
  'Numero fori': { pl: 'Liczba otworów', en: 'Number of holes' },
  'Centraggio [mm]': { pl: 'Średnica centrowania [mm]', en: 'Centring diameter [mm]' },
  'Spessore minimo [mm]': { pl: 'Grubość minimalna [mm]', en: 'Minimum thickness [mm]' },
  Contenuto: { pl: 'Zawartość', en: 'Contents' },
};

/** Trait values that are words (axes, kinds of disc, yes / no, a kit's contents); numbers and codes need none. */
export const VALUE_TEXTS: Translations = {
  ...CATEGORY_TEXTS,
  'Asse anteriore': { pl: 'Oś przednia', en: 'Front axle' },
  'Asse posteriore': { pl: 'Oś tylna', en: 'Rear axle' },
  sì: { pl: 'tak', en: 'yes' },
  no: { pl: 'nie', en: 'no' },
  predisposto: { pl: 'przygotowany', en: 'prepared' },
  ventilato: { pl: 'wentylowana', en: 'vented' },
  pieno: { pl: 'pełna', en: 'solid' },
  forato: { pl: 'nawiercana', en: 'drilled' },
  '2 dischi + 4 pastiglie': { pl: '2 tarcze + 4 klocki', en: '2 discs + 4 pads' },
  '2 dischi, 4 pastiglie, sensori e accessori': { pl: '2 tarcze, 4 klocki, czujniki i akcesoria', en: '2 discs, 4 pads, sensors and fittings' },
  '4 pastiglie + accessori di montaggio': { pl: '4 klocki + akcesoria montażowe', en: '4 pads + fitting kit' },
};

/** Size names. */
export const SIZE_TEXTS: Translations = {
  'Taglia unica': { pl: 'Rozmiar uniwersalny', en: 'One size' },
  '1 disco': { pl: '1 tarcza', en: '1 disc' },
  'Coppia (2 dischi)': { pl: 'Para (2 tarcze)', en: 'Pair (2 discs)' },
  'Coppia + pastiglie': { pl: 'Para + klocki', en: 'Pair + pads' },
};

/** Units other than the shop's default piece (which the shop's own texts name). */
export const UNIT_TEXTS: Translations = {
  servizio: { pl: 'usługa', en: 'service' },
  servizi: { pl: 'usługi', en: 'services' },
};

/** The special products' own names. */
const PRODUCT_NAMES: Translations = {
  'Omaggio: spazzola pulizia pinze freno': { pl: 'Gratis: szczotka do czyszczenia zacisków', en: 'Free gift: brake calliper cleaning brush' },
  'Buono regalo ricambi freni 50 €': { pl: 'Bon podarunkowy na części hamulcowe 50 €', en: 'Brake parts gift voucher 50 €' },
  'Servizio di montaggio pastiglie freno': { pl: 'Usługa montażu klocków hamulcowych', en: 'Brake pad fitting service' },
  'Liquido freni DOT 4 1 l in abbonamento': { pl: 'Płyn hamulcowy DOT 4 1 l w subskrypcji', en: 'DOT 4 brake fluid 1 l by subscription' },
  'Tubo freno in rame 4,75 mm (al metro)': { pl: 'Przewód hamulcowy miedziany 4,75 mm (na metry)', en: 'Copper brake pipe 4.75 mm (by the metre)' },
};

const AXIS_WORDS: Translations = { anteriori: { pl: 'przednie', en: 'front' }, posteriori: { pl: 'tylne', en: 'rear' } };
const DISC_WORDS: Translations = { ventilato: { pl: 'wentylowane', en: 'vented' }, forato: { pl: 'nawiercane', en: 'drilled' } };

/**
 * A product name as the generator composes it, in another language; null when the name is not
 * one of the generator's (an imported catalogue's names come with their own translations).
 */
export function productNameIn(name: string, language: OtherLanguage): string | null {
  const own = PRODUCT_NAMES[name];
  if (own) return own[language];
  let match = /^(Pastiglie freno|Kit freni) (anteriori|posteriori) (.+)$/.exec(name);
  if (match) {
    const axis = AXIS_WORDS[match[2]][language];
    if (match[1] === 'Pastiglie freno') return language === 'pl' ? `Klocki hamulcowe ${axis} ${match[3]}` : `${cap(axis)} brake pads ${match[3]}`;
    return language === 'pl' ? `Zestaw hamulcowy ${axis} ${match[3]}` : `${cap(axis)} brake kit ${match[3]}`;
  }
  match = /^Dischi freno (anteriori|posteriori) (?:(ventilato|forato) )?(.+)$/.exec(name);
  if (match) {
    const axis = AXIS_WORDS[match[1]][language];
    const kind = match[2] ? `${DISC_WORDS[match[2]][language]} ` : '';
    return language === 'pl' ? `Tarcze hamulcowe ${axis} ${kind}${match[3]}` : `${cap(axis)} ${kind}brake discs ${match[3]}`;
  }
  match = /^Set risparmio: dischi \+ pastiglie (.+)$/.exec(name);
  if (match) return language === 'pl' ? `Zestaw oszczędnościowy: tarcze + klocki ${match[1]}` : `Saver set: discs + pads ${match[1]}`;
  return null;
}

/** A product's short description as the generator composes it (`<category> <producer>, <axis>.`), in another language. */
export function shortDescriptionIn(description: string, language: OtherLanguage): string | null {
  const match = /^(.+) (\S+), (asse anteriore|asse posteriore)\.$/.exec(description);
  if (!match || !CATEGORY_TEXTS[match[1]]) return null;
  const axis = VALUE_TEXTS[match[3] === 'asse anteriore' ? 'Asse anteriore' : 'Asse posteriore'][language].toLowerCase();
  return `${CATEGORY_TEXTS[match[1]][language]} ${match[2]}, ${axis}.`;
}

const cap = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const OTHER_LANGUAGES: readonly OtherLanguage[] = ['pl', 'en'];
