import type { BrakeProduct } from '../../api/wire';
import { priceOfType, type PriceType } from '../../domain/priceType';
import { PriceText } from '../PriceText';

/**
 * A finder product's price (its list and the comparison's header) of the shop's price type; a price
 * of zero shows the phone-price text (brake-shop spec, sections 5 and 6).
 */
export function BrakePrice({ product, priceType }: { product: BrakeProduct; priceType: PriceType }) {
  const { gross, net } = product.price.price;
  const shown = priceOfType(priceType, gross, net);
  return <PriceText amount={gross.value} formatted={shown.formatted} net={shown !== gross} />;
}
