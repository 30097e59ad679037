import { useAppSelector } from '../../../store/hooks';
import { InstalmentOffer } from '../../components/InstalmentOffer';

/** The product page's instalment calculator, for the chosen quantity's total. */
export function Instalments() {
  const params = useAppSelector((state) => state.product.instalment);
  if (!params) return null;
  return <InstalmentOffer params={params} input={{ price: params.totalPrice, basketCount: 0, allProductsAllow: true }} headingId="instalments-title" />;
}
