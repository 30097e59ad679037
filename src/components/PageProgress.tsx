import { useTranslation } from '../i18n/react';
import { useFlow } from '../../store/hooks';
import { PARTIAL_LOAD_FLOW } from '../../store/actions';

/** The thin bar at the top of the page while a partial load is in flight. */
export function PageProgress() {
  const { t } = useTranslation();
  const flow = useFlow<unknown>(PARTIAL_LOAD_FLOW);
  if (flow?.value !== 'loading') return null;
  return <div className="page-progress" role="progressbar" aria-label={t('status.loading')} />;
}
