import type { PhotoPlace } from '../responsiveImage';

/** The product page's main picture: 220 px on a phone, its column (at most 360 px) from a tablet. */
export const PRODUCT_PHOTO: PhotoPlace = { sizes: '(min-width: 757px) 360px, 220px', tablet: 640, desktop: 640 };
