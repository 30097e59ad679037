import { useCallback } from 'react';
import type { BrakeFinderContext, BrakeFinderEvent } from '../../../machines/brakeFinder';
import { flowMatches, flowSend } from '../../../store/flowsSlice';
import { useAppDispatch, useFlow } from '../../../store/hooks';

export const FINDER_FLOW_ID = 'brakeFinder';

/** The finder flow's mirrored state, a matcher on its value and a sender of its events. */
export function useFinder() {
  const dispatch = useAppDispatch();
  const flow = useFlow<BrakeFinderContext>(FINDER_FLOW_ID);
  const send = useCallback((event: BrakeFinderEvent) => dispatch(flowSend({ id: FINDER_FLOW_ID, event })), [dispatch]);
  const matches = useCallback((path: string) => flowMatches(flow, path), [flow]);
  return { flow, context: flow?.context, send, matches };
}
