import { lazy, Suspense } from 'react';
import { useTranslation } from '../i18n/react';
import { useAppDispatch, useFlow } from '../../store/hooks';
import { flowSend } from '../../store/flowsSlice';
import { ALERT_FADE_IN_MS, type AlertMessage } from '../../machines/alert';

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
  return (
    <div className="alert-region" aria-live="polite" role="status">
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
