import { useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import type { BrakeProduct } from '../../api/wire';
import type { PriceType } from '../../domain/priceType';
import { BrakePrice } from './BrakePrice';
import { thumbnailImage } from '../../domain/thumbnails';
import {
  catalogueNumberOf,
  IDENTITY_ROW_TYPES,
  productEngines,
  type TraitEngines,
  type ComparisonRow,
  type ComparisonTable,
  type CompareValue,
  type EngineItem,
} from '../../domain/comparison';
import { useLocalPath } from '../useLocalPath';

export interface CompareTablesProps {
  tables: ComparisonTable[];
  products: BrakeProduct[];
  /** All-categories mode: a bundle list (tabs) switches between the tables. */
  bundleList: boolean;
  onRemove(id: number): void;
  /** Engine lists from the traits (groups 49 and 181409) for products whose description has none. */
  engines?: TraitEngines;
  /** The shop's price type for the products' prices (default gross). */
  priceType?: PriceType;
  /** What each product's column says of its fit on the chosen vehicle (issue 25), drawn by the caller. */
  fitNote?: (productId: number) => ReactNode;
}

/** A row is highlighted when its values differ, unless it only names the products (photo, drawing, codes). */
export const isHighlighted = (row: ComparisonRow) => row.differs && !IDENTITY_ROW_TYPES.includes(row.type);

function Empty() {
  const { t } = useTranslation();
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">{t('compare.none')}</span>
    </>
  );
}

function Drawing({ src, number }: { src: string; number: string }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  if (failed) return <span className="compare-cell__note">{t('compare.noDrawing')}</span>;
  return <img className="compare-cell__drawing" src={src} alt={t('compare.drawingAlt', { number })} width={180} height={120} loading="lazy" onError={() => setFailed(true)} />;
}

function EngineList({ items }: { items: EngineItem[] }) {
  return (
    <ul className="compare-engines__list">
      {items.map((item, index) =>
        typeof item === 'string' ? (
          <li key={`${index}-${item}`}>{item}</li>
        ) : (
          <li key={`${index}-${item.name}`}>
            <span className="compare-engines__group">{item.name}</span>
            <EngineList items={item.items} />
          </li>
        ),
      )}
    </ul>
  );
}

function countEngines(items: EngineItem[]): number {
  return items.reduce((sum, item) => sum + (typeof item === 'string' ? 1 : item.items.length ? countEngines(item.items) : 1), 0);
}

function Engines({ product, engines }: { product: BrakeProduct; engines?: TraitEngines }) {
  const { t } = useTranslation();
  const groups = useMemo(() => productEngines(product, engines), [product, engines]);
  if (!groups.length) return <Empty />;
  return (
    <div className="compare-engines">
      {groups.map((group, index) => (
        <details key={`${index}-${group.name}`} className="compare-engines__brand">
          <summary>{t('compare.engineCount', { name: group.name || t('compare.rows.engines'), count: countEngines(group.items) })}</summary>
          <EngineList items={group.items} />
        </details>
      ))}
    </div>
  );
}

function Cell({ row, value, product, replacementClass, engines }: { row: ComparisonRow; value: CompareValue; product: BrakeProduct; replacementClass: string; engines?: TraitEngines }) {
  const { t } = useTranslation();
  if (value === null) return <Empty />;
  switch (row.type) {
    case 'icon':
      return <img className="compare-cell__icon" {...thumbnailImage(String(value), 96)} alt={t('compare.photoAlt', { name: product.name })} width={96} height={96} loading="lazy" />;
    case 'rysunek':
      return <Drawing src={String(value)} number={catalogueNumberOf(product.versionName)} />;
    case 'details':
      return (
        <dl className="compare-details">
          <div>
            <dt>{t('compare.catalogueNumber')}</dt>
            <dd>{catalogueNumberOf(product.versionName) || <Empty />}</dd>
          </div>
          <div>
            <dt>{t('compare.producer')}</dt>
            <dd>{product.producer.name || <Empty />}</dd>
          </div>
        </dl>
      );
    case 'zamienniki':
      return (
        <ul className={replacementClass}>
          {(Array.isArray(value) ? value : [value]).map((code, index) => (
            <li key={`${index}-${code}`}>{code}</li>
          ))}
        </ul>
      );
    case 'silniki':
      return <Engines product={product} engines={engines} />;
    default:
      return <>{Array.isArray(value) ? value.join(', ') : value}</>;
  }
}

function RowLabel({ row }: { row: ComparisonRow }) {
  const { t } = useTranslation();
  const fallback = row.parameterName ?? row.label;
  return <>{row.label ? t(`compare.rows.${row.label}`, { defaultValue: fallback }) : fallback}</>;
}

function ProductHeader({ product, onRemove, priceType, fitNote }: { product: BrakeProduct; onRemove(id: number): void; priceType: PriceType; fitNote?: (productId: number) => ReactNode }) {
  const { t } = useTranslation();
  const local = useLocalPath();
  return (
    <th scope="col" className="compare-product">
      <a className="compare-product__name" href={local(product.link)} target="_blank" rel="noopener">
        {product.name}
        <span className="visually-hidden"> {t('compare.newTab')}</span>
      </a>
      <span className="compare-product__price">
        <span className="visually-hidden">{t('compare.price')}: </span>
        <BrakePrice product={product} priceType={priceType} />
      </span>
      {fitNote?.(product.id)}
      <button type="button" className="compare-product__remove" aria-label={t('compare.removeNamed', { name: product.name })} onClick={() => onRemove(product.id)}>
        <span aria-hidden="true">×</span> {t('compare.remove')}
      </button>
    </th>
  );
}

