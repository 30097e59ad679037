import { useEffect, useRef, type ReactNode } from 'react';
import '../styles/sidePanel.css';

export interface SidePanelProps {
  open: boolean;
  /** The panel's heading, which names the dialog. */
  title: string;
  titleId: string;
  closeLabel: string;
  onClose(): void;
  /** The panel's own block name (`mini-basket`, `garage`): its width and its parts' styles. */
  block: string;
  children: ReactNode;
}

/**
 * A modal side panel (the mini basket, the garage): a native <dialog> opened with showModal(),
 * so the page behind is inert, focus stays inside and goes back to the opener, and Escape closes
 * it; a press on the backdrop or the close control closes it too. Its content is drawn only
 * while it is open. The owner (a flow) holds `open` and hears every way of closing in `onClose`.
 */
export function SidePanel({ open, title, titleId, closeLabel, onClose, block, children }: SidePanelProps) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className={`side-panel ${block}`}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its panel) closes it.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open ? (
        <div className={`side-panel__panel ${block}__panel`}>
          <div className="side-panel__head">
            <h2 id={titleId}>{title}</h2>
            <button type="button" className={`side-panel__close ${block}__close`} aria-label={closeLabel} onClick={onClose}>
              ×
            </button>
          </div>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}
