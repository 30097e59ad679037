import { categoryIconUrl } from '../domain/brakes';

/** Category tile pictures (the configurator's icons; other categories get the fallback). */
export const CATEGORY_ICONS: Record<number, string> = {
  148728: categoryIconUrl('pastiglie.svg'),
  151538: categoryIconUrl('dischi.svg'),
  154315: categoryIconUrl('kit.svg'),
  156891: categoryIconUrl('kit-dischi.svg'),
  158346: categoryIconUrl('kit-completi.svg'),
};