export function CompareTable({
  table,
  products,
  onRemove,
  onlyDifferences,
  engines,
  priceType = 'gross',
  fitNote,
}: {
  table: ComparisonTable;
  products: BrakeProduct[];
  onRemove(id: number): void;
  onlyDifferences: boolean;
  engines?: TraitEngines;
  priceType?: PriceType;
  fitNote?: (productId: number) => ReactNode;
}) {
  const { t } = useTranslation();
  const captionId = `${useId()}caption`;
  const byId = useMemo(() => new Map(products.map((p) => [p.id, p])), [products]);
  const columns = table.columns.map((id) => byId.get(id)).filter((p): p is BrakeProduct => p !== undefined);
  const rows = onlyDifferences ? table.rows.filter((row) => IDENTITY_ROW_TYPES.includes(row.type) || row.differs) : table.rows;
  return (
    <div className="compare-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={`compare-table ${table.tableClass}`} data-columns={columns.length}>
        <caption id={captionId} className="compare-table__caption">
          {table.title}
        </caption>
        <thead>
          <tr>
            <td className="compare-table__corner">
              <span className="visually-hidden">{t('compare.feature')}</span>
            </td>
            {columns.map((product) => (
              <ProductHeader key={product.id} product={product} onRemove={onRemove} priceType={priceType} fitNote={fitNote} />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => {
            const highlighted = isHighlighted(row);
            return (
              <tr key={`${index}-${row.type}`} className={highlighted ? 'compare-row compare-row--differs' : 'compare-row'} data-row-type={row.type}>
                <th scope="row" className="compare-row__label">
                  <RowLabel row={row} />
                  {highlighted && (
                    <span className="compare-row__mark">
                      <span aria-hidden="true">≠</span>
                      <span className="visually-hidden"> ({t('compare.differs')})</span>
                    </span>
                  )}
                </th>
                {columns.map((product) => (
                  <td key={product.id} className={`compare-cell compare-cell--${/^\d+$/.test(row.type) ? 'parameter' : row.type}`}>
                    <Cell row={row} value={row.values[table.columns.indexOf(product.id)] ?? null} product={product} replacementClass={table.replacementClass} engines={engines} />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The comparison tables: one real table per comparison table, each in a labelled, focusable,
 * horizontally scrollable region; in all-categories mode a bundle list (WAI-ARIA tabs,
 * automatic activation, arrow keys / Home / End) shows one table at a time.
 */
export function CompareTables({ tables, products, bundleList, onRemove, engines, priceType = 'gross', fitNote }: CompareTablesProps) {
  const { t } = useTranslation();
  const baseId = useId();
  const [chosen, setChosen] = useState<string | null>(null);
  const [onlyDifferences, setOnlyDifferences] = useState(false);
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());
  const selected = tables.find((table) => table.id === chosen)?.id ?? tables[0]?.id ?? null;
  const anyDifferences = tables.some((table) => table.rows.some(isHighlighted));

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = tables.length - 1;
    const next = event.key === 'ArrowRight' ? (index === last ? 0 : index + 1) : event.key === 'ArrowLeft' ? (index === 0 ? last : index - 1) : event.key === 'Home' ? 0 : event.key === 'End' ? last : null;
    if (next === null) return;
    event.preventDefault();
    const id = tables[next].id;
    setChosen(id);
    tabRefs.current.get(id)?.focus();
  };

  const tabId = (id: string) => `${baseId}-tab-${id}`;
  const panelId = (id: string) => `${baseId}-panel-${id}`;
  const countOf = (table: ComparisonTable) => table.columns.filter((id) => products.some((p) => p.id === id)).length;

  return (
    <div className="compare-tables">
      <div className="compare-tables__tools">
        {anyDifferences && <p className="compare-tables__legend">{t('compare.legend')}</p>}
        {/* Differences need two products at least: one product's details offer no such choice (issue 34, point 15). */}
        {tables.some((table) => countOf(table) >= 2) && (
          <label className="compare-tables__toggle">
            <input type="checkbox" checked={onlyDifferences} onChange={(event) => setOnlyDifferences(event.target.checked)} /> {t('compare.onlyDifferences')}
          </label>
        )}
      </div>
      <p className="compare-tables__hint">{t('compare.scrollHint')}</p>
      {bundleList ? (
        <>
          <div className="compare-tabs" role="tablist" aria-label={t('compare.categories')}>
            {tables.map((table, index) => {
              const isSelected = table.id === selected;
              return (
                <button
                  key={table.id}
                  ref={(element) => {
                    if (element) tabRefs.current.set(table.id, element);
                    else tabRefs.current.delete(table.id);
                  }}
                  type="button"
                  role="tab"
                  id={tabId(table.id)}
                  className="compare-tabs__tab"
                  aria-selected={isSelected}
                  aria-controls={panelId(table.id)}
                  tabIndex={isSelected ? 0 : -1}
                  onClick={() => setChosen(table.id)}
                  onKeyDown={(event) => onTabKey(event, index)}
                >
                  {t('compare.tab', { title: table.title, count: countOf(table) })}
                </button>
              );
            })}
          </div>
          {tables.map((table) => (
            <div key={table.id} role="tabpanel" id={panelId(table.id)} aria-labelledby={tabId(table.id)} hidden={table.id !== selected} className="compare-tabs__panel">
              {table.id === selected && <CompareTable table={table} products={products} onRemove={onRemove} onlyDifferences={onlyDifferences && countOf(table) >= 2} engines={engines} priceType={priceType} fitNote={fitNote} />}
            </div>
          ))}
        </>
      ) : (
        tables.map((table) => <CompareTable key={table.id} table={table} products={products} onRemove={onRemove} onlyDifferences={onlyDifferences && countOf(table) >= 2} engines={engines} priceType={priceType} fitNote={fitNote} />)
      )}
    </div>
  );
}
