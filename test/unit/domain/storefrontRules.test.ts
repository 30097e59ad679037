import fc from 'fast-check';
import { newsDate } from '../../../src/domain/newsDate';
import { postcodeRejected } from '../../../src/domain/postcode';
import { matchZipRange, ZIP_RANGES } from '../../../src/domain/zipRanges';
import { equalHeightUsable, equalRowHeights, rowSize } from '../../../src/domain/equalHeight';
import { checkUpload } from '../../../src/domain/upload';
import { validateFieldValue } from '../../../src/domain/fieldValidation';

describe('news date', () => {
  it('gives day-month-year, month names optional, false below three parts', () => {
    expect(newsDate('2026-11-22')).toMatchObject({ text: '22-11-2026' });
    expect(newsDate('2026-03-05 10:00', { monthNames: ['gen', 'feb', 'mar'] })).toMatchObject({ day: '05', month: 'mar', text: '05-mar-2026' });
    expect(newsDate('2026-11')).toBe(false);
  });
  it('property: any string with fewer than two dashes is false', () => {
    fc.assert(fc.property(fc.string().filter((s) => s.split('-').length < 3), (s) => expect(newsDate(s)).toBe(false)));
  });
});

describe('delivery postcode restriction', () => {
  it.each([
    ['1143020075', '35000', true],
    ['1143020075', '38999', true],
    ['1143020075', '51500', true],
    ['1143020075', '52999', true],
    ['1143020075', '36000', false],
    ['1143020220', '23010', true],
    ['1143020220', '23100', true],
    ['1143020220', '23101', false],
    ['1143020218', 'JE2 3AB', true],
    ['1143020218', 'gy1 1aa', true],
    ['1143020218', 'IM1 1AA', true],
    ['1143020218', 'SW1A 1AA', false],
    ['9999', '35000', false],
  ])('region %s, postcode %s: rejected %s', (region, postcode, rejected) => {
    expect(postcodeRejected(region, postcode)).toBe(rejected);
  });
});

describe('zip ranges', () => {
  it('matches Portugal’s islands to 9980999, or to 9499999 for the Austrian and Dutch versions', () => {
    expect(matchZipRange(ZIP_RANGES, 'PT', 'it', '9700000')).not.toBeNull();
    expect(matchZipRange(ZIP_RANGES, 'PT', 'nl', '9700000')).toBeNull();
    expect(matchZipRange(ZIP_RANGES, 'PT', 'de-at', '9400000')).not.toBeNull();
  });
  it('matches the Balearic Islands and Corsica', () => {
    expect(matchZipRange(ZIP_RANGES, 'ES', 'it', '07001')).toMatchObject({ countryId: 'ES' });
    expect(matchZipRange(ZIP_RANGES, 'ES', 'it', '08001')).toBeNull();
    expect(matchZipRange(ZIP_RANGES, 'FR', 'it', '20 100')).toMatchObject({ countryId: 'FR' });
    expect(matchZipRange(ZIP_RANGES, 'FR', 'it', 'abc')).toBeNull();
  });
});

describe('equal-height rows', () => {
  it('row size is the container width over the first item’s outer width, rounded', () => {
    expect(rowSize(1000, 240)).toBe(4);
    expect(rowSize(1000, 0)).toBe(1);
  });
  it('gives every item its row’s tallest height', () => {
    expect(equalRowHeights([100, 140, 120, 90, 80], 2)).toEqual([140, 140, 120, 120, 80]);
  });
  it('property: no item shrinks and every row is level', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 900 }), { maxLength: 30 }), fc.integer({ min: 1, max: 6 }), (heights, perRow) => {
        const result = equalRowHeights(heights, perRow);
        result.forEach((h, i) => {
          expect(h).toBeGreaterThanOrEqual(heights[i]);
          expect(h).toBe(result[i - (i % perRow)]);
        });
      }),
    );
  });
  it('needs a container that exists and at least one item selector', () => {
    expect(equalHeightUsable({ container: '.list', items: ['.name'], containerExists: true })).toBe(true);
    expect(equalHeightUsable({ container: '.list', items: [], containerExists: true })).toBe(false);
    expect(equalHeightUsable({ container: '.list', items: '.name', containerExists: false })).toBe(false);
  });
});

