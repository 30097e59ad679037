import { IMAGE_WIDTHS, isImageWidth, photoImage, photoSrcSet, smallSource, sourceForMode } from '../../../src/domain/responsiveImage';
import { thumbnailImage } from '../../../src/domain/thumbnails';
import { CARD_PHOTO } from '../../../src/domain/photoPlaces/card';
import { PRODUCT_PHOTO } from '../../../src/domain/photoPlaces/product';
import { categoryHref, listingHref } from '../../../src/domain/listingLinks';
import { DISCS_HREF, KITS_HREF, PADS_HREF } from '../../../src/components/categoryLinks';

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

describe('product photos', () => {
  it('asks only the route’s widths, the small 420 px source among them', () => {
    expect(IMAGE_WIDTHS).toContain(420);
    expect(isImageWidth(420)).toBe(true);
    expect(isImageWidth(500)).toBe(false);
    expect(photoSrcSet('/data/gfx/products/7.jpg', 320, 640)).toBe('/data/gfx/products/7.jpg?w=320 320w, /data/gfx/products/7.jpg?w=420 420w, /data/gfx/products/7.jpg?w=640 640w');
  });

  it('gives a card its sources per layout mode (the phone’s the 420 px one, also its src), srcset and sizes', () => {
    const card = photoImage('/data/gfx/products/7.jpg', CARD_PHOTO);
    expect(card.src).toBe('/data/gfx/products/7.jpg?w=420');
    expect(card.sources).toEqual({ src_mobile: '/data/gfx/products/7.jpg?w=420', src_tablet: '/data/gfx/products/7.jpg?w=420', src_desktop: '/data/gfx/products/7.jpg?w=640' });
    expect(card.srcSet).toContain('/data/gfx/products/7.jpg?w=1200 1200w');
    expect(card.sizes).toMatch(/48vw$/);
  });

  it('leaves an image the route cannot size as it is, on every mode', () => {
    expect(photoImage('/i.svg', PRODUCT_PHOTO)).toEqual({ src: '/i.svg', sources: { src_mobile: '/i.svg', src_tablet: '/i.svg', src_desktop: '/i.svg' } });
    expect(thumbnailImage('/i.svg', 48)).toEqual({ src: '/i.svg' });
  });

  it('gives small pictures a 1x and a 2x source', () => {
    expect(thumbnailImage('/data/gfx/products/7.jpg', 48)).toEqual({ src: '/data/gfx/products/7.jpg?w=48', srcSet: '/data/gfx/products/7.jpg?w=48 1x, /data/gfx/products/7.jpg?w=96 2x' });
    expect(thumbnailImage('/data/gfx/products/7.jpg', 96).srcSet).toBe('/data/gfx/products/7.jpg?w=96 1x, /data/gfx/products/7.jpg?w=240 2x');
  });
});

describe('listing links', () => {
  it('percent-encode their brackets (a valid URL), and read back as the same parameters', () => {
    expect([PADS_HREF, DISCS_HREF, KITS_HREF]).toEqual([148728, 151538, 154315].map((category) => categoryHref(category)));
    const href = categoryHref(151538, [['traits_alt[49]', 77], ['promo', 1]]);
    expect(href).toBe('/search.php?traits_alt%5B24%5D=151538&traits_alt%5B49%5D=77&promo=1');
    expect(href).not.toMatch(/[[\]]/);
    expect(Object.fromEntries(new URL(href, 'http://x').searchParams)).toEqual({ 'traits_alt[24]': '151538', 'traits_alt[49]': '77', promo: '1' });
    expect(listingHref([['text', 'a&b c']])).toBe('/search.php?text=a%26b%20c');
  });
});
