/**
 * Type-ahead in a listbox (WAI-ARIA select-only combobox): typed characters within a short
 * pause build a search string; the next option whose label starts with it is chosen. Typing
 * one letter again and again cycles through the options starting with that letter.
 */
export const TYPE_AHEAD_RESET_MS = 500;

export function typeAheadIndex(labels: readonly string[], current: number, search: string): number {
  if (!search || !labels.length) return -1;
  const wanted = search.toLocaleLowerCase();
  const sameLetter = wanted.split('').every((c) => c === wanted[0]);
  // A repeated single letter moves on from the current option; a longer search may stay on it.
  const start = sameLetter ? current + 1 : current;
  const needle = sameLetter ? wanted[0] : wanted;
  for (let i = 0; i < labels.length; i++) {
    const index = (Math.max(start, 0) + i) % labels.length;
    if (labels[index].toLocaleLowerCase().startsWith(needle)) return index;
  }
  return -1;
}
