import { act, render, screen } from '@testing-library/react';
import { createI18n } from '../../../src/i18n';
import { I18nextProvider, useTranslation } from '../../../src/i18n/react';

function Status() {
  const { t, i18n } = useTranslation();
  return (
    <p>
      {i18n.language}: {t('status.failed')} / {t('test.added', { defaultValue: 'missing' })}
    </p>
  );
}

describe('the React binding of i18next', () => {
  it('draws the texts of the instance it is given, and draws again when the language changes or texts are added', async () => {
    const i18n = createI18n('it');
    render(
      <I18nextProvider i18n={i18n}>
        <Status />
      </I18nextProvider>,
    );
    expect(screen.getByText(/^it: È avvenuto un errore durante la lettura dei dati/)).toBeTruthy();
    expect(screen.getByText(/\/ missing$/)).toBeTruthy();
    await act(() => i18n.changeLanguage('pl'));
    expect(screen.getByText(/^pl: /).textContent).not.toContain('È avvenuto');
    act(() => {
      i18n.addResourceBundle('pl', 'translation', { test: { added: 'dodane' } }, true, false);
    });
    expect(screen.getByText(/\/ dodane$/)).toBeTruthy();
  });

  it('tells plainly when no provider is above it', () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Status />)).toThrow('useTranslation() needs an <I18nextProvider> above it');
    jest.restoreAllMocks();
  });
});
