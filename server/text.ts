/** URL slug of a product name: accents folded, lower case, words joined by dashes. */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}

export function productLink(id: number, slug: string): string {
  return `/product-${id}-${slug}.html`;
}
