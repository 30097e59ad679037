import type { StoredOrder } from './orderStore';

/**
 * The orders as CSV for the accountant (issue 36): RFC 4180 (comma-separated, CRLF lines, a field
 * quoted when it holds a comma, a quote or a line break, its quotes doubled), with a UTF-8 byte
 * order mark so a spreadsheet reads accents right. A shopper wrote most of these cells (name,
 * address, company): a cell a spreadsheet would read as a formula (starting with = + - @, a tab or
 * a carriage return) is neutralised with a leading apostrophe (OWASP's CSV injection advice).
 */
export const CSV_BOM = '\uFEFF';

/** A cell a spreadsheet will not run: a leading = + - @ tab or CR gets an apostrophe before it. */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** A field as RFC 4180 writes it (neutralised first). */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? String(value) : neutraliseCell(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(fields: Array<string | number | null | undefined>): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

/** Cents as the accountant's amount: 1234 -> "12.34". */
const amount = (cents: number) => (cents / 100).toFixed(2);

/** The header's keys (their texts come from the owner's language: `adminOrders.csv.<key>`). */
export const ORDER_CSV_COLUMNS = [
  'number',
  'createdAt',
  'status',
  'payment',
  'name',
  'email',
  'phone',
  'company',
  'vatNumber',
  'street',
  'postcode',
  'city',
  'country',
  'courier',
  'tracking',
  'goodsNet',
  'shippingNet',
  'vat',
  'total',
] as const;

/** The whole file: the BOM, the header in the owner's language, one line per order. */
export function ordersCsv(orders: StoredOrder[], header: (column: (typeof ORDER_CSV_COLUMNS)[number]) => string, label: { status(s: string): string; payment(p: string): string }): string {
  let out = CSV_BOM + csvLine(ORDER_CSV_COLUMNS.map(header));
  for (const o of orders) {
    out += csvLine([
      o.number,
      o.created_at,
      label.status(o.status),
      label.payment(o.payment),
      o.name,
      o.email,
      o.phone,
      o.company,
      o.vat_number,
      o.street,
      o.postcode,
      o.city,
      o.country,
      o.courier_name,
      o.tracking_number,
      amount(o.goods_net),
      amount(o.shipping_net),
      amount(o.vat),
      amount(o.total),
    ]);
  }
  return out;
}
