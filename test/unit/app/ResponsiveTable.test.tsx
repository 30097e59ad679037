import { render, screen, within } from '@testing-library/react';
import { ResponsiveTable, type ResponsiveTableColumn } from '../../../src/components/ResponsiveTable';

interface Line {
  id: number;
  name: string;
  count: number;
  total: string;
}

const lines: Line[] = [
  { id: 1, name: 'Pastiglie freno ATE', count: 2, total: '59,80 €' },
  { id: 2, name: 'Disco freno Brembo', count: 1, total: '41,50 €' },
];

const columns: ResponsiveTableColumn<Line>[] = [
  { id: 'name', header: 'Prodotto', cell: (line) => <a href={`/product-${line.id}-x.html`}>{line.name}</a> },
  { id: 'count', header: 'Quantità', cell: (line) => line.count, numeric: true },
  { id: 'total', header: 'Totale riga', cell: (line) => line.total, numeric: true },
];

describe('ResponsiveTable', () => {
  it('is a table named by its caption, in a focusable region named the same', () => {
    render(<ResponsiveTable caption="Prodotti nel carrello" columns={columns} rows={lines} rowKey={(line) => line.id} className="basket-lines" />);
    const region = screen.getByRole('region', { name: 'Prodotti nel carrello' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region).toHaveClass('responsive-table');
    const table = within(region).getByRole('table', { name: 'Prodotti nel carrello' });
    expect(table).toHaveClass('responsive-table__table', 'basket-lines');
    expect(table.querySelector('caption')).toHaveTextContent('Prodotti nel carrello');
    expect(table.querySelector('caption')).not.toHaveClass('visually-hidden');
  });

  it('has a header row and one row per item, each cell carrying its column header as data-label', () => {
    render(<ResponsiveTable caption="Prodotti" columns={columns} rows={lines} rowKey={(line) => line.id} />);
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Prodotto', 'Quantità', 'Totale riga']);
    headers.forEach((header) => expect(header).toHaveAttribute('scope', 'col'));
    const rows = screen.getAllByRole('row');
    expect(rows).toHaveLength(3);
    const cells = within(rows[1]).getAllByRole('cell');
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual(['Prodotto', 'Quantità', 'Totale riga']);
    expect(within(cells[0]).getByRole('link', { name: 'Pastiglie freno ATE' })).toHaveAttribute('href', '/product-1-x.html');
    expect(cells[1]).toHaveTextContent('2');
    expect(cells[1]).toHaveClass('responsive-table__numeric');
    expect(within(rows[2]).getAllByRole('cell')[2]).toHaveTextContent('41,50 €');
  });

  it('can keep the caption for assistive technology only', () => {
    render(<ResponsiveTable caption="Prodotti" captionHidden columns={columns} rows={[]} rowKey={(line) => line.id} />);
    expect(screen.getByRole('table', { name: 'Prodotti' }).querySelector('caption')).toHaveClass('visually-hidden');
    expect(screen.getAllByRole('row')).toHaveLength(1);
  });

  it('gives each table its own caption id', () => {
    render(
      <>
        <ResponsiveTable caption="Uno" columns={columns} rows={lines} rowKey={(line) => line.id} />
        <ResponsiveTable caption="Due" columns={columns} rows={lines} rowKey={(line) => line.id} />
      </>,
    );
    const [one, two] = screen.getAllByRole('region');
    expect(one.getAttribute('aria-labelledby')).not.toBe(two.getAttribute('aria-labelledby'));
    expect(screen.getByRole('region', { name: 'Due' })).toBe(two);
  });
});
