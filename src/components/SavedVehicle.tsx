import '../styles/vehicle.css';
import { useTranslation } from '../i18n/react';
import { vehicleRemoveRequested } from '../../store/actions';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { vehicleLabel } from '../domain/vehicle';
import { vehiclePageHref } from '../domain/vehiclePages';
import { useLocalPath } from './useLocalPath';

/**
 * The saved vehicle as a bar under the header (one line on a phone, so a product's name and price
 * stay in the first screen: issue 34, point 8); "remove" clears it and goes to the home page. */
export function SavedVehicle() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const saved = useAppSelector((state) => state.vehicle.saved);
  const local = useLocalPath();
  const label = saved ? vehicleLabel(saved) : '';
  if (!label || !saved) return null;
  // The vehicle's own page (issue 25): its engine's, else its model's or its brand's.
  const page = vehiclePageHref(saved);
  return (
    <section className="saved-vehicle" aria-label={t('vehicle.saved')}>
      <div className="saved-vehicle__inner">
        <p className="saved-vehicle__text">
          <span className="saved-vehicle__title">{t('vehicle.saved')}:</span> <strong className="saved-vehicle__name">{label}</strong>
        </p>
        {page ? (
          <a className="saved-vehicle__page" href={local(page)}>
            {/* On a phone the bar is one line: the short text shows, the long one names the link. */}
            <span className="saved-vehicle__short" aria-hidden="true">
              {t('vehicle.pageLinkShort')}
            </span>
            <span className="saved-vehicle__long">{t('vehicle.pageLink')}</span>
          </a>
        ) : null}
        <button type="button" className="saved-vehicle__remove" aria-label={t('vehicle.removeLabel', { vehicle: label })} onClick={() => dispatch(vehicleRemoveRequested())}>
          {t('vehicle.remove')}
        </button>
      </div>
    </section>
  );
}
