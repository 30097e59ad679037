import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../store/hooks';
import { ResponsiveTable } from '../../components/ResponsiveTable';

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
          <ResponsiveTable
            className="basket-lines"
            caption={t('basket.linesCaption')}
            rows={basket.products}
            rowKey={(line) => `${line.id}-${line.size}-${line.md5_additional}`}
            columns={[
              {
                id: 'product',
                header: t('basket.product'),
                cell: (line) => (
                  <>
                    <a href={line.link}>{line.name}</a>
                    <div className="basket-lines__code">{line.product_version_name}</div>
                  </>
                ),
              },
              { id: 'quantity', header: t('basket.quantity'), cell: (line) => line.count },
              { id: 'total', header: t('basket.lineTotal'), cell: (line) => line.prices.worth_gros_formatted },
            ]}
          />
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
