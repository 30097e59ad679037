import { useTranslation } from '../i18n/react';
import { addPageTexts } from '../i18n/runtime';
import itRefusal from '../i18n/it.refusal';
import type { AlertMessage } from '../../machines/alert';

// The refusals' Italian texts join the catalogue as this chunk loads (the first refused change).
addPageTexts(itRefusal);

/**
 * An alert's text with its reason after it: "Qualcosa non è andato a buon fine, riprova. Quantità
 * massima ordinabile: 3 pz."; a reason the catalogue has no text for (a code the page does not
 * know) leaves the text alone.
 */
export default function AlertReason({ message }: { message: AlertMessage }) {
  const { t, i18n } = useTranslation();
  const detail = message.detail!;
  const text = t(message.key, message.params ?? {});
  return <>{i18n.exists(detail.key) ? t('alert.withReason', { text, reason: t(detail.key, detail.params ?? {}) }) : text}</>;
}
