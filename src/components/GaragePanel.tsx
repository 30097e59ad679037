import { useState } from 'react';
import { useTranslation } from '../i18n/react';
import { GARAGE_FLOW } from '../../store/actions';
import { flowMatches, flowSend } from '../../store/flowsSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import type { GarageEvent } from '../../machines/garage';
import { garageLabel, GARAGE_NAME_MAX, vehicleKey, type GarageVehicle } from '../domain/garage';
import { vehicleLabel } from '../domain/vehicle';
import '../styles/garage.css';
import { SidePanel } from './SidePanel';
import { VehicleKeyForm } from './VehicleKeyForm';
import itFitment from '../i18n/it.fitment';
import { addPageTexts } from '../i18n/runtime';

addPageTexts(itFitment);

/**
 * The garage panel (issue 25): a side panel, as the mini basket's (SidePanel.tsx), listing the
 * kept vehicles: the one in use, the default, and for each "use", "make default", a name and
 * "remove". The flow is started by the header's button (GarageButton.tsx) at its first press.
 */
export function GaragePanel() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const flow = useAppSelector((state) => state.flows[GARAGE_FLOW]);
  const garage = useAppSelector((state) => state.vehicle.garage);
  const saved = useAppSelector((state) => state.vehicle.saved);
  const open = flowMatches(flow, 'open');
  const send = (event: GarageEvent) => dispatch(flowSend({ id: GARAGE_FLOW, event }));
  const chosenKey = saved ? vehicleKey(saved) : null;

  return (
    <SidePanel open={open} title={t('garage.title')} titleId="garage-title" closeLabel={t('garage.close')} onClose={() => send({ type: 'CLOSE' })} block="garage">
      {garage.vehicles.length ? (
        <ul className="garage__list">
          {garage.vehicles.map((vehicle) => (
            <GarageRow key={vehicle.key} vehicle={vehicle} chosen={vehicle.key === chosenKey} isDefault={vehicle.key === garage.defaultKey} send={send} />
          ))}
        </ul>
      ) : (
        <p>{t('garage.empty')}</p>
      )}
      <a className="garage__add" href="/main.php">
        {t('garage.add')}
      </a>
      <VehicleKeyForm target="garage" idPrefix="garage" />
    </SidePanel>
  );
}

function GarageRow({ vehicle, chosen, isDefault, send }: { vehicle: GarageVehicle; chosen: boolean; isDefault: boolean; send(event: GarageEvent): void }) {
  const { t } = useTranslation();
  const label = garageLabel(vehicle);
  const [name, setName] = useState(vehicle.name ?? '');
  const nameId = `garage-name-${vehicle.key}`;
  return (
    <li className={chosen ? 'garage__vehicle garage__vehicle--chosen' : 'garage__vehicle'} aria-current={chosen || undefined} data-vehicle-key={vehicle.key}>
      <p className="garage__label">
        <strong>{label}</strong>
        {vehicle.name ? <span className="garage__full">{vehicleLabel(vehicle.choice)}</span> : null}
      </p>
      <p className="garage__marks">
        {chosen ? <span className="garage__mark garage__mark--chosen">{t('garage.chosen')}</span> : null}
        {isDefault ? <span className="garage__mark">{t('garage.isDefault')}</span> : null}
      </p>
      <div className="garage__actions">
        {chosen ? null : (
          <button type="button" className="button garage__use" aria-label={t('garage.useLabel', { vehicle: label })} onClick={() => send({ type: 'SWITCH', key: vehicle.key })}>
            {t('garage.use')}
          </button>
        )}
        {isDefault ? null : (
          <button type="button" className="garage__link-button" aria-label={t('garage.makeDefaultLabel', { vehicle: label })} onClick={() => send({ type: 'MAKE_DEFAULT', key: vehicle.key })}>
            {t('garage.makeDefault')}
          </button>
        )}
        <button type="button" className="garage__link-button garage__remove" aria-label={t('garage.removeLabel', { vehicle: label })} onClick={() => send({ type: 'REMOVE', key: vehicle.key })}>
          {t('garage.remove')}
        </button>
      </div>
      <form
        className="garage__name"
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'RENAME', key: vehicle.key, name });
        }}
      >
        <label htmlFor={nameId}>{t('garage.name')}</label>
        <input id={nameId} type="text" maxLength={GARAGE_NAME_MAX} value={name} onChange={(event) => setName(event.target.value)} autoComplete="off" />
        <button type="submit" className="garage__link-button" aria-label={t('garage.saveLabel', { vehicle: label })}>
          {t('garage.save')}
        </button>
      </form>
    </li>
  );
}
