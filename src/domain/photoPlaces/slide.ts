import type { PhotoPlace } from '../responsiveImage';

/** A hotspot or related-product slide's photo (120 px shown): the small source on phones, sharper ones on larger screens. */
export const SLIDE_PHOTO: PhotoPlace = { sizes: '120px', tablet: 240, desktop: 320 };
