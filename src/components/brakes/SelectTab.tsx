import type { FormEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import { useAppSelector } from '../../../store/hooks';
import { chooseDropdown, DROPDOWNS, dropdownEnabled, dropdownOptions, engineField, engineLetter, NO_CHOICE, type Dropdown } from '../../domain/brakeFinder';
import { useFinder } from './useFinder';
import { VehicleKeyForm } from '../VehicleKeyForm';

/**
 * The select tab: brand, model, generation and engine, each enabled once the earlier ones are
 * chosen. A disabled select lets clicks through to its field (pointer-events: none), so a
 * click on it asks for what is missing.
 */
export function SelectTab() {
  const { t } = useTranslation();
  const { context, send, matches } = useFinder();
  const brands = useAppSelector((state) => state.finder.brands);
  const engineData = useAppSelector((state) => state.finder.engineData);
  const choice = context?.choice ?? NO_CHOICE;
  const tree = choice.brand ? engineData[engineLetter(choice.brand)] : undefined;
  const loadingEngines = matches('data.active.ready.select.loadingEngines');

  const options = (dropdown: Dropdown): string[] => (dropdown === 'brand' ? brands : dropdownOptions(tree, choice, dropdown));
  // The last dropdown and the submit send the engine field: the option's direct engine id, else the built result.
  const choose = (dropdown: Dropdown, value: string) => {
    const engine = dropdown === 'engine' && value ? engineField(tree, chooseDropdown(choice, 'engine', value)) : null;
    send({ type: 'CHOOSE', dropdown, value: value || null, ...(dropdown === 'engine' ? { engine } : {}) });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'SUBMIT_SELECT', engine: engineField(tree, choice) });
  };

  return (
    <>
      <form className="finder-select" onSubmit={onSubmit} aria-busy={loadingEngines || undefined}>
        {DROPDOWNS.map((dropdown) => {
          const enabled = dropdownEnabled(choice, dropdown) && !(loadingEngines && dropdown !== 'brand');
          const id = `brake-finder-${dropdown}`;
          return (
            <div
              key={dropdown}
              className={`finder-select__field${enabled ? '' : ' finder-select__field--disabled'}`}
              data-dropdown={dropdown}
              onClick={() => {
                if (!enabled && !loadingEngines) send({ type: 'DISABLED_CLICK', dropdown });
              }}
            >
              <label htmlFor={id}>{t(`finder.${dropdown}`)}</label>
              <select id={id} value={choice[dropdown] ?? ''} disabled={!enabled} onChange={(event) => choose(dropdown, event.target.value)}>
                <option value="">{t('finder.choose')}</option>
                {options(dropdown).map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            </div>
          );
        })}
        <button type="submit" className="button finder-select__submit">
          {t('finder.submit')}
        </button>
      </form>
      <VehicleKeyForm target="finder" idPrefix="brake-finder" />
    </>
  );
}
