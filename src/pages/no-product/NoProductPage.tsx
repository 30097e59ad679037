import { useTranslation } from '../../i18n/react';

/** The no-product page: unknown products and addresses land here (with status 404). */
export default function NoProductPage() {
  const { t } = useTranslation();
  return (
    <div className="page page--no-product">
      <h1>{t('noProduct.title')}</h1>
      <p className="lead">{t('noProduct.lead')}</p>
      <a className="button" href="/main.php">
        {t('noProduct.home')}
      </a>
    </div>
  );
}
