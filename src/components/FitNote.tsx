import { useTranslation } from '../i18n/react';
import { useAppSelector } from '../../store/hooks';
import { selectAlsoFits, selectFit } from '../../store/fitmentSelectors';
import { shallowEqual } from 'react-redux';
import type { FitQualifiers } from '../domain/fitment';
import { monthLabel, parseFitNote } from '../domain/fitNotes';
import { TRAIT, AXIS } from '../api/wire';
import itFitment from '../i18n/it.fitment';
import { addPageTexts } from '../i18n/runtime';

// The fit notes' texts join the catalogue with this chunk (src/components/FitNoteSlot.tsx loads it).
addPageTexts(itFitment);

/** The qualifiers of a fit as the shopper reads them: axle, production months, note. */
export function useFitDetails(): (fit: FitQualifiers) => string[] {
  const { t } = useTranslation();
  return (fit) => {
    const details: string[] = [];
    if (fit.position) details.push(t(`fit.position.${fit.position}`));
    if (fit.fromMonth) details.push(t('fit.from', { month: monthLabel(fit.fromMonth) }));
    if (fit.toMonth) details.push(t('fit.to', { month: monthLabel(fit.toMonth) }));
    const note = parseFitNote(fit.note);
    if (note) details.push('code' in note ? t(`fit.note.${note.code}`, { value: note.value ?? '' }) : note.text);
    return details;
  };
}

/** The listing of the vehicle's parts of this category (and axle): where "does not fit" leads. */
export function partsThatFitLink(engineId: number, categoryId: number | null, axisId: number | null): string {
  const params = new URLSearchParams();
  params.set(`traits_alt[${TRAIT.engine}]`, String(engineId));
  if (categoryId) params.set(`traits_alt[${TRAIT.category}]`, String(categoryId));
  if (axisId) params.set(`traits_alt[${TRAIT.axis}]`, String(axisId));
  return `/search.php?${params.toString()}`;
}

/**
 * Whether a part fits the chosen vehicle (issues 25, 37), as the server answered: "fits", "fits,
 * check" with the fit's qualifiers, "does not fit" with a link to the vehicle's parts of the same
 * category, or "not vehicle-specific" for a universal part, service or voucher. Nothing
 * while no vehicle with an engine is chosen or the answer has not come.
 */
export function FitNote({ productId, categoryId = null, axisId = null }: { productId: number; categoryId?: number | null; axisId?: number | null }) {
  const { t } = useTranslation();
  const details = useFitDetails();
  const answer = useAppSelector((state) => selectFit(state, productId));
  const alsoFits = useAppSelector((state) => selectAlsoFits(state, productId), shallowEqual);
  const also = alsoFits.length ? <p className="fit-note__also">{t('fit.alsoFits', { vehicles: alsoFits.join(', ') })}</p> : null;
  if (!answer) return null;
  const { vehicle, status, fit } = answer;
  if (status === 'universal') {
    // Not vehicle-specific (issue 37): never "does not fit", no link to other parts.
    return (
      <div className="fit-note fit-note--universal" data-fit="universal">
        <p className="fit-note__status">{t('fit.universal', { vehicle: vehicle.label })}</p>
      </div>
    );
  }
  if (status === 'none' || !fit) {
    return (
      <div className="fit-note fit-note--none" data-fit="none">
        <p className="fit-note__status">{t('fit.none', { vehicle: vehicle.label })}</p>
        <a className="fit-note__link" href={partsThatFitLink(vehicle.engineId, categoryId, axisId)}>
          {t('fit.partsThatFit')}
        </a>
        {also}
      </div>
    );
  }
  const list = details(fit);
  if (status === 'fits') {
    return (
      <div className="fit-note fit-note--fits" data-fit="fits">
        <p className="fit-note__status">
          {t('fit.fits', { vehicle: vehicle.label })}
          {list.length ? ` (${list.join(', ')})` : ''}
        </p>
        {also}
      </div>
    );
  }
  return (
    <div className="fit-note fit-note--check" data-fit="check">
      <p className="fit-note__status">{t('fit.check', { vehicle: vehicle.label })}</p>
      <ul className="fit-note__details">
        {list.map((detail) => (
          <li key={detail}>{detail}</li>
        ))}
      </ul>
      {also}
    </div>
  );
}

export const axisIdOf = (position: 'front' | 'rear' | null | undefined): number | null => (position === 'front' ? AXIS.front : position === 'rear' ? AXIS.rear : null);
