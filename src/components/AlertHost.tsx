import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/react';
import { useAppDispatch, useFlow } from '../../store/hooks';
import { flowSend } from '../../store/flowsSlice';
import { ALERT_FADE_IN_MS, type AlertMessage } from '../../machines/alert';
import { alertPlace, CONTROL_SELECTOR, type AlertPlace, type Band } from '../domain/alertPlacement';

/** The alert's distance from the window's edge (1rem, as in main.css). */
const ALERT_MARGIN = 16;

/** The element a shopper acted on last (pressed, focused, typed in), outside the alert itself. */
function useLastCause() {
  const cause = useRef<Element | null>(null);
  useEffect(() => {
    const note = (event: Event) => {
      if (event.target instanceof Element && !event.target.closest('.alert-region')) cause.current = event.target;
    };
    const kinds = ['pointerdown', 'focusin', 'keydown'] as const;
    for (const kind of kinds) document.addEventListener(kind, note, true);
    return () => {
      for (const kind of kinds) document.removeEventListener(kind, note, true);
    };
  }, []);
  return cause;
}

/** The first control after `element` in the page (not inside it) that takes room on screen. */
function nextControl(element: Element): Element | null {
  for (const control of Array.from(document.querySelectorAll(CONTROL_SELECTOR))) {
    if (element.contains(control) || control.closest('.alert-region')) continue;
    if (!(element.compareDocumentPosition(control) & Node.DOCUMENT_POSITION_FOLLOWING)) continue;
    const box = control.getBoundingClientRect();
    if (box.width > 0 && box.height > 0) return control;
  }
  return null;
}

/** The bands to keep clear: the control that caused the alert (and the focused one) and the next control after each. */
function keepClear(causes: Array<Element | null>): Band[] {
  const elements = new Set<Element>();
  for (const cause of causes) {
    if (!cause || cause === document.body || cause === document.documentElement) continue;
    elements.add(cause);
    const next = nextControl(cause);
    if (next) elements.add(next);
  }
  return Array.from(elements, (element) => {
    const box = element.getBoundingClientRect();
    return { top: box.top, bottom: box.bottom };
  });
}

/** A refusal's reason and its texts: their own chunk, loaded at the first refused change. */
const AlertReason = lazy(() => import(/* webpackChunkName: "alert-reason" */ './AlertReason'));

/**
 * Shows the alert flow's message: fades in (over the machine's 500 ms, so the fade and the
 * flow's fadingIn state end together), hides by itself or on click.
 */
export function AlertHost() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const alert = useFlow<{ message: AlertMessage | null; shown: number }>('alert');
  const message = alert?.context.message;
  const state = typeof alert?.value === 'string' ? alert.value : 'hidden';
  const shown = message && state !== 'hidden';
  const cause = useLastCause();
  const region = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<AlertPlace>('bottom');
  // On a phone the window is short: the alert never covers the control that caused it or the next one.
  useLayoutEffect(() => {
    const box = region.current?.firstElementChild?.getBoundingClientRect();
    if (!shown || !box) return;
    setPlace(alertPlace(window.innerHeight, box.height, ALERT_MARGIN, keepClear([cause.current, document.activeElement])));
  }, [shown, alert?.context.shown, cause]);
  return (
    <div className="alert-region" aria-live="polite" role="status" data-place={place} ref={region}>
      {message && state !== 'hidden' ? (
        <button
          key={alert?.context.shown}
          type="button"
          className={`alert alert--${message.style}`}
          data-state={state}
          style={{ animationDuration: `${ALERT_FADE_IN_MS}ms` }}
          onClick={() => dispatch(flowSend({ id: 'alert', event: { type: 'CLICK' } }))}
        >
          <span className="alert__text">
            {message.detail ? (
              // The reason's texts come with their own chunk: the place's failure text shows until then.
              <Suspense fallback={t(message.key, message.params ?? {})}>
                <AlertReason message={message} />
              </Suspense>
            ) : (
              t(message.key, message.params ?? {})
            )}
          </span>
          <span className="visually-hidden">{t('alert.close')}</span>
          <span className="alert__close" aria-hidden="true">
            ×
          </span>
        </button>
      ) : null}
    </div>
  );
}
