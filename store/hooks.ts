import { useDispatch, useSelector } from 'react-redux';
import type { AppDispatch, RootState } from './index';
import type { FlowMirror } from './flowsSlice';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

/** A flow's mirrored state, typed by its context. */
export function useFlow<Context>(id: string): (FlowMirror & { context: Context }) | undefined {
  return useAppSelector((state) => state.flows[id] as (FlowMirror & { context: Context }) | undefined);
}

/**
 * The layout mode for what differs between phone and wider layouts: 'mobile' (view 1), 'wide'
 * (views 2-4), or 'auto' while unknown (on the server and until the layout flow has read it),
 * when a component draws both and CSS shows the right one for the width, so nothing jumps.
 */
export function useLayoutKind(): 'mobile' | 'wide' | 'auto' {
  const mode = useAppSelector((state) => (state.flows.layoutMode?.context as { mode?: number | null } | undefined)?.mode ?? null);
  return mode === null ? 'auto' : mode === 1 ? 'mobile' : 'wide';
}
