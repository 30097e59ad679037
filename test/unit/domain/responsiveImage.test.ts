import { smallSource, sourceForMode } from '../../../src/domain/responsiveImage';

describe('responsive images', () => {
  const sources = { src_mobile: '/m.jpg', src_tablet: '/t.jpg', src_desktop: '/d.jpg' };
  it('chooses the source by layout mode', () => {
    expect([1, 2, 3, 4].map((mode) => sourceForMode(sources, mode))).toEqual(['/m.jpg', '/t.jpg', '/d.jpg', '/d.jpg']);
  });
  it('falls back to the nearest source given', () => {
    expect(sourceForMode({ src_desktop: '/d.jpg' }, 1)).toBe('/d.jpg');
    expect(sourceForMode({ src_mobile: '/m.jpg' }, 4)).toBe('/m.jpg');
  });
  it('asks the small source at width 420', () => {
    expect(smallSource('/data/gfx/products/1.svg')).toBe('/data/gfx/products/1.svg?w=420');
  });
});
