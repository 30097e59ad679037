/** The shop's categories, as the header's navigation and the mobile side menu list them. */
export const CATEGORY_LINKS: ReadonlyArray<{ href: string; label: string }> = [
  { href: '/search.php?traits_alt[24]=148728', label: 'footer.links.pads' },
  { href: '/search.php?traits_alt[24]=151538', label: 'footer.links.discs' },
  { href: '/search.php?traits_alt[24]=154315', label: 'footer.links.kits' },
  { href: '/brakes.php', label: 'footer.links.brakes' },
];
