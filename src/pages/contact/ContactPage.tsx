import { useTranslation } from '../../i18n/react';
import { ContactForm } from './ContactForm';
import itContact from '../../i18n/it.contact';
import { addPageTexts } from '../../i18n/runtime';
import { useAppSelector } from '../../../store/hooks';

// This page's own texts join the catalogue with its chunk.
addPageTexts(itContact);

/** The contact page (default /contact.php). */
export default function ContactPage() {
  const { t } = useTranslation();
  // The shop's telephone and e-mail are its settings (the owner's, in the back office).
  const shop = useAppSelector((state) => state.shopData.shop);
  return (
    <div className="page page--contact">
      <h1>{t('contact.title')}</h1>
      <p className="lead">{t('contact.lead')}</p>
      <dl className="contact-facts">
        <dt>{t('contact.phone')}</dt>
        <dd>
          <a href={`tel:${shop.phone.replace(/[^0-9+]/g, '')}`}>{shop.phone}</a>
        </dd>
        <dt>{t('contact.email')}</dt>
        <dd>
          <a href={`mailto:${shop.email}`}>{shop.email}</a>
        </dd>
        <dt>{t('contact.hours')}</dt>
        <dd>{t('contact.hoursValue')}</dd>
      </dl>
      <ContactForm />
    </div>
  );
}
