import { createContext, createElement, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { i18n as I18n, TFunction } from 'i18next';

/**
 * The storefront's binding of React to i18next: a provider for the instance (one per language on
 * the server, one in the browser) and `useTranslation()`, which re-renders its component when the
 * language changes or texts are added (a page's own texts, a language loaded on demand). The
 * same two names and shapes as react-i18next's, for the one way the storefront uses them, in a
 * few hundred bytes instead of its 2 KB gzip of first load.
 */
const I18nContext = createContext<I18n | null>(null);

export function I18nextProvider({ i18n, children }: { i18n: I18n; children?: ReactNode }) {
  return createElement(I18nContext.Provider, { value: i18n }, children);
}

interface Watched {
  version: number;
  listeners: Set<() => void>;
  /** One subscribe function per instance, so React keeps its subscription between renders. */
  subscribe: (listener: () => void) => () => void;
}
const watched = new WeakMap<I18n, Watched>();

/** A counter per instance, bumped by every language change and every added bundle. */
function watch(instance: I18n): Watched {
  let entry = watched.get(instance);
  if (!entry) {
    const listeners = new Set<() => void>();
    const created: Watched = {
      version: 0,
      listeners,
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    const changed = () => {
      created.version += 1;
      for (const listener of created.listeners) listener();
    };
    instance.on('languageChanged', changed);
    instance.store?.on('added', changed);
    watched.set(instance, created);
    entry = created;
  }
  return entry;
}

export function useTranslation(): { t: TFunction; i18n: I18n } {
  const instance = useContext(I18nContext);
  if (!instance) throw new Error('useTranslation() needs an <I18nextProvider> above it');
  const entry = watch(instance);
  const version = useSyncExternalStore(entry.subscribe, () => entry.version, () => entry.version);
  // A new `t` for each version, so memoised values that use it follow the language.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const t = useMemo(() => instance.getFixedT(null, 'translation'), [instance, version]);
  return { t, i18n: instance };
}
