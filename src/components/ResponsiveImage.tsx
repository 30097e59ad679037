import { useFlow } from '../../store/hooks';
import type { LayoutModeNumber } from '../../machines/layoutMode';
import { sourceForMode, type ResponsiveSources } from '../domain/responsiveImage';

/**
 * An image whose source follows the layout mode (storefront spec section 2): it carries the
 * sources per mode as `data-src_mobile`, `data-src_tablet`, `data-src_desktop`, and `src` is the
 * mode's (the phone's small 420 px source until the mode is known, as the server draws it).
 * With `srcSet` / `sizes` the browser picks the width its layout and screen need as it parses
 * the page. It always has a source: images below the first screen load lazily (`loading="lazy"`),
 * the first ones at once; `priority` marks the page's largest picture (`fetchpriority="high"`).
 */
export function ResponsiveImage({
  sources,
  srcSet,
  sizes,
  alt,
  width,
  height,
  className,
  eager = false,
  priority = false,
}: {
  sources: ResponsiveSources;
  srcSet?: string;
  sizes?: string;
  alt: string;
  width: number;
  height: number;
  className?: string;
  eager?: boolean;
  priority?: boolean;
}) {
  const mode = useFlow<{ mode: LayoutModeNumber | null }>('layoutMode')?.context.mode ?? null;
  const src = sourceForMode(sources, mode ?? 1);
  return (
    <img
      className={className}
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      decoding="async"
      loading={eager || priority ? undefined : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      data-src_mobile={sources.src_mobile}
      data-src_tablet={sources.src_tablet}
      data-src_desktop={sources.src_desktop}
    />
  );
}
