import { TRACKING_EVENTS_HEADER } from '../api/wire';

/**
 * Tracking helper rule (storefront spec section 5): it does nothing unless response headers
 * are given and the tracking-events header is present with a numeric value of at least 1.
 */
export const TRACKING_EVENTS_THRESHOLD = 1;

export function pendingTrackingEvents(headers: Record<string, unknown> | null | undefined): number {
  if (!headers) return 0;
  const raw = headers[TRACKING_EVENTS_HEADER] ?? headers[TRACKING_EVENTS_HEADER.toUpperCase()];
  const value = typeof raw === 'string' && /^\s*\d+\s*$/.test(raw) ? Number(raw) : typeof raw === 'number' ? raw : NaN;
  return Number.isFinite(value) && value >= TRACKING_EVENTS_THRESHOLD ? value : 0;
}
