import { csvField, csvLine, neutraliseCell, ordersCsv, CSV_BOM } from '../../../server/orders/ordersCsv';
import type { StoredOrder } from '../../../server/orders/orderStore';

describe("the accountant's orders CSV", () => {
  it.each(['=HYPERLINK("http://evil","x")', '+39 600 700 800', '-2+3', '@SUM(A1:A2)', '\tcmd', '\rcmd'])('neutralises %j with a leading apostrophe', (cell) => {
    expect(neutraliseCell(cell)).toBe(`'${cell}`);
  });

  it('leaves ordinary text alone', () => {
    expect(neutraliseCell('Jan Kowalski')).toBe('Jan Kowalski');
    expect(neutraliseCell('a=b')).toBe('a=b');
  });

  it('quotes as RFC 4180 says, after neutralising', () => {
    expect(csvField('Rossi, Mario')).toBe('"Rossi, Mario"');
    expect(csvField('Via "Roma" 1')).toBe('"Via ""Roma"" 1"');
    expect(csvField('=1+1,2')).toBe(`"'=1+1,2"`);
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvLine(['a', 12.5, null])).toBe('a,12.5,\r\n');
  });

  it('writes a BOM, a header and one line per order with its amounts', () => {
    const order = {
      number: '2026-000007',
      created_at: '2026-11-22T10:00:00.000Z',
      status: 'paid',
      payment: 'transfer',
      name: '=cmd|calc',
      email: 'a@example.it',
      phone: '+39 333 1234567',
      company: null,
      vat_number: null,
      street: 'Via Roma 1',
      postcode: '20121',
      city: 'Milano',
      country: 'IT',
      courier_name: 'BRT',
      tracking_number: null,
      goods_net: 10000,
      shipping_net: 500,
      vat: 2310,
      total: 12810,
      lines: [],
    } as unknown as StoredOrder;
    const csv = ordersCsv([order], (column) => column.toUpperCase(), { status: (s) => `S:${s}`, payment: (p) => `P:${p}` });
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    const [header, line, end] = csv.slice(1).split('\r\n');
    expect(header.split(',')[0]).toBe('NUMBER');
    expect(line).toBe("2026-000007,2026-11-22T10:00:00.000Z,S:paid,P:transfer,'=cmd|calc,a@example.it,'+39 333 1234567,,,Via Roma 1,20121,Milano,IT,BRT,,100.00,5.00,23.10,128.10");
    expect(end).toBe('');
  });
});
