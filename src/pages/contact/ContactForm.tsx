import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import { FORM_FLOW_PREFIX, type FormContext } from '../../../machines/form';
import { flowStartRequested, flowStopRequested } from '../../../store/flowsSlice';
import { flowMatches, flowSend } from '../../../store/flowsSlice';
import { useAppDispatch, useFlow } from '../../../store/hooks';
import { CheckboxField, ErrorSummary, fieldIds, TextField } from '../../components/FormField';
import { Modal } from '../../components/Modal';
import { Select } from '../../components/Select';
import { Tooltip } from '../../components/Tooltip';
import { UploadField } from '../../components/UploadField';
import { CONTACT_ATTACHMENT_MAX_MB, CONTACT_FIELDS, CONTACT_SUBJECTS, type ContactSubject } from '../../domain/contactForm';
import { PHOTO_FIELD, PHOTO_MAX } from '../../domain/upload';
import type { FormErrors, FormFieldSpec, FormFieldValue } from '../../domain/formRules';
import { infoPageLink } from '../../domain/infoPages';

export const CONTACT_FORM_FLOW = `${FORM_FLOW_PREFIX}contact`;
const FORM_ID = 'contact';
const NO_ERRORS: FormErrors = {};
const SPEC = Object.fromEntries(CONTACT_FIELDS.map((f) => [f.name, f])) as Record<string, FormFieldSpec>;

/**
 * The contact form: checked by the form flow (local rules, then the bank account by the
 * validation URL), sent to POST /contact.php; a second submit while one is under way is
 * ignored. Errors are tied to their fields and listed in a summary; focus goes to the first.
 * Its file fields (a document, a photo) are checked when chosen and go with the message
 * (multipart); the confirmation lists the files the shop received.
 */
