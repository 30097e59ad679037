import { alertBand, alertPlace } from '../../../src/domain/alertPlacement';

describe('alert placement (issue 34, point 5)', () => {
  const phone = 667;
  it('shows at the bottom when nothing it would cover is there', () => {
    expect(alertPlace(phone, 60, 16, [{ top: 100, bottom: 140 }])).toBe('bottom');
    expect(alertPlace(phone, 60, 16, [])).toBe('bottom');
  });
  it('moves to the top when the bottom would cover the cause or the next control', () => {
    // The cause near the bottom: the bottom band (591..651) covers it.
    expect(alertPlace(phone, 60, 16, [{ top: 600, bottom: 640 }])).toBe('top');
    // The cause clear of the bottom band, the next control under it.
    expect(alertPlace(phone, 60, 16, [{ top: 520, bottom: 560 }, { top: 580, bottom: 620 }])).toBe('top');
  });
  it('chooses the side that covers less when both would cover something', () => {
    expect(alertPlace(phone, 60, 16, [{ top: 20, bottom: 70 }, { top: 630, bottom: 640 }])).toBe('bottom');
    expect(alertPlace(phone, 60, 16, [{ top: 60, bottom: 70 }, { top: 600, bottom: 650 }])).toBe('top');
  });
  it('the chosen band is clear of every control when one side is', () => {
    const controls = [{ top: 560, bottom: 600 }, { top: 610, bottom: 650 }];
    const band = alertBand(alertPlace(phone, 72, 16, controls), phone, 72, 16);
    for (const control of controls) expect(Math.min(band.bottom, control.bottom) <= Math.max(band.top, control.top)).toBe(true);
  });
});
