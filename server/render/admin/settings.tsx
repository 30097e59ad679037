import type { FastifyRequest } from 'fastify';
import type { ReactElement } from 'react';
import { shopSectionTexts, type ShopSectionTexts } from '../../../src/i18n/admin/shopSections';
import { fill } from '../../../src/i18n/admin';
import type { Language } from '../../../src/i18n/runtime';
import { CsrfField, drawAdminPage } from '../adminPage';
import { pageOwner } from './simplePages';

/** The form's values, as the owner typed them (text), and the errors by field name. */
export interface SettingsForm {
  values: Record<string, string>;
  /** Courier rows drawn (the stored ones and one empty row). */
  courierRows: number;
  errors: Record<string, keyof ShopSectionTexts['errors']>;
}

function Field({ id, label, form, texts, type = 'text', inputMode, size }: { id: string; label: string; form: SettingsForm; texts: ShopSectionTexts; type?: string; inputMode?: 'decimal' | 'numeric'; size?: number }): ReactElement {
  const error = form.errors[id];
  return (
    <p className="admin-field">
      <label htmlFor={`s-${id}`}>{label}</label>
      <input
        id={`s-${id}`}
        name={id}
        type={type}
        inputMode={inputMode}
        size={size}
        defaultValue={form.values[id] ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `s-${id}-error` : undefined}
      />
      {error && <ErrorText id={`s-${id}-error`} text={texts.errors[error]} />}
    </p>
  );
}

function ErrorText({ id, text }: { id: string; text: string }): ReactElement {
  return (
    <span className="admin-field-error" id={id}>
      {text}
    </span>
  );
}

/** The shop's settings page (issue 36, point 7): one form, every setting, working without JavaScript. */
export function drawSettingsPage(request: FastifyRequest, language: Language, form: SettingsForm, notice: 'saved' | 'invalid' | null): string {
  const t = shopSectionTexts(language);
  const s = t.settings;
  const rows = Array.from({ length: form.courierRows }, (_, i) => i);
  const couriersError = form.errors.couriers;
  const body = (
    <>
      <h1>{s.title}</h1>
      {notice === 'saved' && (
        <p className="admin-notice" role="status">
          {s.saved}
        </p>
      )}
      {notice === 'invalid' && (
        <p className="admin-notice admin-notice-error" role="alert">
          {s.invalid}
        </p>
      )}
      <form method="post" action="/admin/settings" className="admin-form" data-settings-form noValidate>
        <CsrfField token={request.csrfToken} />
        <fieldset>
          <legend>{s.shop}</legend>
          <Field id="name" label={s.name} form={form} texts={t} />
          <Field id="phone" label={s.phone} form={form} texts={t} type="tel" />
          <Field id="email" label={s.email} form={form} texts={t} type="email" />
        </fieldset>
        <fieldset>
          <legend>{s.shipping}</legend>
          <Field id="free_shipping_from" label={s.freeShippingFrom} form={form} texts={t} inputMode="decimal" size={8} />
        </fieldset>
        <fieldset aria-describedby="s-couriers-hint">
          <legend>{s.couriers}</legend>
          <p id="s-couriers-hint">{s.courierHint}</p>
          {couriersError && <ErrorText id="s-couriers-error" text={t.errors[couriersError]} />}
          <div className="admin-table-wrap">
            <table className="admin-table" data-couriers>
              <thead>
                <tr>
                  <th scope="col">{s.courierName}</th>
                  <th scope="col">{s.courierGroup}</th>
                  <th scope="col">{s.courierCost}</th>
                  <th scope="col">{s.courierDays}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((i) => {
                  const row = fill(s.courierRow, { n: i + 1 });
                  const cell = (key: string, label: string, inputMode?: 'decimal' | 'numeric') => {
                    const id = `courier_${key}_${i}`;
                    const error = form.errors[id];
                    return (
                      <td>
                        <input
                          id={`s-${id}`}
                          name={id}
                          aria-label={`${row}: ${label}`}
                          inputMode={inputMode}
                          size={key === 'name' ? 18 : 6}
                          defaultValue={form.values[id] ?? ''}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={error ? `s-${id}-error` : undefined}
                        />
                        {error && <ErrorText id={`s-${id}-error`} text={t.errors[error]} />}
                      </td>
                    );
                  };
                  const group = form.values[`courier_group_${i}`] === 'dvp' ? 'dvp' : 'prepaid';
                  return (
                    <tr key={i}>
                      {cell('name', s.courierName)}
                      <td>
                        <select name={`courier_group_${i}`} aria-label={`${row}: ${s.courierGroup}`} defaultValue={group}>
                          <option value="prepaid">{s.prepaid}</option>
                          <option value="dvp">{s.dvp}</option>
                        </select>
                      </td>
                      {cell('cost', s.courierCost, 'decimal')}
                      {cell('days', s.courierDays, 'numeric')}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </fieldset>
        <fieldset>
          <legend>{s.instalments}</legend>
          <Field id="instalments_name" label={s.instalmentsName} form={form} texts={t} />
          <Field id="instalments_min" label={s.instalmentsMin} form={form} texts={t} inputMode="decimal" size={8} />
          <Field id="instalments_max" label={s.instalmentsMax} form={form} texts={t} inputMode="decimal" size={8} />
          <Field id="instalments_link" label={s.instalmentsLink} form={form} texts={t} />
        </fieldset>
        <fieldset>
          <legend>{s.banners}</legend>
          <Field id="discount_code" label={s.discountCode} form={form} texts={t} />
          <Field id="discount_percent" label={s.discountPercent} form={form} texts={t} inputMode="numeric" size={4} />
        </fieldset>
        <p>
          <button type="submit">{s.save}</button>
        </p>
      </form>
    </>
  );
  return drawAdminPage({ title: s.title, language, ...pageOwner(request), section: '/admin/settings', body });
}
