import type { ReactNode } from 'react';

export type SectionState = 'disabled' | 'active' | 'error' | 'collapsed';

/**
 * One finder section: a disclosure button as its label (aria-expanded; aria-disabled while
 * the section is disabled, where a click does nothing) and its body. The label shows the
 * choice made in the section (the "changed" label).
 */
export function FinderSection({
  name,
  title,
  changed,
  state,
  open,
  level,
  onToggle,
  children,
}: {
  name: 'data' | 'products' | 'details';
  title: string;
  changed?: string | null;
  state: SectionState;
  open: boolean;
  level: 2 | 3;
  onToggle(): void;
  children?: ReactNode;
}) {
  const bodyId = `brake-finder-${name}-body`;
  const disabled = state === 'disabled';
  return (
    <section id={`brake-finder-${name}`} className={`finder-section finder-section--${state}${changed ? ' finder-section--changed' : ''}`} aria-labelledby={`brake-finder-${name}-label`}>
      <div role="heading" aria-level={level} className="finder-section__heading">
        <button
          type="button"
          id={`brake-finder-${name}-label`}
          className="finder-section__label"
          aria-expanded={open && !disabled}
          aria-controls={bodyId}
          aria-disabled={disabled || undefined}
          onClick={() => {
            if (!disabled) onToggle();
          }}
        >
          <span className="finder-section__title">{title}</span>
          {changed ? <span className="finder-section__changed">{changed}</span> : null}
          <span className="finder-section__chevron" aria-hidden="true" />
        </button>
      </div>
      <div id={bodyId} className="finder-section__body" hidden={!open || disabled}>
        {children}
      </div>
    </section>
  );
}
