import { useEffect, useState } from 'react';
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

/** The quantity input with - and +: what is typed is corrected when the field is left or Enter pressed. */
export function QuantityStepper({ id, value, step, precision, disabled, onEnter, labels }: StepperProps) {
  const [text, setText] = useState(showQuantity(value));
  useEffect(() => setText(showQuantity(value)), [value]);
  const commit = () => {
    const typed = Number(text.replace(',', '.').trim());
    if (text.trim() === '' || !Number.isFinite(typed)) setText(showQuantity(value));
    else if (typed !== value) onEnter(typed);
    else setText(showQuantity(value));
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
        onChange={(event) => setText(event.target.value)}
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

