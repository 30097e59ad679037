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

/** The `t` of an instance at one version (language and texts), shared by every component that asks. */
const fixedTs = new WeakMap<I18n, { version: number; t: TFunction }>();

/**
 * i18next's `t` for the instance's language and texts as they are now, with the texts asked by
 * key alone (no options: no interpolation, no count) kept once looked up: a page asks the same
 * few hundred keys on every render, on the server for every request.
 */
function fixedT(instance: I18n, version: number): TFunction {
  const kept = fixedTs.get(instance);
  if (kept && kept.version === version) return kept.t;
  const lookUp = instance.getFixedT(null, 'translation');
  const plain = new Map<string, unknown>();
  const t = ((key: unknown, ...rest: unknown[]) => {
    if (rest.length > 0 || typeof key !== 'string') return (lookUp as unknown as (...args: unknown[]) => unknown)(key, ...rest);
    let text = plain.get(key);
    if (text === undefined) {
      text = lookUp(key);
      plain.set(key, text);
    }
    return text;
  }) as unknown as TFunction;
  fixedTs.set(instance, { version, t });
  return t;
}

export function useTranslation(): { t: TFunction; i18n: I18n } {
  const instance = useContext(I18nContext);
  if (!instance) throw new Error('useTranslation() needs an <I18nextProvider> above it');
  const entry = watch(instance);
  const version = useSyncExternalStore(entry.subscribe, () => entry.version, () => entry.version);
  // A new `t` for each version, so memoised values that use it follow the language.
  const t = useMemo(() => fixedT(instance, version), [instance, version]);
  return { t, i18n: instance };
}
