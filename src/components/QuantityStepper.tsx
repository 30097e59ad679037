import { useState } from 'react';
import { roundTo } from '../domain/quantity';
import '../styles/stepper.css';

/** Quantity as shoppers type it here: decimal comma. */
export const showQuantity = (n: number) => String(n).replace('.', ',');

export interface StepperProps {
  id: string;
  value: number;
  step: number;
  precision: number;
  disabled: boolean;
  onEnter: (n: number) => void;
  labels: { decrease: string; increase: string };
}

/**
 * The quantity input with - and +: what is typed is corrected when the field is left or Enter
 * pressed. The typed text is only a draft: once committed the field shows `value` again, the
 * quantity the rules left (storefront spec, sections 4 and 5), so it never shows one number
 * while another goes into the basket, even when the correction lands on the value it had.
 */
export function QuantityStepper({ id, value, step, precision, disabled, onEnter, labels }: StepperProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? showQuantity(value);
  const commit = () => {
    if (draft === null) return;
    const typed = Number(draft.replace(',', '.').trim());
    setDraft(null);
    if (draft.trim() !== '' && Number.isFinite(typed) && typed !== value) onEnter(typed);
  };
  return (
    <div className="stepper">
      <button type="button" className="stepper__button" aria-label={labels.decrease} aria-controls={id} disabled={disabled} onClick={() => onEnter(roundTo(value - step, precision))}>
        −
      </button>
      <input
        id={id}
        className="stepper__input"
        inputMode={precision > 0 ? 'decimal' : 'numeric'}
        autoComplete="off"
        value={text}
        disabled={disabled}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
        }}
      />
      <button type="button" className="stepper__button" aria-label={labels.increase} aria-controls={id} disabled={disabled} onClick={() => onEnter(roundTo(value + step, precision))}>
        +
      </button>
    </div>
  );
}

