import { useTranslation } from '../../i18n/react';
import { useAppSelector } from '../../../store/hooks';
import { LoadingState } from '../../components/LoadingState';
import { useLocalPath } from '../../components/useLocalPath';
import { useFitDetails } from '../../components/FitNote';
import { listingHref } from '../../domain/listingLinks';
import { TRAIT, type VehiclePageData } from '../../api/wire';
import itVehiclePage from '../../i18n/it.vehiclePage';
import { addPageTexts } from '../../i18n/runtime';
import '../../styles/vehiclePage.css';

// This page's own texts join the catalogue with its chunk.
addPageTexts(itVehiclePage);

/** Home, brand, model (each a link), then the page's own vehicle. */
function Breadcrumb({ page }: { page: VehiclePageData }) {
  const { t } = useTranslation();
  const local = useLocalPath();
  const steps: Array<{ name: string; link: string }> = [{ name: page.brand.name, link: page.brand.link }];
  if (page.model) steps.push({ name: page.model.name, link: page.model.link });
  if (page.kind === 'engine' && page.generation && page.engine) steps.push({ name: `${page.generation.name} ${page.engine.name}`, link: page.link });
  return (
    <nav className="vehicle-page__breadcrumb" aria-label={t('vehiclePage.breadcrumb')}>
      <ol>
        {steps.map((step) => (
          <li key={step.link}>
            {step.link === page.link ? (
              <span aria-current="page">{step.name}</span>
            ) : (
              <a href={local(step.link)}>{step.name}</a>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** A brand's models or a model's engines (by generation), as links to their pages. */
function VehicleLinks({ page }: { page: VehiclePageData }) {
  const { t } = useTranslation();
  const local = useLocalPath();
  const groups: Array<{ name: string | null; items: VehiclePageData['children'] }> = [];
  for (const child of page.children) {
    const group = child.group ?? null;
    const last = groups[groups.length - 1];
    if (last && last.name === group) last.items.push(child);
    else groups.push({ name: group, items: [child] });
  }
  const heading = page.kind === 'brand' ? t('vehiclePage.models') : t('vehiclePage.engines');
  return (
    <section className="vehicle-page__links" aria-labelledby="vehicle-links">
      <h2 id="vehicle-links">{heading}</h2>
      {groups.map((group) => (
        <div key={group.name ?? ''} className="vehicle-page__group">
          {group.name ? <h3>{group.name}</h3> : null}
          <ul>
            {group.items.map((child) => (
              <li key={child.id}>
                <a href={local(child.link)}>{child.name}</a>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

/** An engine's parts by category, each with its fit notes (axle, production months, note), and the link to all of a category's. */
function EngineParts({ page }: { page: VehiclePageData }) {
  const { t } = useTranslation();
  const local = useLocalPath();
  const details = useFitDetails();
  if (!page.categories.length) return <p className="vehicle-page__empty">{t('vehiclePage.noParts')}</p>;
  return (
    <section className="vehicle-page__parts" aria-labelledby="vehicle-parts">
      <h2 id="vehicle-parts">{t('vehiclePage.parts')}</h2>
      {page.categories.map((category) => (
        <section key={category.id} className="vehicle-category" aria-labelledby={`vehicle-category-${category.id}`}>
          <h3 id={`vehicle-category-${category.id}`}>
            {category.name} <span className="count">({t('vehiclePage.partCount', { count: category.total })})</span>
          </h3>
          <ul className="vehicle-category__parts">
            {category.parts.map((part) => {
              const notes = details(part);
              return (
                <li key={part.id} className="vehicle-part" data-product={part.id}>
                  <a className="vehicle-part__name" href={local(part.link)}>
                    {part.name}
                  </a>
                  <span className="vehicle-part__producer">{t('vehiclePage.producer', { producer: part.producer })}</span>
                  <span className="vehicle-part__notes">{notes.length ? notes.join(' · ') : t('vehiclePage.noNotes')}</span>
                </li>
              );
            })}
          </ul>
          {category.total > category.parts.length ? (
            <a
              className="vehicle-category__all"
              href={local(
                listingHref([
                  [`traits_alt[${TRAIT.engine}]`, page.id],
                  [`traits_alt[${TRAIT.category}]`, category.id],
                ]),
              )}
            >
              {t('vehiclePage.allInCategory', { count: category.total, category: category.name })}
            </a>
          ) : null}
        </section>
      ))}
    </section>
  );
}

/**
 * A vehicle page (issue 25): a brand's models, a model's engines, or an engine's parts by
 * category with their fit notes. Drawn on the server from `page.vehiclePage`; links only, no
 * flow of its own.
 */
export default function VehiclePage() {
  const { t } = useTranslation();
  const local = useLocalPath();
  const page = useAppSelector((state) => state.page.vehiclePage);
  if (!page) return <LoadingState />;
  const title = t(`vehiclePage.${page.kind}Title`, { vehicle: page.name });
  return (
    <article className="page page--vehicle" aria-labelledby="vehicle-title">
      <Breadcrumb page={page} />
      <h1 id="vehicle-title">{title}</h1>
      <p className="lead">{t(`vehiclePage.${page.kind}Lead`)}</p>
      {page.kind === 'engine' ? <EngineParts page={page} /> : <VehicleLinks page={page} />}
      {page.kind !== 'brand' ? (
        <nav className="vehicle-page__more" aria-label={t('vehiclePage.otherVehicles')}>
          <ul>
            {page.kind === 'engine' && page.model ? (
              <li>
                <a href={local(page.model.link)}>{t('vehiclePage.enginesOf', { model: `${page.brand.name} ${page.model.name}` })}</a>
              </li>
            ) : null}
            <li>
              <a href={local(page.brand.link)}>{t('vehiclePage.modelsOf', { brand: page.brand.name })}</a>
            </li>
          </ul>
        </nav>
      ) : null}
    </article>
  );
}
