import { useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from '../i18n/react';
import { CATEGORY_LINKS } from './categoryLinks';
import '../styles/search.css';
import { useLocalPath } from './useLocalPath';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The mobile side menu with the categories (brake-parts spec, section 2): a header button on
 * view 1 opens a native modal <dialog> (showModal: the page behind is inert, Escape closes it
 * and focus goes back to the button). Tab and Shift+Tab wrap inside the drawer.
 */
export function SideMenu() {
  const { t } = useTranslation();
  const local = useLocalPath();
  const dialog = useRef<HTMLDialogElement>(null);
  const open = () => dialog.current?.showModal();
  const close = () => dialog.current?.close();
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !dialog.current) return;
    const items = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (!items.length) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };
  // A click on the backdrop lands on the dialog element itself.
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === dialog.current) close();
  };
  return (
    <>
      <button type="button" className="side-menu__open" aria-haspopup="dialog" onClick={open}>
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
        <span className="visually-hidden">{t('liveSearch.openMenu')}</span>
      </button>
      <dialog ref={dialog} className="side-menu" aria-labelledby="side-menu-title" onKeyDown={onKeyDown} onClick={onClick}>
        <div className="side-menu__panel">
          <div className="side-menu__head">
            <h2 id="side-menu-title" className="side-menu__title">
              {t('liveSearch.menuTitle')}
            </h2>
            <button type="button" className="side-menu__close" onClick={close}>
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
              </svg>
              <span className="visually-hidden">{t('liveSearch.closeMenu')}</span>
            </button>
          </div>
          <nav aria-labelledby="side-menu-title">
            <ul className="side-menu__list">
              {CATEGORY_LINKS.map((link) => (
                <li key={link.href}>
                  <a href={local(link.href)}>{t(link.label)}</a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </dialog>
    </>
  );
}
