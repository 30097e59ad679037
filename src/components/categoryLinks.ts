/**
 * The brake categories' listings, as `categoryHref` (src/domain/listingLinks.ts) writes them
 * (brackets percent-encoded): literal here, so every page's first script carries no link builder.
 */
export const PADS_HREF = '/search.php?traits_alt%5B24%5D=148728';
export const DISCS_HREF = '/search.php?traits_alt%5B24%5D=151538';
export const KITS_HREF = '/search.php?traits_alt%5B24%5D=154315';

/** The shop's categories, as the header's navigation and the mobile side menu list them. */
export const CATEGORY_LINKS: ReadonlyArray<{ href: string; label: string }> = [
  { href: PADS_HREF, label: 'footer.links.pads' },
  { href: DISCS_HREF, label: 'footer.links.discs' },
  { href: KITS_HREF, label: 'footer.links.kits' },
  { href: '/brakes.php', label: 'footer.links.brakes' },
];
