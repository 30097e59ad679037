import { useTranslation } from '../i18n/react';
import { useAppSelector } from '../../store/hooks';
import type { PlacedHtml } from '../../store/shopDataSlice';
import { Banners, useShownBanners } from './Banners';

/** Snippet and widget HTML from the shop data bundle, already sanitised by its saga. */
function Placed({ items, className }: { items: PlacedHtml[]; className: string }) {
  return (
    <div className={className}>
      {items.map((item) => (
        <div key={item.id} data-snippet={item.id} dangerouslySetInnerHTML={{ __html: item.html }} />
      ))}
    </div>
  );
}

/** Body-top snippets: a landmark of their own, above the header. */
export function SnippetsTop() {
  const { t } = useTranslation();
  const items = useAppSelector((state) => state.shopData.bodyTop);
  const banners = useShownBanners();
  if (!items.length && !banners.length) return null;
  return (
    <aside className="snippets snippets--top" aria-label={t('shop.notices')}>
      <Banners />
      {items.map((item) => (
        <div key={item.id} data-snippet={item.id} dangerouslySetInnerHTML={{ __html: item.html }} />
      ))}
    </aside>
  );
}

/** Body-end snippets and widgets: rendered inside the footer. */
export function SnippetsEnd() {
  const bodyEnd = useAppSelector((state) => state.shopData.bodyEnd);
  const widgets = useAppSelector((state) => state.shopData.widgets);
  return (
    <>
      {bodyEnd.length ? <Placed items={bodyEnd} className="snippets snippets--end" /> : null}
      {widgets.length ? <Placed items={widgets} className="widgets" /> : null}
    </>
  );
}
