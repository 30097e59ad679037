import type { PhotoPlace } from '../responsiveImage';

/** A product card in a grid: 2 columns on a phone, 3 from a tablet, 4 on wide screens. */
export const CARD_PHOTO: PhotoPlace = { sizes: '(min-width: 1200px) 280px, (min-width: 757px) 31vw, 48vw', tablet: 420, desktop: 640 };
