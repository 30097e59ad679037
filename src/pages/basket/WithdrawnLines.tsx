import { useTranslation } from '../../i18n/react';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectWithdrawnLines } from '../../../store/basketSlice';
import { withdrawnLineDismissed } from '../../../store/actions';
import { lineKey } from '../../domain/miniBasket';
import { ONE_SIZE } from '../../api/wire';

/**
 * Basket lines a catalogue import took away (issue 26): named as they were, marked no longer
 * available, outside the totals; each note can be dismissed (the line then goes for good).
 */
export function WithdrawnLines() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const lines = useAppSelector(selectWithdrawnLines);
  const updating = useAppSelector((state) => state.basketPage.updating);
  if (!lines.length) return null;
  return (
    <section className="basket-withdrawn" aria-labelledby="basket-withdrawn-title">
      <h2 id="basket-withdrawn-title">{t('basket.withdrawnTitle')}</h2>
      <p className="basket-withdrawn__lead">{t('basket.withdrawnLead')}</p>
      <ul className="basket-withdrawn__lines">
        {lines.map((line) => {
          const key = lineKey(line);
          const busy = updating.includes(key);
          return (
            <li key={key} className="basket-withdrawn__line" aria-busy={busy || undefined}>
              <span className="basket-withdrawn__name">
                {line.name}
                {line.size !== ONE_SIZE && line.size_name ? <small> · {line.size_name}</small> : null}
              </span>
              <span className="basket-withdrawn__count">{t('basket.withdrawnQuantity', { count: String(line.count).replace('.', ',') })}</span>
              <span className="basket-withdrawn__status">{t('basket.noLongerAvailable')}</span>
              <button type="button" className="button button--ghost basket-withdrawn__dismiss" disabled={busy} onClick={() => dispatch(withdrawnLineDismissed({ key }))}>
                {t('basket.dismiss')}
                <span className="visually-hidden"> {line.name}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
