import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../store/hooks';

/** The basket page (/basketedit.php): lines, totals net and gross, shipping. */
export default function BasketPage() {
  const { t } = useTranslation();
  const basket = useAppSelector((state) => state.basket.summary);
  const status = useAppSelector((state) => state.basket.status);
  return (
    <div className="page page--basket">
      <h1>{t('basket.title')}</h1>
      {!basket && status === 'loading' ? <p role="status">{t('status.loading')}</p> : null}
      {basket && basket.products.length === 0 ? (
        <div className="basket-empty">
          <p>{t('basket.empty')}</p>
          <a className="button" href="/main.php">
            {t('basket.continue')}
          </a>
        </div>
      ) : null}
      {basket && basket.products.length > 0 ? (
        <>
          <table className="basket-lines">
            <thead>
              <tr>
                <th scope="col">{t('basket.product')}</th>
                <th scope="col">{t('basket.quantity')}</th>
                <th scope="col">{t('basket.lineTotal')}</th>
              </tr>
            </thead>
            <tbody>
              {basket.products.map((line) => (
                <tr key={`${line.id}-${line.size}-${line.md5_additional}`}>
                  <td>
                    <a href={line.link}>{line.name}</a>
                    <div className="basket-lines__code">{line.product_version_name}</div>
                  </td>
                  <td>{line.count}</td>
                  <td>{line.prices.worth_gros_formatted}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <dl className="basket-totals">
            <dt>{t('basket.totalNet')}</dt>
            <dd>{basket.worth_net_formatted}</dd>
            <dt>{t('basket.shipping')}</dt>
            <dd>{basket.shippingCost_formatted}</dd>
            <dt>{t('basket.total')}</dt>
            <dd className="basket-totals__total">{basket.worth_formatted}</dd>
          </dl>
          <p className="basket-shipping-note">
            {basket.toShippingFree === 0 ? t('basket.freeShipping') : t('basket.toFreeShipping', { amount: basket.toShippingFree_formatted })}
          </p>
        </>
      ) : null}
    </div>
  );
}
