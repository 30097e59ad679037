import { useTranslation } from '../../i18n/react';
import { ContactForm } from './ContactForm';
import itContact from '../../i18n/it.contact';
import { addPageTexts } from '../../i18n/runtime';

// This page's own texts join the catalogue with its chunk.
addPageTexts(itContact);

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
    </div>
  );
}
