import type { Language } from '../runtime';
import it, { type AdminTexts } from './it';
import pl from './pl';
import en from './en';

export type { AdminTexts };

/**
 * The back office's texts (issue 36) in it / pl / en, typed alike (a key missing in one language
 * fails the type check). The server draws the pages with them; the admin bundle (src/admin/)
 * reads the few its scripts show.
 */
export const ADMIN_TEXTS: Record<Language, AdminTexts> = { it, pl, en };

export function adminTexts(language: Language): AdminTexts {
  return ADMIN_TEXTS[language];
}

/** A text with its {{name}} places filled (the caller escapes what it draws: React does). */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
