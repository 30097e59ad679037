import { configureStore, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { I18nextProvider } from '../../../src/i18n/react';
import flows from '../../../store/flowsSlice';
import { showAlert } from '../../../sagas/alert';
import { createI18n } from '../../../src/i18n';
import { checkChosenFile, rejectionAlert, UploadField, type ReadFile } from '../../../src/components/UploadField';

/** The first bytes of a baseline JPEG of this size: SOI, an APP0 (JFIF) segment, then its frame header (SOF0). */
function jpegHead(width: number, height: number): Uint8Array {
  const app0 = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00];
  const sof0 = [0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01];
  return new Uint8Array([0xff, 0xd8, ...app0, ...sof0]);
}

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
  const bytes = (value: Uint8Array | string) => jest.fn<ReturnType<ReadFile>, Parameters<ReadFile>>(async () => (typeof value === 'string' ? Uint8Array.from(value, (char) => char.charCodeAt(0)) : value));
  const PDF = '%PDF-1.4\n';

  it('refuses a blacklisted type and a file over data-max_filesize, before reading it', async () => {
    const read = bytes(PDF);
    expect(await checkChosenFile(field('attachment', 5), fileOf('run.exe', 'application/octet-stream'), read)).toEqual({ kind: 'type_not_allowed' });
    expect(await checkChosenFile(field('attachment', 5), fileOf('a.pdf', 'application/pdf', 5 * MB + 1), read)).toEqual({ kind: 'too_big', maxMb: 5 });
    expect(read).not.toHaveBeenCalled();
    expect(await checkChosenFile(field('attachment', 5), fileOf('a.pdf', 'application/pdf', 5 * MB), read)).toBeNull();
    expect(await checkChosenFile(field('attachment'), fileOf('a.pdf', 'application/pdf', 50 * MB), read)).toBeNull();
  });

  it('refuses by content what its name hides: a program, PHP, HTML', async () => {
    expect(await checkChosenFile(field('attachment', 5), fileOf('fattura.pdf', 'application/pdf'), bytes('MZ\x90\x00'))).toEqual({ kind: 'type_not_allowed' });
    expect(await checkChosenFile(field('attachment', 5), fileOf('foto.jpg', 'image/jpeg'), bytes('<?php echo 1;'))).toEqual({ kind: 'type_not_allowed' });
    expect(await checkChosenFile(field('attachment', 5), fileOf('nota.txt', 'text/plain'), bytes('  <html><script>x()</script>'))).toEqual({ kind: 'type_not_allowed' });
    expect(await checkChosenFile(field('attachment', 5), fileOf('nota.txt', 'text/plain'), bytes('Pastiglie anteriori'))).toBeNull();
  });

  it('wants a .jpg for opinion_photo, by name, type and content', async () => {
    const read = bytes(jpegHead(100, 100));
    expect(await checkChosenFile(field('opinion_photo'), fileOf('p.png', 'image/png'), read)).toEqual({ kind: 'jpg_only' });
    expect(read).not.toHaveBeenCalled();
    expect(await checkChosenFile(field('opinion_photo'), fileOf('p.jpg', 'image/jpeg'), read)).toBeNull();
    expect(read).toHaveBeenCalledTimes(1);
    expect(await checkChosenFile(field('opinion_photo'), fileOf('p.jpg', 'image/jpeg'), bytes('not a picture'))).toEqual({ kind: 'jpg_only' });
  });

  it('refuses a photo above 2048x1536, read from its JPEG header', async () => {
    expect(await checkChosenFile(field('opinion_photo'), fileOf('p.jpg', 'image/jpeg'), bytes(jpegHead(3000, 2000)))).toEqual({ kind: 'photo_too_large', maxWidth: 2048, maxHeight: 1536 });
    expect(await checkChosenFile(field('opinion_photo'), fileOf('p.jpg', 'image/jpeg'), bytes(jpegHead(2048, 1537)))).toMatchObject({ kind: 'photo_too_large' });
    expect(await checkChosenFile(field('opinion_photo'), fileOf('p.jpg', 'image/jpeg'), bytes(jpegHead(2048, 1536)))).toBeNull();
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

function setup(name: string, read: ReadFile, maxFilesizeMb?: number) {
  const seen: UnknownAction[] = [];
  const record: Middleware = () => (next) => (action) => {
    seen.push(action as UnknownAction);
    return next(action);
  };
  const store = configureStore({ reducer: { flows }, middleware: (getDefault) => getDefault().concat(record) });
  render(
    <Provider store={store}>
      <I18nextProvider i18n={createI18n('it')}>
        <UploadField name={name} label="Foto" hint="Solo .jpg" maxFilesizeMb={maxFilesizeMb} read={read} />
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
    const { input } = setup('attachment', async () => new Uint8Array(), 5);
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('name', 'attachment');
    expect(input).toHaveAttribute('data-max_filesize', '5');
    expect(input).toHaveAccessibleDescription('Solo .jpg');
  });

  it('on rejection clears the field and shows the alert', async () => {
    const { input, choose, alerts } = setup('opinion_photo', async () => jpegHead(3000, 2000));
    const clear = jest.spyOn(input, 'value', 'set');
    choose(fileOf('p.jpg', 'image/jpeg'));
    await waitFor(() => expect(alerts()).toEqual([{ key: 'upload.photoTooLarge', params: { width: 2048, height: 1536 }, style: 'error' }]));
    expect(clear).toHaveBeenCalledWith('');
    expect(input.dataset.upload).toBe('rejected: photo_too_large');
  });

  it('keeps an accepted file without a message', async () => {
    const { input, choose, alerts } = setup('opinion_photo', async () => jpegHead(800, 600));
    const clear = jest.spyOn(input, 'value', 'set');
    choose(fileOf('p.jpg', 'image/jpeg'));
    await waitFor(() => expect(input.dataset.upload).toBe('accepted'));
    expect(alerts()).toEqual([]);
    expect(clear).not.toHaveBeenCalled();
  });
});
