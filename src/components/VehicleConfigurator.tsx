import '../styles/vehicle.css';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useStore } from 'react-redux';
import { useTranslation } from '../i18n/react';
import { initialContext, parentIdOf, type VehicleConfiguratorContext, type VehicleConfiguratorEvent } from '../../machines/vehicleConfigurator';
import { flowStartRequested, flowStopRequested } from '../../store/flowsSlice';
import { VEHICLE_FLOW } from '../../store/actions';
import { flowSend } from '../../store/flowsSlice';
import { useAppDispatch, useAppSelector, useFlow } from '../../store/hooks';
import type { RootState } from '../../store';
import { VEHICLE_LEVELS, VEHICLE_PARAMS, type VehicleLevel } from '../domain/vehicle';
import { useLocalPath } from './useLocalPath';
import { VehicleKeyForm } from './VehicleKeyForm';

const PICK_KEY: Record<VehicleLevel, string> = {
  brand: 'vehicle.pickBrand',
  model: 'vehicle.pickModel',
  year: 'vehicle.pickYear',
  engine: 'vehicle.pickEngine',
};

/**
 * The vehicle configurator "menu2": four labelled native selects (brand, model, year, engine)
 * driven by the vehicleConfigurator flow. A disabled select lets clicks through to its field
 * (CSS: pointer-events none), so a click or tap on it still asks the flow for the missing choice.
 * `collapsible` (the listing on a phone) starts it folded behind its heading's disclosure button.
 */
export function VehicleConfigurator({ headingId = 'vehicle-configurator', collapsible = false }: { headingId?: string; collapsible?: boolean | 'auto' }) {
  const { t } = useTranslation();
  const local = useLocalPath();
  const dispatch = useAppDispatch();
  const saved = useAppSelector((state) => state.vehicle.saved);
  const options = useAppSelector((state) => state.vehicle.options);
  const flow = useFlow<VehicleConfiguratorContext>(VEHICLE_FLOW);
  const send = (event: VehicleConfiguratorEvent) => dispatch(flowSend({ id: VEHICLE_FLOW, event }));
  // Folded while collapsible, until the shopper opens it.
  const [toggled, setToggled] = useState<boolean | null>(null);
  // 'auto' (layout not known yet): drawn open with its toggle, and CSS folds it on a phone.
  const open = toggled ?? collapsible !== true;
  const formId = `${headingId}-form`;

  // The flow lives as long as the form; it starts from the vehicle saved when the page opened
  // (read when it starts: after hydration the sagas have restored it from this browser's storage).
  const store = useStore<RootState>();
  const startChoice = useRef(saved);
  useEffect(() => {
    startChoice.current = store.getState().vehicle.saved;
    dispatch(flowStartRequested({ id: VEHICLE_FLOW, machine: 'vehicleConfigurator', input: { choice: startChoice.current } }));
    return () => {
      dispatch(flowStopRequested({ id: VEHICLE_FLOW }));
    };
  }, [dispatch, store]);

  const context = flow?.context ?? initialContext(startChoice.current);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'SUBMIT' });
  };

  return (
    <section className="vehicle-configurator" aria-labelledby={headingId} data-collapsible={collapsible === 'auto' && toggled === null ? 'auto' : undefined}>
      <h2 id={headingId}>
        {collapsible ? (
          <button type="button" className="vehicle-configurator__toggle" aria-expanded={open} aria-controls={formId} onClick={() => setToggled(!open)}>
            {t('vehicle.title')}
          </button>
        ) : (
          t('vehicle.title')
        )}
      </h2>
      {open ? <p className="vehicle-configurator__lead">{t('vehicle.lead')}</p> : null}
      <form id={formId} className="vehicle-configurator__form" action={local('/search.php')} method="get" onSubmit={onSubmit} noValidate hidden={!open}>
        {VEHICLE_LEVELS.map((level) => {
          const status = context.status[level];
          const disabled = status !== 'ready';
          const list = options[level];
          const items = list && list.parentId === parentIdOf(context.selected, level) ? list.items : [];
          const fieldId = `${headingId}-${level}`;
          const hintId = `${fieldId}-hint`;
          const hint = status === 'none' ? t(level === 'engine' ? 'vehicle.noEngineMessage' : 'vehicle.noOptions') : null;
          return (
            <div
              key={level}
              className="vehicle-field"
              data-level={level}
              data-status={status}
              onClick={disabled ? () => send({ type: 'CLICK_DISABLED', level }) : undefined}
            >
              <label htmlFor={fieldId}>{t(`vehicle.${level}`)}</label>
              <select
                id={fieldId}
                name={VEHICLE_PARAMS[level]}
                disabled={disabled}
                aria-describedby={hint ? hintId : undefined}
                aria-busy={status === 'loading'}
                value={context.selected[level]?.id ?? ''}
                onChange={(event) => {
                  const id = Number(event.target.value);
                  send({ type: 'SELECT', level, option: items.find((item) => item.id === id) ?? null });
                }}
              >
                <option value="">{status === 'loading' ? t('vehicle.loading') : t(PICK_KEY[level])}</option>
                {items.map((item) => (
                  <option key={item.id} value={item.id}>
                    {item.name}
                  </option>
                ))}
              </select>
              {hint ? (
                <p id={hintId} className="vehicle-field__hint">
                  {hint}
                </p>
              ) : null}
            </div>
          );
        })}
        <button type="submit" className="button vehicle-configurator__submit">
          {t('vehicle.submit')}
        </button>
      </form>
      {open ? <VehicleKeyForm target="configurator" idPrefix={headingId} /> : null}
    </section>
  );
}
