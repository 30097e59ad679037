import { useDispatch, useSelector } from 'react-redux';
import type { AppDispatch, RootState } from './index';
import type { FlowMirror } from './flowsSlice';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

/** A flow's mirrored state, typed by its context. */
export function useFlow<Context>(id: string): (FlowMirror & { context: Context }) | undefined {
  return useAppSelector((state) => state.flows[id] as (FlowMirror & { context: Context }) | undefined);
}
