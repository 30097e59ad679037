import { lazy, Suspense } from 'react';
import { useAppSelector } from '../../store/hooks';
import { selectFit } from '../../store/fitmentSelectors';

/** The fit note's code and texts load once a fit is known (never on the server: the vehicle lives in the browser). */
const FitNote = lazy(() => import(/* webpackChunkName: "fit-note" */ './FitNote').then((module) => ({ default: module.FitNote })));

/** Where a part says whether it fits the chosen vehicle (src/components/FitNote.tsx); nothing until that is known. */
export function FitNoteSlot(props: { productId: number; categoryId?: number | null; axisId?: number | null }) {
  const known = useAppSelector((state) => selectFit(state, props.productId) !== undefined);
  if (!known) return null;
  return (
    <Suspense fallback={null}>
      <FitNote {...props} />
    </Suspense>
  );
}
