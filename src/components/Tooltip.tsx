import { useEffect, useId, type ReactNode } from 'react';
import { useMachine } from '@xstate/react';
import { tooltipMachine } from '../../machines/tooltip';
import '../styles/forms.css';

export interface TooltipProps {
  /** The tooltip's text. */
  text: ReactNode;
  /** The trigger's accessible name (it shows only an icon). */
  label: string;
}

/**
 * A tooltip (spec section 2): an info button described by the tip (role=tooltip,
 * aria-describedby). The tip shows on hover and on focus, stays while the pointer is over it or
 * the button has focus, and Escape hides it without moving focus (machines/tooltip.ts, run here
 * with @xstate/react: the component's own state, no side effect).
 */
export function Tooltip({ text, label }: TooltipProps) {
  const [snapshot, send] = useMachine(tooltipMachine);
  const shown = snapshot.matches('shown');
  const tipId = `${useId()}tooltip`;

  useEffect(() => {
    if (!shown) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') send({ type: 'ESCAPE' });
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [shown, send]);

  return (
    <span className="tooltip" onPointerEnter={() => send({ type: 'POINTER_ENTER' })} onPointerLeave={() => send({ type: 'POINTER_LEAVE' })} data-shown={shown}>
      <button type="button" className="tooltip__trigger" aria-label={label} aria-describedby={tipId} onFocus={() => send({ type: 'FOCUS' })} onBlur={() => send({ type: 'BLUR' })}>
        <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
          <circle cx="10" cy="10" r="8.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <path d="M10 9v5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          <circle cx="10" cy="6.2" r="1.1" fill="currentColor" />
        </svg>
      </button>
      <span id={tipId} role="tooltip" className="tooltip__tip" hidden={!shown}>
        {text}
      </span>
    </span>
  );
}
