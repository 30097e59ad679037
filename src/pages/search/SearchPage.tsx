import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { useAppSelector, useFlow, useLayoutKind } from '../../../store/hooks';
import { ProductGrid } from '../../components/ProductCard';
import { LoadingState } from '../../components/LoadingState';
import { PartialLink } from '../../components/PartialLink';
import { VehicleConfigurator } from '../../components/VehicleConfigurator';
import { PARTIAL_LOAD_FLOW } from '../../../store/actions';
import { AXIS, BRAKE_TRAIT, TRAIT } from '../../api/wire';
import itListingFilters from '../../i18n/it.listingFilters';
import itMeasures from '../../i18n/it.measures';
import { addPageTexts } from '../../i18n/runtime';
import { measureOfTrait } from '../../domain/brakeMeasures';

// The brake filters' texts join the catalogue with this chunk.
addPageTexts(itListingFilters);
addPageTexts(itMeasures);

/** Builds the listing address for the current query with some parameters changed. */
function listingHref(query: Record<string, string>, changes: Record<string, string | null>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...query, ...changes })) if (value !== null && value !== undefined) params.set(key, value);
  return `/search.php?${params.toString()}`;
}

/**
 * One filter of the listing as links (issue 25: axle, disc type, disc diameter): each value with
 * its count, the chosen one marked, and "all" to drop the filter. Nothing when no product of the
 * listing carries the trait.
 */
function FacetLinks({ query, param, title, values, label = (name) => name }: { query: Record<string, string>; param: string; title: string; values: Array<[number, string, number]>; label?: (name: string, id: number) => string }) {
  const { t } = useTranslation();
  const shown = values.filter(([id, , count]) => count > 0 || query[param] === String(id));
  if (!shown.length) return null;
  return (
    <>
      <h2>{title}</h2>
      <ul className="filters__facet" data-facet={param}>
        {query[param] ? (
          <li>
            <PartialLink href={listingHref(query, { [param]: null, page: null })}>{t('listing.allValues')}</PartialLink>
          </li>
        ) : null}
        {shown.map(([id, name, count]) => (
          <li key={id}>
            <PartialLink href={listingHref(query, { [param]: String(id), page: null })} aria-current={query[param] === String(id) ? 'true' : undefined}>
              {label(name, id)} <span className="count">({count})</span>
            </PartialLink>
          </li>
        ))}
      </ul>
    </>
  );
}

const AXIS_PARAM = `traits_alt[${TRAIT.axis}]`;

