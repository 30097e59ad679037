import '../../styles/finder.css';
import { lazy, Suspense, useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import type { FinderSection as SectionName, FinderTab } from '../../../machines/brakeFinder';
import { finderMounted, finderUnmounted } from '../../../store/actions';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectPriceType } from '../../../store/shopDataSlice';
import { comparedCategory } from '../../domain/brakeFinder';
import { FinderSection, type SectionState } from './FinderSection';
import { ProductList } from './ProductList';
import { SearchTab } from './SearchTab';
import { SelectTab } from './SelectTab';
import { useFinder } from './useFinder';
import { FitNoteSlot } from '../FitNoteSlot';

/** The comparison tables are their own chunk, loaded on the first comparison. */
const ComparePanel = lazy(() => import(/* webpackChunkName: "compare-panel" */ './ComparePanel').then((module) => ({ default: module.ComparePanel })));

const TABS: FinderTab[] = ['select', 'search'];

/**
 * The brake finder: data (tabs select and search), products (axes, categories, products)
 * and details (the comparison). `startsAtOnce` (the brake page) opens data and loads it at
 * once; on a product page the finder stays collapsed until its first label is clicked.
 */
export function BrakeFinder({ startsAtOnce = true, headingLevel = 2 }: { startsAtOnce?: boolean; headingLevel?: 2 | 3 }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const { flow, context, send, matches } = useFinder();
  const details = useAppSelector((state) => state.finder.details);
  const engines = useAppSelector((state) => state.finder.compatibility);
  const priceType = useAppSelector(selectPriceType);
  // The engine data files of the shop's country (the page's language).
  const country = i18n.language;

  useEffect(() => {
    dispatch(finderMounted({ startsAtOnce, country }));
    return () => {
      dispatch(finderUnmounted());
    };
  }, [dispatch, startsAtOnce, country]);

  const stateOf = (section: SectionName): SectionState => {
    if (section === 'data') {
      if (!flow) return startsAtOnce ? 'active' : 'collapsed';
      if (matches('data.collapsed')) return 'collapsed';
      return matches('data.error') ? 'error' : 'active';
    }
    if (matches(`${section}.error`)) return 'error';
    if (matches(`${section}.disabled`) || !flow) return 'disabled';
    return 'active';
  };
  const open = (section: SectionName) => (section === 'data' && !flow ? startsAtOnce : (context?.open[section] ?? false));
  const toggle = (section: SectionName) => send({ type: 'TOGGLE', section });
  const errorOf = (section: SectionName) => context?.errors[section] ?? null;

  return (
    <div className="brake-finder" role="region" aria-label={t('finder.title')}>
      <FinderSection
        name="data"
        title={t('finder.sections.data')}
        changed={context?.labels.data ? t('finder.changedData', { label: context.labels.data }) : null}
        state={stateOf('data')}
        open={open('data')}
        level={headingLevel}
        onToggle={() => toggle('data')}
      >
        {matches('data.active.loading') || !flow ? (
          <p role="status" className="finder-loading">
            {t('finder.loading')}
          </p>
        ) : null}
        {matches('data.active.ready') ? <DataTabs /> : null}
        {matches('data.error') ? (
          <div className="finder-error-box">
            <p role="alert" className="finder-error">
              {t(`finder.${errorOf('data') ?? 'brake_error1'}`)}
            </p>
            <button type="button" className="button button--ghost" onClick={() => send({ type: 'RETRY' })}>
              {t('finder.retry')}
            </button>
          </div>
        ) : null}
      </FinderSection>
      <FinderSection
        name="products"
        title={t('finder.sections.products')}
        changed={context?.labels.products ? t('finder.changedProducts', { label: context.labels.products }) : null}
        state={stateOf('products')}
        open={open('products')}
        level={headingLevel}
        onToggle={() => toggle('products')}
      >
        {matches('products.loading') ? <p role="status">{t('finder.loading')}</p> : null}
        {matches('products.active') ? <ProductList /> : null}
        {matches('products.error') ? (
          <p role="alert" className="finder-error">
            {t(`finder.${errorOf('products') ?? 'brake_error1'}`)}
          </p>
        ) : null}
      </FinderSection>
      <FinderSection
        name="details"
        title={t('finder.sections.details')}
        state={stateOf('details')}
        open={open('details')}
        level={headingLevel}
        onToggle={() => toggle('details')}
      >
        {matches('details.loading') ? <p role="status">{t('finder.loading')}</p> : null}
        {matches('details.active') ? (
          <Suspense fallback={<p role="status">{t('finder.loading')}</p>}>
            <ComparePanel
              products={details}
              categoryId={comparedCategory(details)}
              engines={engines}
              fitNote={(id) => <FitNoteSlot productId={id} />}
              onRemove={(id) => send({ type: 'REMOVE_COMPARED', id })}
              onClose={() => send({ type: 'CLOSE_DETAILS' })}
              single={context?.detailsMode === 'single'}
              priceType={priceType}
            />
          </Suspense>
        ) : null}
        {matches('details.error') ? (
          <p role="alert" className="finder-error">
            {t(`finder.${errorOf('details') ?? 'brake_error4'}`)}
          </p>
        ) : null}
      </FinderSection>
    </div>
  );
}

/** The data section's tabs (WAI-ARIA tabs: arrows, Home and End move between them). */
function DataTabs() {
  const { t } = useTranslation();
  const { send, matches } = useFinder();
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const current: FinderTab = matches('data.active.ready.search') ? 'search' : 'select';
  const openTab = (tab: FinderTab, focus = false) => {
    send({ type: 'OPEN_TAB', tab });
    if (focus) tabs.current[TABS.indexOf(tab)]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const index = TABS.indexOf(current);
    const next =
      event.key === 'ArrowRight' ? (index + 1) % TABS.length : event.key === 'ArrowLeft' ? (index + TABS.length - 1) % TABS.length : event.key === 'Home' ? 0 : event.key === 'End' ? TABS.length - 1 : -1;
    if (next === -1) return;
    event.preventDefault();
    openTab(TABS[next], true);
  };
  return (
    <div className="finder-tabs">
      <div role="tablist" aria-label={t('finder.tabs.label')} className="finder-tabs__list" onKeyDown={onKeyDown}>
        {TABS.map((tab, index) => (
          <button
            key={tab}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`brake-finder-tab-${tab}`}
            aria-selected={current === tab}
            aria-controls={`brake-finder-panel-${tab}`}
            tabIndex={current === tab ? 0 : -1}
            className="finder-tabs__tab"
            onClick={() => openTab(tab)}
          >
            {t(`finder.tabs.${tab}`)}
          </button>
        ))}
      </div>
      {TABS.map((tab) => (
        <div key={tab} role="tabpanel" id={`brake-finder-panel-${tab}`} aria-labelledby={`brake-finder-tab-${tab}`} className="finder-tabs__panel" tabIndex={0} hidden={current !== tab}>
          {current !== tab ? null : tab === 'select' ? <SelectTab /> : <SearchTab />}
        </div>
      ))}
    </div>
  );
}
