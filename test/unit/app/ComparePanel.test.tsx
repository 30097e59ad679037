import { fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from '../../../src/i18n/react';
import type { BrakeProduct } from '../../../src/api/wire';
import { BRAKE_CATEGORY, TRAIT } from '../../../src/api/wire';
import { createI18n } from '../../../src/i18n';
import { ALL_CATEGORIES, PARAMETER } from '../../../src/domain/comparison';
import { ComparePanel } from '../../../src/components/brakes/ComparePanel';

const engines =
  '<ul class="engine-list"><li>Fiat<ul><li>Panda III<ul><li>1.2 69 CV</li><li>0.9 TwinAir 85 CV</li></ul></li></ul></li></ul>';

function product(id: number, category: number, categoryName: string, params: Array<[number, string, string]>, extra: Partial<BrakeProduct> = {}): BrakeProduct {
  return {
    id,
    name: `Pastiglie freno ATE ${id}`,
    link: `/product-${id}-x.html`,
    icon: `/data/gfx/products/${id}.svg`,
    longDescription: engines,
    price: { price: { gross: { value: 20 + id, currency: 'EUR', formatted: `${20 + id},00 €` } } },
    producer: { name: 'ATE' },
    versionName: `13.046 ${id}#${id}`,
    awardedParameters: [
      { id: TRAIT.category, name: 'Categoria', values: [{ id: category, name: categoryName }] },
      ...params.map(([paramId, name, value], index) => ({ id: paramId, name, values: [{ id: 900 + index, name: value }] })),
    ],
    ...extra,
  };
}

const pads = [
  product(1, BRAKE_CATEGORY.pads, 'Pastiglie freno', [
    [PARAMETER.width, 'Larghezza [mm]', '120'],
    [PARAMETER.height, 'Altezza [mm]', '55'],
    [TRAIT.replacementCode, 'Codice OE / ricambio', '7701208357'],
  ]),
  product(2, BRAKE_CATEGORY.pads, 'Pastiglie freno', [
    [PARAMETER.width, 'Larghezza [mm]', '131'],
    [PARAMETER.height, 'Altezza [mm]', '55'],
  ]),
];
const disc = product(3, BRAKE_CATEGORY.discs, 'Dischi freno', [[PARAMETER.diameter, 'Diametro [mm]', '280']], { name: 'Dischi freno Brembo 3' });
const disc4 = product(4, BRAKE_CATEGORY.discs, 'Dischi freno', [[PARAMETER.diameter, 'Diametro [mm]', '300']], { name: 'Dischi freno Brembo 4' });

function renderPanel(products: BrakeProduct[], categoryId: number | null, language: 'it' | 'en' = 'it') {
  const onRemove = jest.fn();
  const onClose = jest.fn();
  const view = render(
    <I18nextProvider i18n={createI18n(language)}>
      <ComparePanel products={products} categoryId={categoryId} onRemove={onRemove} onClose={onClose} />
    </I18nextProvider>,
  );
  return { ...view, onRemove, onClose };
}

describe('ComparePanel', () => {
  it('is the compare_brakes region with a heading (focused on open) and a close button', () => {
    const { onClose } = renderPanel(pads, BRAKE_CATEGORY.pads);
    const panel = screen.getByRole('region', { name: 'Confronto prodotti' });
    expect(panel).toHaveAttribute('id', 'compare_brakes');
    expect(screen.getByRole('heading', { name: 'Confronto prodotti' })).toHaveFocus();
    fireEvent.click(within(panel).getByRole('button', { name: /Chiudi il confronto/ }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("one product's details (Dettagli): its own table, not the 2-product minimum of the compare link", () => {
    const onClose = jest.fn();
    render(
      <I18nextProvider i18n={createI18n('it')}>
        <ComparePanel products={[pads[0]]} categoryId={BRAKE_CATEGORY.pads} onRemove={jest.fn()} onClose={onClose} single />
      </I18nextProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Dettagli del prodotto' })).toBeInTheDocument();
    expect(screen.queryByText('Selezionare almeno 2 prodotti per il confronto')).toBeNull();
    const table = screen.getByRole('table', { name: 'Pastiglie freno' });
    expect(within(table).getAllByRole('columnheader')).toHaveLength(1);
    expect(within(table).getByRole('link', { name: /Pastiglie freno ATE 1/ })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Chiudi i dettagli/ }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks for at least 2 products with fewer', () => {
    renderPanel([pads[0]], BRAKE_CATEGORY.pads);
    expect(screen.getByRole('status')).toHaveTextContent('Selezionare almeno 2 prodotti per il confronto');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('renders a captioned table in a labelled, focusable scroll region, one column per product', () => {
    renderPanel(pads, BRAKE_CATEGORY.pads);
    const region = screen.getByRole('region', { name: 'Pastiglie freno' });
    expect(region).toHaveAttribute('tabindex', '0');
    const table = within(region).getByRole('table', { name: 'Pastiglie freno' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers).toHaveLength(2);
    const link = within(headers[0]).getByRole('link', { name: /Pastiglie freno ATE 1/ });
    expect(link).toHaveAttribute('href', '/product-1-x.html');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener');
    expect(headers[0]).toHaveTextContent('21,00 €');
    expect(within(table).getByRole('img', { name: 'Foto: Pastiglie freno ATE 2' })).toHaveAttribute('src', '/data/gfx/products/2.svg');
    expect(within(table).getByRole('img', { name: 'Disegno tecnico 13.046 1' })).toHaveAttribute('src', '/data/gfx/drawings/13.0461.jpg');
    expect(within(table).getAllByText('13.046 2')).toHaveLength(1);
  });

  it('labels rows in Italian, highlights and announces rows whose values differ, and hides empty rows', () => {
    renderPanel(pads, BRAKE_CATEGORY.pads);
    const rowHeaders = screen.getAllByRole('rowheader');
    const labels = rowHeaders.map((header) => header.textContent);
    expect(labels).toEqual(['Foto', 'Disegno tecnico', 'Dettagli', 'Larghezza [mm]≠ (valori diversi)', 'Altezza [mm]', 'Codici di ricambio≠ (valori diversi)', 'Compatibilità motori']);
    expect(screen.getByRole('rowheader', { name: /Larghezza/ }).closest('tr')).toHaveClass('compare-row--differs');
    expect(screen.getByRole('rowheader', { name: 'Altezza [mm]' }).closest('tr')).not.toHaveClass('compare-row--differs');
    // Photos differ between any two products, but only name them: not highlighted.
    expect(screen.getByRole('rowheader', { name: 'Foto' }).closest('tr')).not.toHaveClass('compare-row--differs');
    expect(screen.queryByRole('rowheader', { name: /Numero WVA/ })).toBeNull();
    // An empty cell says so to screen readers.
    const codes = screen.getByRole('rowheader', { name: /Codici di ricambio/ }).closest('tr')!;
    expect(within(codes).getAllByRole('cell')[1]).toHaveTextContent('non indicato');
  });

  it('shows the engine list as brand groups with generations and engines', () => {
    renderPanel(pads, BRAKE_CATEGORY.pads);
    const row = screen.getByRole('rowheader', { name: 'Compatibilità motori' }).closest('tr')!;
    const cell = within(row).getAllByRole('cell')[0];
    expect(cell.querySelector('summary')).toHaveTextContent('Fiat (2)');
    expect(within(cell).getByText('Panda III')).toBeInTheDocument();
    expect(within(cell).getByText('0.9 TwinAir 85 CV')).toBeInTheDocument();
  });

  it('can show only the rows that differ', () => {
    renderPanel(pads, BRAKE_CATEGORY.pads);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Mostra solo le differenze' }));
    expect(screen.queryByRole('rowheader', { name: 'Altezza [mm]' })).toBeNull();
    expect(screen.getByRole('rowheader', { name: /Larghezza/ })).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Foto' })).toBeInTheDocument();
  });

  it('removes a product by its named button and keeps focus in the panel', () => {
    const { onRemove, rerender } = renderPanel([...pads, product(5, BRAKE_CATEGORY.pads, 'Pastiglie freno', [])], BRAKE_CATEGORY.pads);
    const button = screen.getByRole('button', { name: 'Rimuovi Pastiglie freno ATE 2 dal confronto' });
    button.focus();
    fireEvent.click(button);
    expect(onRemove).toHaveBeenCalledWith(2);
    rerender(
      <I18nextProvider i18n={createI18n('it')}>
        <ComparePanel products={[pads[0], product(5, BRAKE_CATEGORY.pads, 'Pastiglie freno', [])]} categoryId={BRAKE_CATEGORY.pads} onRemove={onRemove} onClose={jest.fn()} />
      </I18nextProvider>,
    );
    expect(screen.getAllByRole('columnheader')).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Confronto prodotti' })).toHaveFocus();
  });

  it('switches between the category tables with a bundle list (tabs) for all categories', () => {
    renderPanel([disc, pads[0], disc4, pads[1]], ALL_CATEGORIES);
    const tablist = screen.getByRole('tablist', { name: 'Categorie a confronto' });
    const tabs = within(tablist).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Pastiglie freno (2)', 'Dischi freno (2)']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(tabs[1]).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', tabs[0].id);
    expect(screen.getByRole('table', { name: 'Pastiglie freno' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Dischi freno' })).toBeNull();

    fireEvent.click(tabs[1]);
    expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
    const table = screen.getByRole('table', { name: 'Dischi freno' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      expect.stringContaining('Dischi freno Brembo 3'),
      expect.stringContaining('Dischi freno Brembo 4'),
    ]);
    expect(screen.getByRole('rowheader', { name: /Diametro/ }).closest('tr')).toHaveClass('compare-row--differs');

    fireEvent.keyDown(tabs[1], { key: 'ArrowRight' });
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(tabs[0]).toHaveFocus();
    fireEvent.keyDown(tabs[0], { key: 'End' });
    expect(tabs[1]).toHaveFocus();
  });

  it('has no bundle list for one category', () => {
    renderPanel(pads, BRAKE_CATEGORY.pads);
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('speaks the other catalogues too', () => {
    renderPanel(pads, BRAKE_CATEGORY.pads, 'en');
    expect(screen.getByRole('heading', { name: 'Product comparison' })).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: /Width \[mm\]/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Pastiglie freno ATE 1 from the comparison' })).toBeInTheDocument();
  });
});
