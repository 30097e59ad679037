import { configureStore, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { I18nextProvider } from '../../../src/i18n/react';
import flows from '../../../store/flowsSlice';
import { showAlert } from '../../../sagas/alert';
import { createI18n } from '../../../src/i18n';
import { checkChosenFile, rejectionAlert, UploadField, type MeasureImage } from '../../../src/components/UploadField';

const MB = 1024 * 1024;
const fileOf = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

function field(name: string, maxMb?: number) {
  const input = document.createElement('input');
  input.type = 'file';
  input.name = name;
  if (maxMb) input.dataset.max_filesize = String(maxMb);
  return input;
}

describe('checkChosenFile', () => {
  const measure = (size: { width: number; height: number } | null) => jest.fn<ReturnType<MeasureImage>, Parameters<MeasureImage>>(async () => size);

  it('refuses a blacklisted type and a file over data-max_filesize', async () => {
    expect(await checkChosenFile(field('attachment', 5), fileOf('run.exe', 'application/octet-stream'))).toEqual({ kind: 'type_not_allowed' });
    expect(await checkChosenFile(field('attachment', 5), fileOf('a.pdf', 'application/pdf', 5 * MB + 1))).toEqual({ kind: 'too_big', maxMb: 5 });
    expect(await checkChosenFile(field('attachment', 5), fileOf('a.pdf', 'application/pdf', 5 * MB))).toBeNull();
    expect(await checkChosenFile(field('attachment'), fileOf('a.pdf', 'application/pdf', 50 * MB))).toBeNull();
  });

  it('wants a .jpg for opinion_photo, and measures it only then', async () => {
    const size = measure({ width: 100, height: 100 });
    expect(await checkChosenFile(field('opinion_photo'), fileOf('p.png', 'image/png'), size)).toEqual({ kind: 'jpg_only' });
    expect(size).not.toHaveBeenCalled();
    expect(await checkChosenFile(field('opinion_photo'), fileOf('p.jpg', 'image/jpeg'), size)).toBeNull();
    expect(size).toHaveBeenCalledTimes(1);
  });

  it('refuses a photo above 2048x1536 (measured), and a .jpg that does not decode', async () => {
    expect(await checkChosenFile(field('opinion_photo'), fileOf('p.jpg', 'image/jpeg'), measure({ width: 3000, height: 2000 }))).toEqual({ kind: 'photo_too_large', maxWidth: 2048, maxHeight: 1536 });
    expect(await checkChosenFile(field('opinion_photo'), fileOf('p.jpg', 'image/jpeg'), measure({ width: 2048, height: 1537 }))).toMatchObject({ kind: 'photo_too_large' });
    expect(await checkChosenFile(field('opinion_photo'), fileOf('p.jpg', 'image/jpeg'), measure({ width: 2048, height: 1536 }))).toBeNull();
    expect(await checkChosenFile(field('opinion_photo'), fileOf('p.jpg', 'image/jpeg'), measure(null))).toEqual({ kind: 'jpg_only' });
  });

  it('turns each rejection into an error alert whose text every language has', () => {
    const i18n = createI18n('it');
    const alerts = [
      rejectionAlert({ kind: 'type_not_allowed' }),
      rejectionAlert({ kind: 'too_big', maxMb: 5 }),
      rejectionAlert({ kind: 'jpg_only' }),
      rejectionAlert({ kind: 'photo_too_large', maxWidth: 2048, maxHeight: 1536 }),
    ];
    expect(alerts.map((alert) => i18n.t(alert.key, alert.params ?? {}))).toEqual([
      'Il file non può essere salvato perché questo tipo di file non è consentito.',
      'Il file supera la dimensione massima di 5 MB.',
      'Formati accettati: .jpg',
      'La foto può misurare al massimo 2048x1536 px.',
    ]);
    alerts.forEach((alert) => expect(alert.style).toBe('error'));
    for (const language of ['pl', 'en'] as const) {
      const other = createI18n(language);
      for (const alert of alerts) expect(other.exists(alert.key, { lng: language, fallbackLng: [] })).toBe(true);
    }
  });
});

function setup(name: string, measure: MeasureImage, maxFilesizeMb?: number) {
  const seen: UnknownAction[] = [];
  const record: Middleware = () => (next) => (action) => {
    seen.push(action as UnknownAction);
    return next(action);
  };
  const store = configureStore({ reducer: { flows }, middleware: (getDefault) => getDefault().concat(record) });
  render(
    <Provider store={store}>
      <I18nextProvider i18n={createI18n('it')}>
        <UploadField name={name} label="Foto" hint="Solo .jpg" maxFilesizeMb={maxFilesizeMb} measure={measure} />
      </I18nextProvider>
    </Provider>,
  );
  const input = screen.getByLabelText('Foto') as HTMLInputElement;
  const choose = (file: File) => {
    Object.defineProperty(input, 'files', { configurable: true, value: [file] });
    fireEvent.change(input);
  };
  return { input, choose, alerts: () => seen.filter(showAlert.match).map((action) => action.payload) };
}

describe('UploadField', () => {
  it('is a labelled file field carrying its name, data-max_filesize and hint', () => {
    const { input } = setup('attachment', async () => null, 5);
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('name', 'attachment');
    expect(input).toHaveAttribute('data-max_filesize', '5');
    expect(input).toHaveAccessibleDescription('Solo .jpg');
  });

  it('on rejection clears the field and shows the alert', async () => {
    const { input, choose, alerts } = setup('opinion_photo', async () => ({ width: 3000, height: 2000 }));
    const clear = jest.spyOn(input, 'value', 'set');
    choose(fileOf('p.jpg', 'image/jpeg'));
    await waitFor(() => expect(alerts()).toEqual([{ key: 'upload.photoTooLarge', params: { width: 2048, height: 1536 }, style: 'error' }]));
    expect(clear).toHaveBeenCalledWith('');
    expect(input.dataset.upload).toBe('rejected: photo_too_large');
  });

  it('keeps an accepted file without a message', async () => {
    const { input, choose, alerts } = setup('opinion_photo', async () => ({ width: 800, height: 600 }));
    const clear = jest.spyOn(input, 'value', 'set');
    choose(fileOf('p.jpg', 'image/jpeg'));
    await waitFor(() => expect(input.dataset.upload).toBe('accepted'));
    expect(alerts()).toEqual([]);
    expect(clear).not.toHaveBeenCalled();
  });
});
