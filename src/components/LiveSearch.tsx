import { useCallback, useEffect, useState, type ComponentType, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from '../i18n/react';
import type { LiveSearchContext, LiveSearchEvent } from '../../machines/liveSearch';
import { LIVE_SEARCH_FLOW } from '../../store/liveSearchSlice';
import { flowMatches, flowSend } from '../../store/flowsSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { liveSearchOptions } from '../domain/liveSearch';
import '../styles/search.css';
import type { LiveSearchGroupsProps } from './LiveSearchGroups';
import { useLocalPath } from './useLocalPath';

export const LISTBOX_ID = 'live-search-listbox';
export const optionId = (index: number) => `live-search-option-${index}`;

const loadGroups = () => import(/* webpackChunkName: "live-search" */ './LiveSearchGroups');
type GroupsModule = Awaited<ReturnType<typeof loadGroups>>;

const KEY_EVENTS: Record<string, LiveSearchEvent['type']> = { ArrowDown: 'NEXT', ArrowUp: 'PREVIOUS', Enter: 'ENTER', Escape: 'ESCAPE' };

/**
 * The header search box with its live results (WAI-ARIA 1.2 combobox with a listbox popup):
 * the input keeps focus, aria-activedescendant names the active option. The flow
 * (`machines/liveSearch.ts`) decides everything; this view renders it and forwards keys.
 */
export function LiveSearch() {
  const { t } = useTranslation();
  const local = useLocalPath();
  const dispatch = useAppDispatch();
  const mirror = useAppSelector((state) => state.flows[LIVE_SEARCH_FLOW]);
  const result = useAppSelector((state) => state.liveSearch.result);
  const alsoKnownAs = useAppSelector((state) => state.liveSearch.alsoKnownAs);
  const pageQuery = useAppSelector((state) => state.page.location?.query.text ?? '');
  const context = mirror?.context as LiveSearchContext | undefined;
  const expanded = flowMatches(mirror, 'popup.open');
  const onlyOe = flowMatches(mirror, 'popup.open.onlyOe');
  const active = expanded && context ? context.active : -1;
  const count = expanded ? liveSearchOptions(result).length : 0;
  // The popup's code loads on first focus (or first results), not with the page.
  // The results' code loads on first focus; kept as a component (not React.lazy) so showing
  // results never waits on a Suspense boundary's reveal throttle.
  const [Groups, setGroups] = useState<ComponentType<LiveSearchGroupsProps> | null>(null);
  const wantGroups = useCallback(() => {
    void loadGroups().then((module: GroupsModule) => setGroups(() => module.default));
  }, []);

  const send = useCallback((event: LiveSearchEvent) => dispatch(flowSend({ id: LIVE_SEARCH_FLOW, event })), [dispatch]);
  // The flow's code loads on first use (sagas/liveSearchLauncher.ts); until it runs, the box
  // keeps what is typed itself (the events wait and are replayed to the flow).
  const [draft, setDraft] = useState<string | null>(null);

  useEffect(() => {
    if (pageQuery) send({ type: 'PREFILL', text: pageQuery });
  }, [pageQuery, send, mirror === undefined]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (expanded && !Groups) wantGroups();
  }, [expanded, Groups, wantGroups]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const type = KEY_EVENTS[event.key];
    if (!type || event.altKey || event.ctrlKey || event.metaKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send({ type } as LiveSearchEvent);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'SUBMIT' });
  };
  const onFocus = () => {
    if (!Groups) wantGroups();
    send({ type: 'FOCUS' });
  };

  return (
    <form className="search-box live-search" role="search" action={local('/search.php')} method="get" onSubmit={onSubmit}>
      <label className="visually-hidden" htmlFor="search-text">
        {t('header.searchLabel')}
      </label>
      <input
        id="search-text"
        name="text"
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={LISTBOX_ID}
        aria-activedescendant={active >= 0 ? optionId(active) : undefined}
        enterKeyHint="search"
        value={context ? context.query : (draft ?? pageQuery)}
        onChange={(event) => {
          if (!context) setDraft(event.target.value);
          send({ type: 'TYPED', text: event.target.value });
        }}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        onBlur={() => send({ type: 'BLUR' })}
        placeholder={t('header.searchPlaceholder')}
        autoComplete="off"
        spellCheck={false}
      />
      {/* Submitted before the script runs (or without it), the form lands where the script would: at the results. */}
      <input type="hidden" name="from_search" value="true" />
      <button type="submit" className="search-box__submit">
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.4" />
          <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
        </svg>
        <span className="visually-hidden">{t('header.searchSubmit')}</span>
      </button>
      <div className="live-search__popup" hidden={!expanded}>
        {onlyOe ? <p className="live-search__note">{t('liveSearch.onlyOe')}</p> : null}
        <div id={LISTBOX_ID} role="listbox" aria-label={t('liveSearch.results')} className="live-search__listbox">
          {Groups && expanded ? <Groups result={result} active={active} onHover={(index) => send({ type: 'HOVER', index })} /> : null}
        </div>
        {expanded && alsoKnownAs.length ? (
          <p className="live-search__aka">
            {t('liveSearch.alsoKnownAs')}: {alsoKnownAs.join(', ')}
          </p>
        ) : null}
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {count > 0 ? t('liveSearch.available', { count }) : ''}
      </p>
    </form>
  );
}
