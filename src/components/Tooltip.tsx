import { useEffect, useId, useState, type ReactNode } from 'react';
import '../styles/forms.css';

export interface TooltipProps {
  /** The tooltip's text. */
  text: ReactNode;
  /** The trigger's accessible name (it shows only an icon). */
  label: string;
}

/**
 * A tooltip (spec section 2): an info button described by the tip (role=tooltip,
 * aria-describedby). The tip shows on hover and on focus, stays while the pointer is over it,
 * and Escape hides it without moving focus.
 */
export function Tooltip({ text, label }: TooltipProps) {
  const [shown, setShown] = useState(false);
  const tipId = `${useId()}tooltip`;

  useEffect(() => {
    if (!shown) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setShown(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [shown]);

  return (
    <span className="tooltip" onPointerEnter={() => setShown(true)} onPointerLeave={() => setShown(false)} data-shown={shown}>
      <button type="button" className="tooltip__trigger" aria-label={label} aria-describedby={tipId} onFocus={() => setShown(true)} onBlur={() => setShown(false)}>
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
