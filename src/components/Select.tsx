import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { TYPE_AHEAD_RESET_MS, typeAheadIndex } from '../domain/typeAhead';
import '../styles/forms.css';
import { useOutsidePress } from './useOutsidePress';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps {
  /** The form field's name: a hidden input carries the value. */
  name: string;
  label: string;
  options: readonly SelectOption[];
  value: string;
  onChange: (value: string) => void;
  /** Marks the combobox for the form's error focus (`data-field`). */
  field?: string;
  /** The combobox's id (an error summary links to it). */
  id?: string;
  describedBy?: string;
}

/**
 * The drop-down replacement for selects (spec section 2), after the WAI-ARIA select-only
 * combobox: a combobox that opens a listbox. Down / Up / Home / End move, Enter or Space
 * choose, Escape closes, Alt+Up closes choosing; typed letters jump to the matching option.
 */
export function Select({ name, label, options, value, onChange, field, id, describedBy }: SelectProps) {
  const [open, setOpen] = useState(false);
  const selectedIndex = Math.max(0, options.findIndex((o) => o.value === value));
  const [active, setActive] = useState(selectedIndex);
  const search = useRef({ text: '', at: 0 });
  const root = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const base = useId();
  const labelId = `${base}select-label`;
  const listId = `${base}select-list`;
  const optionId = (index: number) => `${base}select-option-${index}`;

  const close = useCallback(() => setOpen(false), []);
  useOutsidePress(root, open, close);

  useEffect(() => {
    if (!open) return;
    list.current?.querySelector(`#${CSS.escape(optionId(active))}`)?.scrollIntoView?.({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, active]);

  const openAt = (index: number) => {
    setActive(index);
    setOpen(true);
  };
  const choose = (index: number) => {
    const option = options[index];
    if (option && option.value !== value) onChange(option.value);
    setOpen(false);
  };

  const typeAhead = (key: string) => {
    const now = Date.now();
    const text = now - search.current.at > TYPE_AHEAD_RESET_MS ? key : search.current.text + key;
    search.current = { text, at: now };
    const index = typeAheadIndex(
      options.map((o) => o.label),
      open ? active : selectedIndex,
      text,
    );
    if (index < 0) return;
    if (open) setActive(index);
    else openAt(index);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = options.length - 1;
    const { key, altKey } = event;
    if (!open) {
      if (['ArrowDown', 'ArrowUp', 'Enter', ' '].includes(key)) {
        event.preventDefault();
        openAt(key === 'ArrowUp' && !altKey ? Math.max(0, selectedIndex - 1) : selectedIndex);
      } else if (key === 'Home' || key === 'End') {
        event.preventDefault();
        openAt(key === 'Home' ? 0 : last);
      } else if (key.length === 1 && !event.ctrlKey && !event.metaKey) {
        typeAhead(key);
      }
      return;
    }
    switch (key) {
      case 'ArrowDown':
        event.preventDefault();
        setActive(Math.min(last, active + 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (altKey) choose(active);
        else setActive(Math.max(0, active - 1));
        break;
      case 'Home':
        event.preventDefault();
        setActive(0);
        break;
      case 'End':
        event.preventDefault();
        setActive(last);
        break;
      case 'PageDown':
        event.preventDefault();
        setActive(Math.min(last, active + 10));
        break;
      case 'PageUp':
        event.preventDefault();
        setActive(Math.max(0, active - 10));
        break;
      case 'Enter':
      case ' ':
        event.preventDefault();
        choose(active);
        break;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
        break;
      case 'Tab':
        choose(active);
        break;
      default:
        if (key.length === 1 && !event.ctrlKey && !event.metaKey) typeAhead(key);
    }
  };

  return (
    <div className="select" ref={root} data-open={open}>
      <span id={labelId} className="form-field__label">
        {label}
      </span>
      <div
        role="combobox"
        id={id}
        tabIndex={0}
        className="select__combobox"
        aria-labelledby={labelId}
        aria-controls={listId}
        aria-expanded={open}
        aria-haspopup="listbox"
        aria-activedescendant={open ? optionId(active) : undefined}
        aria-describedby={describedBy}
        data-field={field}
        onClick={() => (open ? setOpen(false) : openAt(selectedIndex))}
        onKeyDown={onKeyDown}
        onBlur={(event) => {
          if (!(event.relatedTarget instanceof Node && root.current?.contains(event.relatedTarget))) setOpen(false);
        }}
      >
        <span className="select__value">{options[selectedIndex]?.label}</span>
        <svg className="select__chevron" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
          <path d="M2 4.5 6 8.5 10 4.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </div>
      <ul ref={list} id={listId} role="listbox" aria-labelledby={labelId} className="select__list" hidden={!open} tabIndex={-1}>
        {options.map((option, index) => (
          <li
            key={option.value}
            id={optionId(index)}
            role="option"
            aria-selected={index === selectedIndex}
            className="select__option"
            data-active={open && index === active}
            onPointerDown={(event) => event.preventDefault()}
            onClick={() => choose(index)}
          >
            {option.label}
          </li>
        ))}
      </ul>
      <input type="hidden" name={name} value={value} />
    </div>
  );
}
