import type { RootState } from '../../store';
import { escapeHtml } from './document';

/** The page's <title> and meta description (search-engine output comes with src/domain/seo.ts). */
export function pageHead(state: Partial<RootState>, _language: string): string {
  const page = state.page;
  const title = page?.product ? `${page.product.name} | FreniShop` : 'FreniShop – ricambi freni per la tua auto';
  const robots = page?.location?.type === 'noProduct' || page?.location?.type === 'basket' ? '<meta name="robots" content="noindex">' : '';
  return `<title>${escapeHtml(title)}</title>${robots}`;
}
