import { lazy, Suspense, useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { hotspotsRequested } from '../../store/hotspotsSlice';
import { showMoreFlag } from '../domain/slider';

/** The carousel (react-slick) is its own chunk: pages without hotspots never load it. */
const HotspotSlider = lazy(() => import(/* webpackChunkName: "slider" */ './HotspotSlider'));

/**
 * A product zone whose content comes by ajax (elements with ajaxLoad), shown as a slider.
 * Removed from the page when the load fails or the zone comes back empty.
 */
export function HotspotZone({ zone, zonesType, product, title }: { zone: string; zonesType: string; product?: number; title: string }) {
  const dispatch = useAppDispatch();
  const state = useAppSelector((s) => s.hotspots[zone]);
  useEffect(() => {
    dispatch(hotspotsRequested({ zones: [zone], zonesType, product }));
  }, [dispatch, zone, zonesType, product]);
  if (!state || state.state === 'removed') return null;
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
