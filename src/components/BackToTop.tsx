import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/react';
import { BACK_TO_TOP_ANIMATION_MS, backToTopVisible, scrollPosition } from '../domain/backToTop';

/** The back-to-top link: appears after twice the window height, scrolls up in 500 ms. */
export function BackToTop() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const update = () => setVisible(backToTopVisible(window.scrollY, window.innerHeight));
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);
  if (!visible) return null;
  const toTop = (event: React.MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const from = window.scrollY;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    const start = performance.now();
    const step = (now: number) => {
      const elapsed = reduced ? BACK_TO_TOP_ANIMATION_MS : now - start;
      window.scrollTo(0, scrollPosition(from, elapsed));
      if (elapsed < BACK_TO_TOP_ANIMATION_MS) requestAnimationFrame(step);
      else document.getElementById('content')?.focus({ preventScroll: true });
    };
    requestAnimationFrame(step);
  };
  return (
    // In a landmark of its own: all content sits in landmarks (axe "region").
    <nav aria-label={t('shop.backToTop')}>
      <a className="back-to-top" href="#content" onClick={toTop}>
        <span aria-hidden="true">↑</span> {t('shop.backToTop')}
      </a>
    </nav>
  );
}
