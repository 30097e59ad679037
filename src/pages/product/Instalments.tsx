import { useAppSelector } from '../../../store/hooks';
import { InstalmentOffer } from '../../components/InstalmentOffer';
import { allowsInstalments, runsLinkDirectly, type InstalmentInput } from '../../domain/instalments';

/**
 * The product page's instalment calculator, for the chosen quantity's total (brake-shop spec,
 * section 4): the basket's products count (too many products) and must all allow instalments,
 * this product too; with an empty basket and a price in range the instalment link is run
 * directly, otherwise it leads to the basket's calculator (the whole basket is what is paid).
 */
export function Instalments() {
  const params = useAppSelector((state) => state.product.instalment);
  const product = useAppSelector((state) => state.page.product);
  const basketCount = useAppSelector((state) => state.basket.summary?.productsCounter ?? 0);
  if (!params || !product) return null;
  const input: InstalmentInput = { price: params.totalPrice, basketCount, allProductsAllow: (params.allProductsAllow ?? true) && allowsInstalments(product.product_type) };
  return <InstalmentOffer params={params} input={input} headingId="instalments-title" linkTo={runsLinkDirectly(input, params) ? undefined : '/basketedit.php'} />;
}