/** The product listing (/search.php): filters by category, producer, axle, brake system and a disc's or pad's measures, pages, results. */
export default function SearchPage() {
  const { t } = useTranslation();
  const listing = useAppSelector((state) => state.page.listing);
  const query = useAppSelector((state) => state.page.location?.query ?? {});
  const category = listing?.categories.find(([id]) => String(id) === query['traits_alt[24]']);
  const title = query.text ? t('listing.searchFor', { text: query.text }) : (category?.[1] ?? t('listing.title'));
  const loading = useFlow<unknown>(PARTIAL_LOAD_FLOW)?.value === 'loading';
  // Layout mode 1 moves the filters into the mobile grid: a disclosure above the results.
  // Until the mode is known (server rendering), both are drawn and CSS picks by width.
  const layout = useLayoutKind();
  const mobile = layout === 'mobile';
  const [filtersOpen, setFiltersOpen] = useState(false);
  // from_search=true (a submitted search): the page opens at its results, not at the configurator.
  const fromSearch = query.from_search === 'true';
  const scrolled = useRef(false);
  useEffect(() => {
    if (!fromSearch || !listing || scrolled.current) return;
    scrolled.current = true;
    document.querySelector<HTMLElement>('.listing__results')?.scrollIntoView({ block: 'start' });
  }, [fromSearch, listing]);
  // A disc or pad listing offers that part's measures (issue 37), titled by the measure's name.
  const categoryParam = query['traits_alt[24]'] ?? query['menu_alt[1_2]'];
  const listingCategory = categoryParam ? Number(categoryParam) : undefined;
  const measureTitle = (trait: number) => {
    const measure = measureOfTrait(trait, listingCategory);
    return measure ? t(`measures.${measure.key}`) : trait === BRAKE_TRAIT.discDiameter ? t('listing.discDiameter') : t('listing.discType');
  };
  const pages = listing ? Math.max(1, Math.ceil(listing.total / listing.pageSize)) : 1;
  const page = listing?.page ?? 1;
  return (
    <div className="page page--search">
      <h1>{title}</h1>
      <LoadingState />
      <VehicleConfigurator headingId="listing-vehicle" collapsible={layout === 'auto' ? 'auto' : mobile} />
      {listing ? (
        <div className="listing" data-grid={layout === 'auto' ? 'auto' : mobile ? 'mobile' : 'desktop'}>
          {layout !== 'wide' ? (
            <button type="button" className="filters-toggle" aria-expanded={filtersOpen} aria-controls="listing-filters" onClick={() => setFiltersOpen(!filtersOpen)}>
              {t('listing.filters')}
            </button>
          ) : null}
          <aside id="listing-filters" className="filters" aria-label={t('listing.filters')} hidden={mobile && !filtersOpen}>
            <h2>{t('listing.categories')}</h2>
            <ul>
              <li>
                <PartialLink href={listingHref(query, { 'traits_alt[24]': null, page: null })} aria-current={!query['traits_alt[24]'] ? 'true' : undefined}>
                  {t('listing.all')}
                </PartialLink>
              </li>
              {listing.categories
                .filter(([, , count]) => count > 0)
                .map(([id, name, count]) => (
                  <li key={id}>
                    <PartialLink href={listingHref(query, { 'traits_alt[24]': String(id), page: null })} aria-current={query['traits_alt[24]'] === String(id) ? 'true' : undefined}>
                      {name} <span className="count">({count})</span>
                    </PartialLink>
                  </li>
                ))}
            </ul>
            <h2>{t('listing.producers')}</h2>
            <ul className="filters__producers">
              {listing.producers.slice(0, 12).map(([id, name, count]) => (
                <li key={id}>
                  <PartialLink href={listingHref(query, { producer: String(id), page: null })} aria-current={query.producer === String(id) ? 'true' : undefined}>
                    {name} <span className="count">({count})</span>
                  </PartialLink>
                </li>
              ))}
            </ul>
            <FacetLinks query={query} param={AXIS_PARAM} title={t('listing.axle')} values={listing.axes ?? []} label={(name, id) => (id === AXIS.front ? t('listing.axleFront') : id === AXIS.rear ? t('listing.axleRear') : name)} />
            {(listing.traitFacets ?? []).map((facet) => (
              <FacetLinks
                key={facet.trait}
                query={query}
                param={`traits_alt[${facet.trait}]`}
                title={measureTitle(facet.trait)}
                values={facet.values}
                label={measureOfTrait(facet.trait, listingCategory)?.unit === 'mm' ? (name) => t('measures.millimetres', { value: name }) : undefined}
              />
            ))}
          </aside>
          <section className="listing__results" aria-label={t('listing.results', { count: listing.total })} aria-busy={loading} data-loading={loading}>
            <h2 className="listing__count">{t('listing.results', { count: listing.total })}</h2>
            {listing.products.length === 0 ? <p className="listing__empty">{t('listing.empty')}</p> : null}
            <ProductGrid products={listing.products} priorityFirst />
            {pages > 1 ? (
              <nav className="pagination" aria-label={t('listing.pagination')}>
                {page > 1 ? <PartialLink href={listingHref(query, { page: String(page - 1) })}>{t('listing.previous')}</PartialLink> : <span />}
                <span>{t('listing.page', { page, pages })}</span>
                {page < pages ? <PartialLink href={listingHref(query, { page: String(page + 1) })}>{t('listing.next')}</PartialLink> : <span />}
              </nav>
            ) : null}
          </section>
        </div>
      ) : null}
    </div>
  );
}