export function ContactForm() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const flow = useFlow<FormContext>(CONTACT_FORM_FLOW);
  const [subject, setSubject] = useState<ContactSubject>('product');
  const [termsOpen, setTermsOpen] = useState(false);

  useEffect(() => {
    dispatch(flowStartRequested({ id: CONTACT_FORM_FLOW, machine: 'form', input: { action: '/contact.php' } }));
    return () => {
      dispatch(flowStopRequested({ id: CONTACT_FORM_FLOW }));
    };
  }, [dispatch]);

  const errors = flow?.context.errors ?? NO_ERRORS;
  const busy = flowMatches(flow, 'validating') || flowMatches(flow, 'submitting');

  const onEdit = useCallback(
    (name: string) => {
      if (name in errors) dispatch(flowSend({ id: CONTACT_FORM_FLOW, event: { type: 'CHANGE', field: name } }));
    },
    [dispatch, errors],
  );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const fields: FormFieldValue[] = CONTACT_FIELDS.map((spec) => ({ ...spec, value: String(data.get(spec.name) ?? ''), checked: data.get(spec.name) === '1' }));
    dispatch(flowSend({ id: CONTACT_FORM_FLOW, event: { type: 'SUBMIT', fields } }));
  };

  const closeTerms = useCallback(() => setTermsOpen(false), []);

  if (flowMatches(flow, 'submitted')) {
    const received = flow?.context.received ?? [];
    return (
      <section className="contact-form contact-form--sent" aria-labelledby="contact-form-title">
        <h2 id="contact-form-title">{t('forms.contact.title')}</h2>
        <div className="form-success" role="status">
          <p className="form-success__title">{t('forms.contact.sentTitle')}</p>
          <p>{t('forms.contact.sentText')}</p>
          {received.length ? (
            <>
              <p>{t('forms.contact.received')}</p>
              <ul className="form-success__files">
                {received.map((file) => (
                  <li key={file.field}>{t('forms.contact.receivedFile', { name: file.name, size: Math.max(1, Math.round(file.size / 1024)) })}</li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
        <button type="button" className="button button--secondary" onClick={() => dispatch(flowSend({ id: CONTACT_FORM_FLOW, event: { type: 'RESET' } }))}>
          {t('forms.contact.another')}
        </button>
      </section>
    );
  }

  const labels: Record<string, string> = {
    name: t('forms.contact.name'),
    contact: t('forms.contact.contact'),
    subject: t('forms.contact.subject'),
    iban: t('forms.contact.iban'),
    message: t('forms.contact.message'),
    terms: t('forms.contact.termsShort'),
  };
  const summary = (flow?.context.order.length ? flow.context.order : CONTACT_FIELDS.map((f) => f.name))
    .filter((name) => errors[name])
    .map((name) => ({ name, label: labels[name] ?? name, error: errors[name] }));
  const subjects = CONTACT_SUBJECTS.map((value) => ({ value, label: t(`forms.contact.subjects.${value}`) }));

  return (
    <section className="contact-form" aria-labelledby="contact-form-title">
      <h2 id="contact-form-title">{t('forms.contact.title')}</h2>
      <p className="form-note">{t('forms.contact.lead')}</p>
      <ErrorSummary formId={FORM_ID} title={t('forms.summary', { count: summary.length })} items={summary} failure={flowMatches(flow, 'failed') ? flow?.context.failure : null} />
      <form className="form" noValidate encType="multipart/form-data" data-flow={CONTACT_FORM_FLOW} onSubmit={onSubmit} aria-describedby="contact-form-required" aria-busy={busy}>
        <p id="contact-form-required" className="form-note">
          {t('forms.requiredNote')}
        </p>
        <TextField formId={FORM_ID} name="name" label={labels.name} error={errors.name} required validate minLength={SPEC.name.minlength} maxLength={SPEC.name.maxlength} autoComplete="name" onEdit={onEdit} />
        <TextField
          formId={FORM_ID}
          name="contact"
          label={labels.contact}
          hint={t('forms.contact.contactHint')}
          error={errors.contact}
          required
          validate
          maxLength={SPEC.contact.maxlength}
          autoComplete="email"
          inputMode="email"
          onEdit={onEdit}
        />
        <div className="form-field">
          <Select id={fieldIds(FORM_ID, 'subject').control} name="subject" field="subject" label={labels.subject} options={subjects} value={subject} onChange={(value) => setSubject(value as ContactSubject)} />
        </div>
        <TextField
          formId={FORM_ID}
          name="iban"
          label={labels.iban}
          hint={t('forms.contact.ibanHint')}
          error={errors.iban}
          validate
          maxLength={SPEC.iban.maxlength}
          autoComplete="off"
          labelExtra={<Tooltip label={t('forms.contact.ibanInfo')} text={t('forms.contact.ibanTooltip')} />}
          onEdit={onEdit}
        />
        <TextField
          formId={FORM_ID}
          name="message"
          label={labels.message}
          hint={t('forms.contact.messageHint', { min: SPEC.message.minlength, max: SPEC.message.maxlength })}
          error={errors.message}
          required
          validate
          multiline
          minLength={SPEC.message.minlength}
          maxLength={SPEC.message.maxlength}
          onEdit={onEdit}
        />
        <fieldset className="contact-files">
          <legend>{t('contact.filesTitle')}</legend>
          <p className="form-note">{t('contact.filesLead')}</p>
          <UploadField name="attachment" label={t('contact.attachment')} hint={t('contact.attachmentHint', { mb: CONTACT_ATTACHMENT_MAX_MB })} maxFilesizeMb={CONTACT_ATTACHMENT_MAX_MB} />
          <UploadField
            name={PHOTO_FIELD}
            label={t('contact.opinionPhoto')}
            hint={t('contact.opinionPhotoHint', { width: PHOTO_MAX.width, height: PHOTO_MAX.height, mb: CONTACT_ATTACHMENT_MAX_MB })}
            accept=".jpg,.jpeg,image/jpeg"
            maxFilesizeMb={CONTACT_ATTACHMENT_MAX_MB}
          />
        </fieldset>
        <CheckboxField
          formId={FORM_ID}
          name="terms"
          required
          error={errors.terms}
          label={t('forms.contact.terms')}
          extra={
            <button type="button" className="link-button" onClick={() => setTermsOpen(true)}>
              {t('forms.contact.readTerms')}
            </button>
          }
          onEdit={onEdit}
        />
        <div className="form-actions">
          <button type="submit" className="button button--primary" aria-disabled={busy}>
            {busy ? t('forms.sending') : t('forms.contact.send')}
          </button>
        </div>
      </form>
      <Modal open={termsOpen} title={t('forms.terms.title')} onClose={closeTerms}>
        <p>{t('forms.terms.p1')}</p>
        <p>{t('forms.terms.p2')}</p>
        <p>{t('forms.terms.p3')}</p>
        <p>
          {/* The full terms are an information page; a new tab keeps what the form holds. */}
          <a href={infoPageLink('terms', i18n.language)} target="_blank" rel="noopener">
            {t('forms.terms.full')}
            <span className="visually-hidden"> {t('forms.terms.newTab')}</span>
          </a>
        </p>
        <div className="form-actions">
          <button type="button" className="button button--primary" onClick={closeTerms}>
            {t('forms.terms.ok')}
          </button>
        </div>
      </Modal>
    </section>
  );
}
