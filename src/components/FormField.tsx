import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/react';
import type { FormError } from '../domain/formRules';
import '../styles/forms.css';

/** Ids of a form field's parts: the control, its error and its hint. */
export function fieldIds(formId: string, name: string) {
  return { control: `${formId}-${name}`, error: `${formId}-${name}-error`, hint: `${formId}-${name}-hint` };
}

function describedBy(...ids: Array<string | false | undefined>): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list || undefined;
}

export function FieldError({ id, error }: { id: string; error?: FormError }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p id={id} className="form-field__error">
      <span className="form-field__error-icon" aria-hidden="true">
        !
      </span>
      {t(error.key, error.values ?? {})}
    </p>
  );
}

export interface TextFieldProps {
  formId: string;
  name: string;
  label: string;
  error?: FormError;
  hint?: string;
  required?: boolean;
  multiline?: boolean;
  type?: 'text' | 'email' | 'tel';
  inputMode?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  minLength?: number;
  maxLength?: number;
  /** Fields marked validate check their lengths (spec section 5). */
  validate?: boolean;
  /** Shown after the label (a tooltip, say). */
  labelExtra?: ReactNode;
  onEdit: (name: string) => void;
}

/** A labelled text field whose error and hint describe it (aria-describedby, aria-invalid). */
export function TextField({ formId, name, label, error, hint, required, multiline, type = 'text', inputMode, autoComplete, minLength, maxLength, validate, labelExtra, onEdit }: TextFieldProps) {
  const { t } = useTranslation();
  const ids = fieldIds(formId, name);
  const common = {
    id: ids.control,
    name,
    required,
    minLength,
    maxLength,
    autoComplete,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(error && ids.error, hint && ids.hint),
    'data-field': name,
    'data-validate': validate ? '' : undefined,
    onChange: () => onEdit(name),
  };
  return (
    <div className="form-field" data-invalid={Boolean(error)}>
      <div className="form-field__label-row">
        <label htmlFor={ids.control} className="form-field__label">
          {label}
          {required ? <span className="form-field__required"> {t('forms.requiredMark')}</span> : <span className="form-field__optional"> {t('forms.optional')}</span>}
        </label>
        {labelExtra}
      </div>
      {multiline ? <textarea {...common} rows={6} /> : <input {...common} type={type} inputMode={inputMode} />}
      {hint ? (
        <p id={ids.hint} className="form-field__hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={ids.error} error={error} />
    </div>
  );
}

export interface CheckboxFieldProps {
  formId: string;
  name: string;
  label: ReactNode;
  error?: FormError;
  required?: boolean;
  /** Shown after the checkbox's label (a link that opens the terms, say). */
  extra?: ReactNode;
  onEdit: (name: string) => void;
}

export function CheckboxField({ formId, name, label, error, required, extra, onEdit }: CheckboxFieldProps) {
  const ids = fieldIds(formId, name);
  return (
    <div className="form-field form-field--checkbox" data-invalid={Boolean(error)}>
      <div className="form-field__check-row">
        <input
          type="checkbox"
          id={ids.control}
          name={name}
          value="1"
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ids.error : undefined}
          data-field={name}
          onChange={() => onEdit(name)}
        />
        <label htmlFor={ids.control}>{label}</label>
      </div>
      {extra}
      <FieldError id={ids.error} error={error} />
    </div>
  );
}

export interface ErrorSummaryProps {
  formId: string;
  title: string;
  /** Field name -> its error and its label, in form order. */
  items: Array<{ name: string; label: string; error: FormError }>;
  failure?: string | null;
}

/** The form's error summary: announced (role=alert), each line a link to its field. */
export function ErrorSummary({ formId, title, items, failure }: ErrorSummaryProps) {
  const { t } = useTranslation();
  const empty = !items.length && !failure;
  return (
    <div className="form-summary" role="alert" hidden={empty}>
      {empty ? null : (
        <>
          <p className="form-summary__title">{failure && !items.length ? t(failure) : title}</p>
          {items.length ? (
            <ul className="form-summary__list">
              {items.map((item) => (
                <li key={item.name}>
                  <a href={`#${fieldIds(formId, item.name).control}`}>
                    {item.label}: {t(item.error.key, item.error.values ?? {})}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      )}
    </div>
  );
}
