/**
 * What happens when the catalogue changes (an import): whoever keeps something built from it
 * (drawn pages, cached listings) registers with `whenCatalogueChanges`, and `onCatalogueChanged()`
 * tells them. The importer calls it once the new catalogue is committed (in its own process);
 * each server process sees the import through `settings.catalogue_version`, which it reads every
 * few seconds (`watchCatalogueVersion`, started by server/main.ts), and calls it in turn.
 */
export interface CatalogueChange {
  /** settings.catalogue_version after the change. */
  version: number;
  /** Products whose pages may have changed; all when absent. */
  productIds?: number[];
}

type Listener = (change: CatalogueChange) => void | Promise<void>;
const listeners = new Set<Listener>();

/** Registers `listener`; answers a function that removes it. */
export function whenCatalogueChanges(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells every listener (the page cache's drop, for one) that the catalogue changed. */
export async function onCatalogueChanged(change: CatalogueChange): Promise<void> {
  for (const listener of [...listeners]) await listener(change);
}

/**
 * Reads the catalogue's version every `intervalMs` and calls `onCatalogueChanged` when it moves
 * from `known` (default: the first version read). Answers a function that stops watching. A
 * failed read is skipped (the next one tries again).
 */
export function watchCatalogueVersion(read: () => Promise<number>, intervalMs = 5000, known?: number): () => void {
  let busy = false;
  const check = async () => {
    if (busy) return;
    busy = true;
    try {
      const version = await read();
      if (known !== undefined && version !== known) await onCatalogueChanged({ version });
      known = version;
    } catch {
      /* the database did not answer: the next tick tries again */
    } finally {
      busy = false;
    }
  };
  void check();
  const timer = setInterval(() => void check(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
