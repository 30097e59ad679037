import '../styles/vehicle.css';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n/react';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { vehicleKeyRequested, type VehicleKeyTarget } from '../../store/vehicleSlice';
import { VEHICLE_KEY_MAX } from '../domain/vehicleKey';

const MESSAGE_KEY = { looking: 'vehicle.keyLooking', found: 'vehicle.keyFound', unknown: 'vehicle.keyUnknown', invalid: 'vehicle.keyInvalid', failed: 'vehicle.keyFailed' } as const;

/**
 * A vehicle by its registration key (issue 37): a KBA number (HSN/TSN, "0603/AJX") or a KType
 * number. `sagas/vehicleKey.ts` looks it up: found, the configurator and the garage open the
 * engine's parts, the brake finder takes the engine as its vehicle; unknown or malformed, the
 * form says so under the field (announced, and tied to the field).
 */
export function VehicleKeyForm({ target, idPrefix }: { target: VehicleKeyTarget; idPrefix: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const lookup = useAppSelector((state) => (state.vehicle.keyLookup?.target === target ? state.vehicle.keyLookup : null));
  const [key, setKey] = useState('');
  const fieldId = `${idPrefix}-key`;
  const hintId = `${fieldId}-hint`;
  const messageId = `${fieldId}-message`;
  const problem = lookup && (lookup.status === 'unknown' || lookup.status === 'invalid' || lookup.status === 'failed');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(vehicleKeyRequested({ key, target }));
  };
  return (
    <form className="vehicle-key" onSubmit={onSubmit} noValidate aria-labelledby={`${idPrefix}-key-title`} data-target={target}>
      <p className="vehicle-key__title" id={`${idPrefix}-key-title`}>
        {t('vehicle.keyTitle')}
      </p>
      <label htmlFor={fieldId}>{t('vehicle.keyLabel')}</label>
      <div className="vehicle-key__row">
        <input
          id={fieldId}
          name="key"
          type="text"
          inputMode="text"
          autoComplete="off"
          spellCheck={false}
          maxLength={VEHICLE_KEY_MAX}
          value={key}
          aria-invalid={problem ? true : undefined}
          aria-describedby={lookup ? `${hintId} ${messageId}` : hintId}
          onChange={(event) => setKey(event.target.value)}
        />
        <button type="submit" className="button vehicle-key__submit" aria-busy={lookup?.status === 'looking' || undefined}>
          {t('vehicle.keySubmit')}
        </button>
      </div>
      <p className="vehicle-key__hint" id={hintId}>
        {t('vehicle.keyHint')}
      </p>
      <p className={`vehicle-key__message${problem ? ' vehicle-key__message--problem' : ''}`} id={messageId} role="status" data-status={lookup?.status}>
        {lookup ? t(MESSAGE_KEY[lookup.status], { vehicle: lookup.label ?? '' }) : null}
      </p>
    </form>
  );
}
