import { useTranslation } from '../../i18n/react';
import { UploadField } from '../../components/UploadField';
import { ContactForm } from './ContactForm';
import { PHOTO_FIELD, PHOTO_MAX } from '../../domain/upload';
import itContact from '../../i18n/it.contact';
import { addPageTexts } from '../../i18n/runtime';

// This page's own texts join the catalogue with its chunk.
addPageTexts(itContact);

/** The attachment's limit, carried by its field as data-max_filesize (MB). */
export const ATTACHMENT_MAX_MB = 5;

/** The contact page (default /contact.php). */
export default function ContactPage() {
  const { t } = useTranslation();
  return (
    <div className="page page--contact">
      <h1>{t('contact.title')}</h1>
      <p className="lead">{t('contact.lead')}</p>
      <dl className="contact-facts">
        <dt>{t('contact.phone')}</dt>
        <dd>
          <a href="tel:+390212345678">+39 02 1234 5678</a>
        </dd>
        <dt>{t('contact.email')}</dt>
        <dd>
          <a href="mailto:assistenza@frenishop.example">assistenza@frenishop.example</a>
        </dd>
        <dt>{t('contact.hours')}</dt>
        <dd>{t('contact.hoursValue')}</dd>
      </dl>
      <ContactForm />
      <form className="contact-files" aria-labelledby="contact-files" encType="multipart/form-data" onSubmit={(event) => event.preventDefault()}>
        <h2 id="contact-files">{t('contact.filesTitle')}</h2>
        <p>{t('contact.filesLead')}</p>
        <UploadField name="attachment" label={t('contact.attachment')} hint={t('contact.attachmentHint', { mb: ATTACHMENT_MAX_MB })} maxFilesizeMb={ATTACHMENT_MAX_MB} />
        <UploadField
          name={PHOTO_FIELD}
          label={t('contact.opinionPhoto')}
          hint={t('contact.opinionPhotoHint', { width: PHOTO_MAX.width, height: PHOTO_MAX.height, mb: ATTACHMENT_MAX_MB })}
          accept=".jpg,.jpeg,image/jpeg"
          maxFilesizeMb={ATTACHMENT_MAX_MB}
        />
      </form>
    </div>
  );
}
