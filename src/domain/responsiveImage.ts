/**
 * Responsive images (storefront spec sections 2 and 9): the source is chosen by the layout
 * mode (src_mobile, src_tablet, src_desktop); the small lazy-load source is used at width 420;
 * lazy loading starts 100 px before the image scrolls into view.
 */
export const LAZY_OFFSET_PX = 100;
export const SMALL_SOURCE_WIDTH = 420;

export interface ResponsiveSources {
  src_mobile?: string;
  src_tablet?: string;
  src_desktop?: string;
}

export function sourceForMode(sources: ResponsiveSources, mode: number | null): string | undefined {
  if (mode === 1) return sources.src_mobile ?? sources.src_tablet ?? sources.src_desktop;
  if (mode === 2) return sources.src_tablet ?? sources.src_desktop ?? sources.src_mobile;
  return sources.src_desktop ?? sources.src_tablet ?? sources.src_mobile;
}

/**
 * The widths the image route draws a photo at (`?w=`, server/routes/images.ts): a fixed set,
 * so each photo has a few cached files, never one per asked number. 1200 is the photo whole.
 */
export const IMAGE_WIDTHS = [48, 96, 160, 240, 320, 420, 640, 960, 1200] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
export const FULL_IMAGE_WIDTH: ImageWidth = 1200;

export function isImageWidth(value: number): value is ImageWidth {
  return (IMAGE_WIDTHS as readonly number[]).includes(value);
}

/** The address of an image at one of the route's widths. */
export function sizedSource(src: string, width: ImageWidth): string {
  return `${src}${src.includes('?') ? '&' : '?'}w=${width}`;
}

/** The small source: the address asked at width 420. */
export function smallSource(src: string): string {
  return sizedSource(src, SMALL_SOURCE_WIDTH);
}

/** Only the shop's product photos are drawn at several widths (other images are single files). */
export function isProductPhoto(src: string): boolean {
  return /^\/data\/gfx\/products\/\d{1,9}\.jpg$/.test(src);
}

/** `srcset` of a photo from `min` to `max` px wide: the browser picks the one its layout and screen need. */
export function photoSrcSet(src: string, min: ImageWidth = 160, max: ImageWidth = FULL_IMAGE_WIDTH): string {
  return IMAGE_WIDTHS.filter((width) => width >= min && width <= max)
    .map((width) => `${sizedSource(src, width)} ${width}w`)
    .join(', ');
}

/**
 * Where a product photo is shown, and how wide (CSS px) per layout: the `sizes` of its `<img>`,
 * and the sources per layout mode the spec's data-attributes carry (the phone's is the small
 * 420 px source). Each place is its own module (src/domain/photoPlaces/), so a page's chunk
 * carries only its own.
 */
export interface PhotoPlace {
  sizes: string;
  tablet: ImageWidth;
  desktop: ImageWidth;
}

export interface PhotoImage {
  src: string;
  srcSet?: string;
  sizes?: string;
  sources: ResponsiveSources;
}

/**
 * A slide's `<img>` sources as server HTML carries them (`data-src_mobile|tablet|desktop`), read
 * back for the layout mode; only the shop's own addresses (a path, not another site) are taken.
 */
export function slideSources(read: (name: 'src_mobile' | 'src_tablet' | 'src_desktop') => string | null | undefined): ResponsiveSources {
  const own = (value: string | null | undefined) => (value && value.startsWith('/') && !value.startsWith('//') ? value : undefined);
  return { src_mobile: own(read('src_mobile')), src_tablet: own(read('src_tablet')), src_desktop: own(read('src_desktop')) };
}

/** The `data-src_*` attributes of a slide's image (server HTML), escaped by the caller. */
export function slideSourceAttributes(sources: ResponsiveSources, escape: (text: string) => string): string {
  return (['src_mobile', 'src_tablet', 'src_desktop'] as const)
    .filter((name) => sources[name])
    .map((name) => ` data-${name}="${escape(sources[name]!)}"`)
    .join('');
}

/**
 * A product photo's `<img>` attributes for a place. `src` is the small 420 px source (what a
 * browser without `srcset` gets, and the phone's); images the route cannot size keep their address.
 */
export function photoImage(icon: string, { sizes, tablet, desktop }: PhotoPlace): PhotoImage {
  if (!isProductPhoto(icon)) return { src: icon, sources: { src_mobile: icon, src_tablet: icon, src_desktop: icon } };
  const sources = { src_mobile: smallSource(icon), src_tablet: sizedSource(icon, tablet), src_desktop: sizedSource(icon, desktop) };
  return { src: sources.src_mobile, srcSet: photoSrcSet(icon), sizes, sources };
}
