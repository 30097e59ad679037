import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { hotspotsRequested } from '../../store/hotspotsSlice';
import { showMoreFlag } from '../domain/slider';
import { LAZY_OFFSET_PX } from '../domain/responsiveImage';

/** The carousel (react-slick) is its own chunk: pages without hotspots never load it. */
const HotspotSlider = lazy(() => import(/* webpackChunkName: "slider" */ './HotspotSlider'));

/**
 * A product zone whose content comes by ajax (elements with ajaxLoad), shown as a slider.
 * Removed from the page when the load fails or the zone comes back empty.
 */
export function HotspotZone({ zone, zonesType, product, title }: { zone: string; zonesType: string; product?: number; title: string }) {
  const dispatch = useAppDispatch();
  const state = useAppSelector((s) => s.hotspots[zone]);
  // The zone (and its carousel code) loads when it comes within 100 px of the viewport.
  const anchor = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near || !anchor.current) return;
    if (typeof IntersectionObserver === 'undefined') return setNear(true);
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: `${LAZY_OFFSET_PX}px` });
    observer.observe(anchor.current);
    return () => observer.disconnect();
  }, [near]);
  useEffect(() => {
    if (near) dispatch(hotspotsRequested({ zones: [zone], zonesType, product }));
  }, [dispatch, near, zone, zonesType, product]);
  if (!state) return <div ref={anchor} className="hotspot-zone__placeholder" data-zone-pending={zone} />;
  if (state.state === 'removed') return null;
  const headingId = `hotspot-${zone}`;
  const placeholder = <div className="hotspot-zone__placeholder" />;
  return (
    <div className="hotspot-zone" data-zone={zone} aria-busy={state.state === 'loading'} data-show-more={state.state === 'ready' && showMoreFlag(state.slides.length)}>
      <h2 id={headingId}>{title}</h2>
      {state.state === 'ready' ? (
        <Suspense fallback={placeholder}>
          <HotspotSlider zone={zone} labelledBy={headingId} slides={state.slides} />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}
