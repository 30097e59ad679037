import { useTranslation } from '../i18n/react';
import { useAppSelector } from '../../store/hooks';

/** The page's loading or failure note, or nothing once its data is ready. */
export function LoadingState() {
  const { t } = useTranslation();
  const status = useAppSelector((state) => state.page.status);
  if (status === 'loading') return <p className="page-status" role="status">{t('status.loading')}</p>;
  if (status === 'failed') return <p className="page-status page-status--error" role="alert">{t('status.failed')}</p>;
  return null;
}
