import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { hotspotsRequested } from '../../store/hotspotsSlice';

/**
 * A product zone whose content comes by ajax (elements with ajaxLoad). Removed from the page
 * when the load fails or the zone comes back empty.
 */
export function HotspotZone({ zone, zonesType, product, title }: { zone: string; zonesType: string; product?: number; title: string }) {
  const dispatch = useAppDispatch();
  const state = useAppSelector((s) => s.hotspots[zone]);
  useEffect(() => {
    dispatch(hotspotsRequested({ zones: [zone], zonesType, product }));
  }, [dispatch, zone, zonesType, product]);
  if (!state || state.state === 'removed') return null;
  const headingId = `hotspot-${zone}`;
  return (
    <section className="hotspot-zone" data-zone={zone} aria-labelledby={headingId} aria-busy={state.state === 'loading'}>
      <h2 id={headingId}>{title}</h2>
      {state.state === 'ready' ? <div className="hotspot-zone__list" dangerouslySetInnerHTML={{ __html: state.html }} /> : <div className="hotspot-zone__list hotspot-zone__list--loading" />}
    </section>
  );
}
