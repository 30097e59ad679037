import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../i18n/react';
import { GARAGE_FLOW } from '../../store/actions';
import { flowSend, flowStartRequested } from '../../store/flowsSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import itFitment from '../i18n/it.fitment';
import { addPageTexts } from '../i18n/runtime';

addPageTexts(itFitment);

/** The garage's panel, its machine and texts load at the first press (not with the page). */
const GaragePanel = lazy(() => import(/* webpackChunkName: "garage" */ './GaragePanel').then((module) => ({ default: module.GaragePanel })));

/** The header's garage: how many vehicles are kept; opens the panel that switches between them. */
export function GarageButton() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const count = useAppSelector((state) => state.vehicle.garage.vehicles.length);
  const [wanted, setWanted] = useState(false);
  if (!count) return null;
  return (
    <>
      <button
        type="button"
        className="garage-button"
        aria-haspopup="dialog"
        onClick={() => {
          // The first press starts the panel's flow (its code loads meanwhile; the open waits for it).
          if (!wanted) dispatch(flowStartRequested({ id: GARAGE_FLOW, machine: 'garage' }));
          setWanted(true);
          dispatch(flowSend({ id: GARAGE_FLOW, event: { type: 'OPEN' } }));
        }}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M3 13l2-5.5A2 2 0 0 1 6.9 6h10.2a2 2 0 0 1 1.9 1.5L21 13v5h-2.5v-2h-13v2H3z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
          <circle cx="7.5" cy="13.5" r="1.3" fill="currentColor" />
          <circle cx="16.5" cy="13.5" r="1.3" fill="currentColor" />
        </svg>
        <span className="garage-button__label">{t('garage.button')}</span>
        <span className="visually-hidden"> ({t('garage.count', { count })})</span>
        <span className="badge" aria-hidden="true">
          {count}
        </span>
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <GaragePanel />
        </Suspense>
      ) : null}
    </>
  );
}
