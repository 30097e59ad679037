/** Device flags of the shop data calls, from the layout mode (1 mobile, 2 tablet, 3-4 desktop). */
export function deviceFlags(mode: number | null): { mobile: boolean; tablet: boolean; pc: boolean } {
  return { mobile: mode === 1, tablet: mode === 2, pc: mode === null || mode >= 3 };
}
