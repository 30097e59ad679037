import { useId, type Key, type ReactNode } from 'react';
import '../styles/widgets.css';

export interface ResponsiveTableColumn<Row> {
  id: string;
  /** The column header: in the header row, and on each cell of a narrow screen's card. */
  header: string;
  cell: (row: Row) => ReactNode;
  /** Right-aligned on wide screens (amounts). */
  numeric?: boolean;
}

export interface ResponsiveTableProps<Row> {
  /** Names the table and its region. */
  caption: string;
  /** The caption stays for assistive technology but is not shown (a heading says it already). */
  captionHidden?: boolean;
  columns: readonly ResponsiveTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  className?: string;
}

/**
 * Responsive tables (spec section 2): a table in a labelled, keyboard-scrollable region.
 * On narrow screens (view 1, below 757 px: src/styles/widgets.css) each row is a card and each
 * cell shows its column's header from its data-label. The explicit roles of the table and its
 * row groups keep the table's semantics for assistive technology when CSS changes the rows'
 * display (rows and cells need none: HTML forbids repeating their own roles inside a table).
 */
export function ResponsiveTable<Row>({ caption, captionHidden = false, columns, rows, rowKey, className }: ResponsiveTableProps<Row>) {
  const captionId = `${useId()}caption`;
  return (
    <div className="responsive-table" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={className ? `responsive-table__table ${className}` : 'responsive-table__table'} role="table">
        <caption id={captionId} className={captionHidden ? 'visually-hidden' : 'responsive-table__caption'}>
          {caption}
        </caption>
        <thead role="rowgroup">
          <tr>
            {columns.map((column) => (
              <th key={column.id} scope="col" className={column.numeric ? 'responsive-table__numeric' : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.id} data-label={column.header} className={column.numeric ? 'responsive-table__numeric' : undefined}>
                  <div className="responsive-table__value">{column.cell(row)}</div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
