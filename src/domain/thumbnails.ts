import { FULL_IMAGE_WIDTH, IMAGE_WIDTHS, isProductPhoto, sizedSource } from './responsiveImage';

/*
 * Its own module: a page chunk that shows only cards or only the product's photo does not carry it
 * (webpack keeps a shared module's used exports in every copy).
 */
/** A small fixed-size product picture (mini basket, live search, finder): 1x and 2x sources. */
export function thumbnailImage(icon: string, cssWidth: 48 | 96 | 160): { src: string; srcSet?: string } {
  if (!isProductPhoto(icon)) return { src: icon };
  const double = Math.min(cssWidth * 2, FULL_IMAGE_WIDTH);
  const second = IMAGE_WIDTHS.find((width) => width >= double) ?? FULL_IMAGE_WIDTH;
  return { src: sizedSource(icon, cssWidth), srcSet: `${sizedSource(icon, cssWidth)} 1x, ${sizedSource(icon, second)} 2x` };
}
