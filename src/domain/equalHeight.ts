/**
 * Equal-height rows (storefront spec sections 5 and 9): row size = container width divided
 * by the first item's width including margins, rounded; each row's items get the height of
 * its tallest one. Measuring the DOM is the caller's; this is the arithmetic.
 */
export function rowSize(containerWidth: number, firstItemOuterWidth: number): number {
  if (!(containerWidth > 0) || !(firstItemOuterWidth > 0)) return 1;
  return Math.max(1, Math.round(containerWidth / firstItemOuterWidth));
}

/** The height each item gets: the tallest of its row. */
export function equalRowHeights(heights: readonly number[], perRow: number): number[] {
  const size = Math.max(1, Math.floor(perRow));
  return heights.map((_, index) => {
    const start = index - (index % size);
    return Math.max(...heights.slice(start, start + size));
  });
}

/** The helper's preconditions: a container selector and at least one item selector, and the container exists. */
export function equalHeightUsable(options: { container?: string; items?: string | readonly string[]; containerExists: boolean }): boolean {
  const items = typeof options.items === 'string' ? [options.items] : (options.items ?? []);
  return Boolean(options.container) && items.filter(Boolean).length > 0 && options.containerExists;
}
