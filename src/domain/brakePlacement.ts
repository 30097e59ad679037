/**
 * Where the brake finder goes on a product page (brake-shop spec, section 2, "Brake finder"):
 * inside the long description, before the heading named by data-tech-name or before the engine
 * list, on products of a brake category. Kept apart from the finder's rules (brakeFinder.ts) so
 * the product page's first load carries only this.
 */
import { BRAKE_CATEGORY, TRAIT } from '../api/wire';

const HTML_ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#39;': "'", '&lt;': '<', '&gt;': '>' };

/** The data-tech-name variable a (sanitised) description carries, if any: the heading the finder goes before. */
export function techNameOf(html: string): string | null {
  const match = /\sdata-tech-name\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(html);
  const value = (match?.[1] ?? match?.[2] ?? '').replace(/&(amp|quot|#39|lt|gt);/g, (entity) => HTML_ENTITIES[entity]).trim();
  return value || null;
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * On a product page the finder goes inside the long description, before the heading named by
 * data-tech-name when given (and present), else before the engine list. Answers the HTML
 * before and after.
 */
export function splitDescription(html: string, techName?: string | null): { before: string; after: string } | null {
  const patterns: RegExp[] = [];
  if (techName) {
    const escaped = escapeText(techName).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    patterns.push(new RegExp(`<h[1-6][^>]*>\\s*${escaped}\\s*</h[1-6]>`, 'i'));
  }
  patterns.push(/<h[1-6][^>]*class="[^"]*engine-list-title[^"]*"[^>]*>/i, /<ul[^>]*class="[^"]*engine-list[^"]*"[^>]*>/i);
  for (const pattern of patterns) {
    const match = pattern.exec(html);
    if (match) return { before: html.slice(0, match.index), after: html.slice(match.index) };
  }
  return null;
}

/** A product page has a brake form when the product is in a brake category. */
export function hasBrakeForm(parameters: ReadonlyArray<{ id: number; values: ReadonlyArray<{ id: number }> }>): boolean {
  const brakeCategories: number[] = Object.values(BRAKE_CATEGORY);
  return parameters.some((parameter) => parameter.id === TRAIT.category && parameter.values.some((value) => brakeCategories.includes(value.id)));
}
