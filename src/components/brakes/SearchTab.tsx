import { useRef, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import { useAppSelector } from '../../../store/hooks';
import { useFinder } from './useFinder';

/** A phone (view 1): below 757 px. */
function onPhone(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 756px)').matches;
}

/**
 * The search tab: 3 or more characters list the matching vehicles after a typing delay
 * (fewer show the length message); a paste on a phone waits 200 ms. Submit with one match
 * searches it, with more asks to choose one, with none shows the no-product message.
 */
export function SearchTab() {
  const { t } = useTranslation();
  const { context, send, matches } = useFinder();
  const found = useAppSelector((state) => state.finder.matches);
  const pasted = useRef(false);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'SUBMIT_SEARCH' });
  };
  const busy = matches('data.active.ready.search.typing') || matches('data.active.ready.search.pasting') || matches('data.active.ready.search.matching');
  const listed = matches('data.active.ready.search.listed');
  const count = context?.matches ?? 0;

  return (
    <div className="finder-search">
      <form role="search" aria-label={t('finder.tabs.search')} onSubmit={onSubmit} className="finder-search__form">
        <label htmlFor="brake-finder-query">{t('finder.searchLabel')}</label>
        <div className="finder-search__row">
          <input
            id="brake-finder-query"
            type="search"
            autoComplete="off"
            placeholder={t('finder.searchPlaceholder')}
            defaultValue={context?.query ?? ''}
            aria-describedby="brake-finder-search-status"
            onPaste={() => {
              pasted.current = true;
            }}
            onChange={(event) => {
              const query = event.target.value;
              if (pasted.current) send({ type: 'PASTE', query, mobile: onPhone() });
              else send({ type: 'TYPE', query });
              pasted.current = false;
            }}
          />
          <button type="submit" className="button">
            {t('finder.searchSubmit')}
          </button>
        </div>
      </form>
      <div id="brake-finder-search-status" className="finder-search__status">
        {matches('data.active.ready.search.tooShort') ? <p role="status">{t('finder.brake_length')}</p> : null}
        {busy ? <p role="status">{t('finder.loading')}</p> : null}
        {matches('data.active.ready.search.none') ? (
          <p role="alert" className="finder-error">
            {t('finder.brake_error2')}
          </p>
        ) : null}
      </div>
      {listed && found.length ? (
        <>
          <h3 className="finder-search__title" id="brake-finder-results">
            {t('finder.searchResults')}
          </h3>
          <ul className="finder-search__results" aria-labelledby="brake-finder-results">
            {found.map((vehicle) => (
              <li key={vehicle.id}>
                <button type="button" className="finder-search__vehicle" onClick={() => send({ type: 'CHOOSE_VEHICLE', engineId: vehicle.id, label: vehicle.label })}>
                  {vehicle.label}
                </button>
              </li>
            ))}
          </ul>
          {count > found.length ? <p className="finder-search__more">{t('finder.moreResults', { shown: found.length, count })}</p> : null}
        </>
      ) : null}
    </div>
  );
}
