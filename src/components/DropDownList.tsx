import { useCallback, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import '../styles/widgets.css';
import { useOutsidePress } from './useOutsidePress';

export interface DropDownLink {
  href: string;
  label: string;
}

export interface DropDownListProps {
  /** The button's text: names the list too. */
  label: string;
  links: readonly DropDownLink[];
  /** Which way the list opens: below the button (default) or above it (at a page's foot). */
  direction?: 'down' | 'up';
  className?: string;
}

/**
 * The drop-down list widget (spec section 2): a disclosure button (aria-expanded,
 * aria-controls) that shows a list of links. Escape closes it and puts focus back on the
 * button; a click or tap outside it, or focus moving out of it, closes it too.
 */
export function DropDownList({ label, links, direction = 'down', className }: DropDownListProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const listId = `${useId()}drop-down-list`;

  const close = useCallback(() => setOpen(false), []);
  useOutsidePress(root, open, close);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    event.stopPropagation();
    setOpen(false);
    button.current?.focus();
  };

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && root.current?.contains(next)) return;
    // A null relatedTarget is a click on nothing focusable, or the window losing focus:
    // the pointerdown listener handles the first, the second keeps the list as it was.
    if (next !== null) setOpen(false);
  };

  const classes = ['drop-down', `drop-down--${direction}`, className].filter(Boolean).join(' ');
  return (
    <div className={classes} ref={root} data-open={open} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button ref={button} type="button" className="drop-down__button" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
        {label}
        <svg className="drop-down__chevron" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
          <path d="M2 4.5 6 8.5 10 4.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      <ul id={listId} className="drop-down__list" hidden={!open}>
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href}>{link.label}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}
