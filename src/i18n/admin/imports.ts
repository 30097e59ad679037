import type { Language } from '../runtime';

/**
 * The back office's texts for catalogue imports (issue 36, point 4), in it / pl / en, typed alike
 * (a key missing in one language fails the type check). The check's own reasons (server/db/catalogue/format.ts)
 * stay as the checker writes them, as `npm run catalogue:import` prints them.
 */
const it = {
  title: 'Importa il catalogo',
  intro: 'Carica un file del catalogo (JSON Lines, il formato di docs/catalogue-format.md, fino a {{mb}} MB). Il file viene controllato per intero: se una riga è sbagliata non cambia nulla.',
  file: 'File del catalogo',
  submit: 'Controlla e importa',
  progressLabel: 'Avanzamento dell’importazione',
  uploading: 'Invio del file: {{percent}}%',
  applying: 'File inviato: controllo e importazione in corso…',
  failed: 'L’importazione non è riuscita: ricarica la pagina e riprova.',
  noFile: 'Scegli un file da importare.',
  tooLarge: 'Il file supera {{mb}} MB: non è stato importato.',
  busy: 'Un’altra importazione è in corso: riprova tra poco.',
  refused: 'Il catalogo NON è stato cambiato. Errori nel file {{file}}: {{count}}.',
  refusedMore: 'Sono mostrati i primi {{shown}}.',
  errorsCaption: 'Errori del file, per riga',
  line: 'Riga',
  record: 'Record',
  field: 'Campo',
  reason: 'Problema',
  wholeFile: 'file',
  applied: 'Catalogo importato da {{file}}: {{total}} prodotti ({{added}} nuovi, {{updated}} aggiornati, {{removed}} tolti).',
  mailed: 'Avvisi “di nuovo disponibile” inviati: {{count}}.',
  waiting: 'Taglie richieste tornate disponibili: {{count}} (gli avvisi attendono in npm run messages).',
};

export type ImportTexts = typeof it;

const pl: ImportTexts = {
  title: 'Import katalogu',
  intro: 'Wgraj plik katalogu (JSON Lines, format z docs/catalogue-format.md, do {{mb}} MB). Plik jest sprawdzany w całości: jeśli któryś wiersz jest błędny, nic się nie zmienia.',
  file: 'Plik katalogu',
  submit: 'Sprawdź i importuj',
  progressLabel: 'Postęp importu',
  uploading: 'Wysyłanie pliku: {{percent}}%',
  applying: 'Plik wysłany: trwa sprawdzanie i import…',
  failed: 'Import się nie powiódł: odśwież stronę i spróbuj ponownie.',
  noFile: 'Wybierz plik do importu.',
  tooLarge: 'Plik przekracza {{mb}} MB: nie został zaimportowany.',
  busy: 'Trwa inny import: spróbuj za chwilę.',
  refused: 'Katalog NIE został zmieniony. Błędy w pliku {{file}}: {{count}}.',
  refusedMore: 'Pokazano pierwsze {{shown}}.',
  errorsCaption: 'Błędy pliku, według wierszy',
  line: 'Wiersz',
  record: 'Rekord',
  field: 'Pole',
  reason: 'Problem',
  wholeFile: 'plik',
  applied: 'Zaimportowano katalog z {{file}}: {{total}} produktów ({{added}} nowych, {{updated}} zmienionych, {{removed}} usuniętych).',
  mailed: 'Wysłane powiadomienia „znów dostępny”: {{count}}.',
  waiting: 'Zamówione rozmiary znów dostępne: {{count}} (powiadomienia czekają w npm run messages).',
};

const en: ImportTexts = {
  title: 'Import the catalogue',
  intro: 'Upload a catalogue file (JSON Lines, the format of docs/catalogue-format.md, up to {{mb}} MB). The file is checked whole: when any line is wrong nothing changes.',
  file: 'Catalogue file',
  submit: 'Check and import',
  progressLabel: 'Import progress',
  uploading: 'Sending the file: {{percent}}%',
  applying: 'File sent: checking and importing…',
  failed: 'The import did not go through: reload the page and try again.',
  noFile: 'Choose a file to import.',
  tooLarge: 'The file is over {{mb}} MB: it was not imported.',
  busy: 'Another import is under way: try again shortly.',
  refused: 'The catalogue was NOT changed. Errors in {{file}}: {{count}}.',
  refusedMore: 'The first {{shown}} are shown.',
  errorsCaption: 'The file’s errors, by line',
  line: 'Line',
  record: 'Record',
  field: 'Field',
  reason: 'Problem',
  wholeFile: 'file',
  applied: 'Catalogue imported from {{file}}: {{total}} products ({{added}} new, {{updated}} updated, {{removed}} removed).',
  mailed: '“Back in stock” e-mails sent: {{count}}.',
  waiting: 'Sizes asked for are back in stock: {{count}} (the notices wait in npm run messages).',
};

const TEXTS: Record<Language, ImportTexts> = { it, pl, en };

export function importTexts(language: Language): ImportTexts {
  return TEXTS[language];
}
