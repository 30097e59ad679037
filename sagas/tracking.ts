import { call } from 'redux-saga/effects';
import { fetchTrackingEvents } from '../src/api/graphql';
import { runScriptText } from '../src/api/scripts';
import { pendingTrackingEvents } from '../src/domain/tracking';

/**
 * The tracking helper: after an answer whose headers announce tracking events, fetch them and
 * run each one; a failing event is logged and skipped; a failed fetch gives an empty list.
 * Returns the events it ran.
 */
export function* runTrackingEvents(headers: Record<string, unknown> | null | undefined) {
  if (pendingTrackingEvents(headers) === 0) return [] as string[];
  let events: string[];
  try {
    events = (yield call(fetchTrackingEvents)) as string[];
  } catch (error) {
    console.error('tracking events could not be read', error);
    return [] as string[];
  }
  const ran: string[] = [];
  for (const event of events) {
    try {
      yield call(runScriptText, event);
      ran.push(event);
    } catch (error) {
      console.error('tracking event failed, skipped', error);
    }
  }
  return ran;
}