describe('upload checks', () => {
  const file = { fieldName: 'attachment', fileName: 'foto.jpg', mimeType: 'image/jpeg', sizeBytes: 1000, maxFilesizeMb: 2 };
  it('refuses blacklisted types and extensions', () => {
    expect(checkUpload({ ...file, fileName: 'setup.exe', mimeType: 'application/octet-stream' })).toEqual({ kind: 'type_not_allowed' });
    expect(checkUpload({ ...file, fileName: 'page.txt', mimeType: 'text/html' })).toEqual({ kind: 'type_not_allowed' });
  });
  it('refuses a file over the field’s maximum size', () => {
    expect(checkUpload({ ...file, sizeBytes: 3 * 1024 * 1024 })).toEqual({ kind: 'too_big', maxMb: 2 });
  });
  it('wants the opinion photo as a .jpg of at most 2048x1536', () => {
    const photo = { ...file, fieldName: 'opinion_photo' };
    expect(checkUpload({ ...photo, fileName: 'foto.png', mimeType: 'image/png' })).toEqual({ kind: 'jpg_only' });
    expect(checkUpload({ ...photo, image: { width: 4000, height: 3000 } })).toEqual({ kind: 'photo_too_large', maxWidth: 2048, maxHeight: 1536 });
    expect(checkUpload({ ...photo, image: { width: 2048, height: 1536 } })).toBeNull();
  });
});

describe('form fields', () => {
  it('checks required fields, lengths, email and phone-or-email', () => {
    expect(validateFieldValue({ kind: 'text', value: ' ', required: true })).toEqual({ key: 'form.required' });
    expect(validateFieldValue({ kind: 'text', value: 'ab', validate: true, minlength: 3 })).toEqual({ key: 'form.minLength', values: { n: 3 } });
    expect(validateFieldValue({ kind: 'text', value: 'abcd', validate: true, maxlength: 3 })).toEqual({ key: 'form.maxLength', values: { n: 3 } });
    expect(validateFieldValue({ kind: 'text', value: 'ab', minlength: 3 })).toBeNull();
    expect(validateFieldValue({ kind: 'email', value: 'mario@rossi' })).toEqual({ key: 'form.email' });
    expect(validateFieldValue({ kind: 'email', value: 'mario@rossi.it' })).toBeNull();
    expect(validateFieldValue({ kind: 'phone_or_email', value: '333 123 45' })).toEqual({ key: 'form.phone', values: { n: 9 } });
    expect(validateFieldValue({ kind: 'phone_or_email', value: '+39 333 1234567' })).toBeNull();
    expect(validateFieldValue({ kind: 'phone_or_email', value: 'mario@rossi.it' })).toBeNull();
    expect(validateFieldValue({ kind: 'terms', value: '', checked: false })).toEqual({ key: 'form.terms' });
    expect(validateFieldValue({ kind: 'checkbox', value: '', required: true, checked: true })).toBeNull();
  });
});

import { deliveryRegion, COUNTRY_REGIONS } from '../../../src/domain/deliveryRegion';
import { ZIP_RANGES as RANGES } from '../../../src/domain/zipRanges';
import fcheck from 'fast-check';

describe('delivery region for the basket\u2019s shipping estimate', () => {
  it.each([
    ['IT', 'it', '20121', { kind: 'mainland', region: COUNTRY_REGIONS.IT }],
    ['IT', 'it', '23030', { kind: 'refused', region: COUNTRY_REGIONS.IT }],
    ['IT', 'it', '2012', { kind: 'invalid' }],
    ['ES', 'it', '28001', { kind: 'mainland', region: COUNTRY_REGIONS.ES }],
    ['ES', 'it', '07001', { kind: 'remote', region: '1143020079' }],
    ['ES', 'it', '35001', { kind: 'refused', region: COUNTRY_REGIONS.ES }],
    ['FR', 'it', '20000', { kind: 'remote', region: '1143020077' }],
    ['FR', 'it', '75001', { kind: 'mainland', region: COUNTRY_REGIONS.FR }],
    ['PT', 'it', '9000-001', { kind: 'remote', region: '1143020301' }],
    ['PT', 'it', '1000-001', { kind: 'mainland', region: COUNTRY_REGIONS.PT }],
    ['GB', 'en', 'JE2 3AB', { kind: 'refused', region: COUNTRY_REGIONS.GB }],
    ['GB', 'en', 'SW1A 1AA', { kind: 'mainland', region: COUNTRY_REGIONS.GB }],
    ['DE', 'it', '10115', { kind: 'invalid' }],
  ])('%s %s %s', (country, language, postcode, expected) => {
    expect(deliveryRegion(RANGES, country, language, postcode)).toEqual(expected);
  });

  it('every Italian five-digit postcode outside 23010-23100 is delivered to the mainland (property)', () => {
    fcheck.assert(
      fcheck.property(fcheck.integer({ min: 0, max: 99999 }), (n) => {
        const code = String(n).padStart(5, '0');
        const result = deliveryRegion(RANGES, 'IT', 'it', code);
        return n >= 23010 && n <= 23100 ? result.kind === 'refused' : result.kind === 'mainland';
      }),
    );
  });
});
