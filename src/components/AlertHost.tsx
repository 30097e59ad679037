import { useTranslation } from '../i18n/react';
import { useAppDispatch, useFlow } from '../../store/hooks';
import { flowSend } from '../../store/flowsSlice';
import type { AlertMessage } from '../../machines/alert';

/** Shows the alert flow's message: fades in, hides by itself or on click. */
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
          onClick={() => dispatch(flowSend({ id: 'alert', event: { type: 'CLICK' } }))}
        >
          <span className="alert__text">{t(message.key, message.params ?? {})}</span>
          <span className="visually-hidden">{t('alert.close')}</span>
          <span className="alert__close" aria-hidden="true">
            ×
          </span>
        </button>
      ) : null}
    </div>
  );
}
