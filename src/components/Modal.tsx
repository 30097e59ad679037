import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from '../i18n/react';
import '../styles/forms.css';

export interface ModalProps {
  open: boolean;
  /** The dialog's heading: it names the dialog (aria-labelledby). */
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The modal dialog (spec section 2): a native <dialog> opened with showModal(), so the rest of
 * the page is inert and Escape closes it. It is named by its heading; on close, focus goes
 * back to the element that opened it.
 */
export function Modal({ open, title, onClose, children }: ModalProps) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = `${useId()}modal-title`;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
    } else if (!open && element.open) {
      if (typeof element.close === 'function') element.close();
      else element.removeAttribute('open');
    }
    if (!open && opener.current) {
      opener.current.focus();
      opener.current = null;
    }
  }, [open]);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    // Escape fires "cancel": the dialog is closed through the owner, who holds `open`.
    const cancel = (event: Event) => {
      event.preventDefault();
      onClose();
    };
    element.addEventListener('cancel', cancel);
    return () => element.removeEventListener('cancel', cancel);
  }, [onClose]);

  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby={titleId}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its panel) closes it.
        if (event.target === dialog.current) onClose();
      }}
    >
      <div className="modal__panel">
        <header className="modal__head">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button type="button" className="modal__close" onClick={onClose} aria-label={t('forms.close')}>
            <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
              <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </header>
        <div className="modal__body">{children}</div>
      </div>
    </dialog>
  );
}
