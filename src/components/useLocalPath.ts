import { useCallback } from 'react';
import { useTranslation } from '../i18n/react';
import { localPath } from '../domain/languagePaths';

/**
 * The page's links in the page's language: a shop page address (`/search.php?...`, a product's
 * link) gets the language's prefix (`/pl/search.php?...`); other addresses stay as they are.
 */
export function useLocalPath(): (href: string) => string {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useCallback((href: string) => localPath(href, language), [language]);
}
