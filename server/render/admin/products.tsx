import type { FastifyRequest } from 'fastify';
import { shopSectionTexts, type ShopSectionTexts } from '../../../src/i18n/admin/shopSections';
import { fill } from '../../../src/i18n/admin';
import type { Language } from '../../../src/i18n/runtime';
import { CsrfField, drawAdminPage } from '../adminPage';
import { pageOwner } from './simplePages';
import type { EditedProduct, FoundProduct } from '../../owner/productChanges';

/** The product search (issue 36, point 3): a GET form, so a search is a link. */
export function drawProductSearch(request: FastifyRequest, language: Language, query: string, found: FoundProduct[] | null): string {
  const t = shopSectionTexts(language).products;
  const body = (
    <>
      <h1>{t.title}</h1>
      <form method="get" action="/admin/products" role="search" className="admin-form">
        <label htmlFor="product-query">{t.search}</label>
        <input id="product-query" name="q" type="search" defaultValue={query} maxLength={100} />
        <button type="submit">{t.find}</button>
      </form>
      {found !== null &&
        (found.length === 0 ? (
          <p role="status">{t.none}</p>
        ) : (
          <>
            <p role="status">{fill(t.results, { count: found.length })}</p>
            <div className="admin-table-wrap">
              <table className="admin-table" data-products>
                <thead>
                  <tr>
                    <th scope="col">{t.id}</th>
                    <th scope="col">{t.name}</th>
                    <th scope="col">{t.code}</th>
                  </tr>
                </thead>
                <tbody>
                  {found.map((product) => (
                    <tr key={product.id}>
                      <td>{product.id}</td>
                      <td>
                        <a href={`/admin/products/${product.id}`}>{product.name}</a>
                      </td>
                      <td>{product.catalogNo}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        ))}
    </>
  );
  return drawAdminPage({ title: t.title, language, ...pageOwner(request), section: '/admin/products', body });
}

export interface ProductForm {
  /** By field name (`gross_0`, `net_0`, `stock_0`, `status_0`): what the form shows. */
  values: Record<string, string>;
  errors: Record<string, keyof ShopSectionTexts['errors']>;
}

/** A euro amount from cents, as the form writes it (`24.90`). */
export const euroText = (cents: number) => (cents / 100).toFixed(2);

export function productFormOf(product: EditedProduct): ProductForm {
  const values: Record<string, string> = {};
  product.sizes.forEach((size, i) => {
    values[`gross_${i}`] = euroText(size.grossCents);
    values[`net_${i}`] = euroText(size.netCents);
    values[`stock_${i}`] = String(size.stock);
    values[`status_${i}`] = size.status;
  });
  return { values, errors: {} };
}

/** One product's sizes: gross and net price, stock, availability; a form that works without JavaScript. */
export function drawProductEdit(request: FastifyRequest, language: Language, product: EditedProduct, form: ProductForm, notice: { saved?: boolean; mailed?: number; invalid?: boolean }): string {
  const texts = shopSectionTexts(language);
  const t = texts.products;
  const title = fill(t.editTitle, { id: product.id, name: product.name });
  const input = (name: string, label: string, inputMode: 'decimal' | 'numeric') => {
    const error = form.errors[name];
    return (
      <>
        <input
          id={`p-${name}`}
          name={name}
          inputMode={inputMode}
          size={8}
          aria-label={label}
          defaultValue={form.values[name] ?? ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `p-${name}-error` : undefined}
        />
        {error && (
          <span className="admin-field-error" id={`p-${name}-error`}>
            {texts.errors[error]}
          </span>
        )}
      </>
    );
  };
  const body = (
    <>
      <p>
        <a href="/admin/products">{t.back}</a>
      </p>
      <h1>{title}</h1>
      {notice.saved && (
        <p className="admin-notice" role="status" data-saved>
          {t.saved}
          {notice.mailed ? ` ${fill(t.mailed, { count: notice.mailed })}` : ''}
        </p>
      )}
      {notice.invalid && (
        <p className="admin-notice admin-notice-error" role="alert">
          {t.invalid}
        </p>
      )}
      <p id="vat-hint">{fill(t.vat, { vat: product.vat })}</p>
      <form method="post" action={`/admin/products/${product.id}`} className="admin-form" data-product-form data-vat={product.vat} noValidate>
        <CsrfField token={request.csrfToken} />
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t.size}</th>
                <th scope="col">{t.gross}</th>
                <th scope="col">{t.net}</th>
                <th scope="col">{t.stock}</th>
                <th scope="col">{t.status}</th>
              </tr>
            </thead>
            <tbody>
              {product.sizes.map((size, i) => (
                <tr key={size.sizeId} data-size={size.sizeId}>
                  <th scope="row">
                    {size.name}
                    <input type="hidden" name={`size_${i}`} value={size.sizeId} />
                    <input type="hidden" name={`was_gross_${i}`} value={euroText(size.grossCents)} />
                    <input type="hidden" name={`was_net_${i}`} value={euroText(size.netCents)} />
                  </th>
                  <td>{input(`gross_${i}`, `${size.name}: ${t.gross}`, 'decimal')}</td>
                  <td>{input(`net_${i}`, `${size.name}: ${t.net}`, 'decimal')}</td>
                  <td>{input(`stock_${i}`, `${size.name}: ${t.stock}`, 'numeric')}</td>
                  <td>
                    <select name={`status_${i}`} aria-label={`${size.name}: ${t.status}`} defaultValue={form.values[`status_${i}`] ?? size.status}>
                      <option value="enable">{t.enable}</option>
                      <option value="order">{t.order}</option>
                      <option value="disable">{t.disable}</option>
                    </select>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>
          <button type="submit">{t.save}</button>
        </p>
      </form>
      <p>
        <a href={`/product-${product.id}-${product.slug}.html`}>{t.view}</a>
      </p>
    </>
  );
  return drawAdminPage({ title, language, ...pageOwner(request), section: '/admin/products', body });
}
