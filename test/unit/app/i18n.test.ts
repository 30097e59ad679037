import { createI18n, LANGUAGES } from '../../../src/i18n';
import { validateFieldValue, type FieldInput } from '../../../src/domain/fieldValidation';

const invalid: FieldInput[] = [
  { kind: 'text', value: '', required: true },
  { kind: 'text', value: 'a', validate: true, minlength: 3 },
  { kind: 'text', value: 'abcd', validate: true, maxlength: 3 },
  { kind: 'email', value: 'x@' },
  { kind: 'phone_or_email', value: '123' },
  { kind: 'terms', value: '', checked: false },
];

describe('message catalogues', () => {
  it.each(LANGUAGES)('%s has a text for every form rule message, with its values filled in', (language) => {
    const i18n = createI18n(language);
    for (const field of invalid) {
      const message = validateFieldValue(field)!;
      expect(i18n.exists(message.key)).toBe(true);
      const text = i18n.t(message.key, 'values' in message ? message.values : {});
      expect(text).not.toContain('{{');
    }
  });

  it('keeps the spec\u2019s Italian texts verbatim', () => {
    const it = createI18n('it');
    expect(it.t('form.minLength', { n: 3 })).toBe('Inserire almeno 3 caratteri.');
    expect(it.t('status.failed')).toBe('È avvenuto un errore durante la lettura dei dati. Ricaricare la pagina.');
  });
});
