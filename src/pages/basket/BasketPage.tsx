import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectPriceType } from '../../../store/shopDataSlice';
import { estimateRequested, lineQuantityEntered } from '../../../store/actions';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { QuantityStepper } from '../../components/QuantityStepper';
import type { BasketProduct, BasketSummary, InstalmentParams } from '../../api/wire';
import { InstalmentOffer } from '../../components/InstalmentOffer';
import { amountInLimitTerms } from '../../domain/instalments';
import { PriceText } from '../../components/PriceText';
import { DELIVERY_COUNTRIES } from '../../domain/deliveryRegion';
import { amountToPay, lineKey } from '../../domain/miniBasket';
import { formatPrice } from '../../domain/priceMask';
import { selectFit } from '../../../store/fitmentSelectors';
import '../../styles/basket.css';
import itOffer from '../../i18n/it.offer';
import itFitment from '../../i18n/it.fitment';
import { addPageTexts } from '../../i18n/runtime';
import { useLocalPath } from '../../components/useLocalPath';
import { WithdrawnLines } from './WithdrawnLines';

// This page's own texts join the catalogue with its chunk.
addPageTexts(itOffer);
addPageTexts(itFitment);

/**
 * The basket page (/basketedit.php): lines with quantities under their rules (0 or the remove
 * button takes a line away), lines no longer sold (a catalogue import took them away), totals net and gross, shipping, a shipping estimate for a
 * country and postcode, and the instalment calculator for the basket's worth.
 */
export default function BasketPage() {
  const { t } = useTranslation();
  const local = useLocalPath();
  const dispatch = useAppDispatch();
  const basket = useAppSelector((state) => state.basket.summary);
  // The shop's price type: net line totals and shipping when net (the totals show both).
  const net = useAppSelector(selectPriceType) === 'net';
  const status = useAppSelector((state) => state.basket.status);
  const updating = useAppSelector((state) => state.basketPage.updating);
  return (
    <div className="page page--basket">
      <h1>{t('basket.title')}</h1>
      {!basket && status === 'loading' ? <p role="status">{t('status.loading')}</p> : null}
      {basket && basket.products.length === 0 ? (
        <div className="basket-empty">
          <p>{t('basket.empty')}</p>
          <a className="button" href={local('/main.php')}>
            {t('basket.continue')}
          </a>
        </div>
      ) : null}
      <WithdrawnLines />
      {basket && basket.products.length > 0 ? (
        <>
          <ResponsiveTable
            className="basket-lines"
            caption={t('basket.linesCaption')}
            rows={basket.products}
            rowKey={lineKey}
            columns={[
              {
                id: 'product',
                header: t('basket.product'),
                cell: (line) => (
                  <>
                    <a href={local(line.link)}>{line.name}</a>
                    <div className="basket-lines__code">
                      {line.product_version_name}
                      {line.size !== 'uniw' ? ` · ${line.size_name}` : ''}
                    </div>
                    {line.vehicle ? <div className="basket-vehicle">{t('fit.forVehicle', { vehicle: line.vehicle.label })}</div> : null}
                    <LineFitWarning productId={line.id} />
                  </>
                ),
              },
              {
                id: 'quantity',
                header: t('basket.quantity'),
                cell: (line) => <LineQuantity line={line} busy={updating.includes(lineKey(line))} />,
              },
              // A price of zero reads as everywhere else: the phone-price text (PriceText).
              { id: 'total', header: t('basket.lineTotal'), cell: (line) => <PriceText amount={line.worth_unit} formatted={net ? line.prices.worth_net_formatted : line.prices.worth_gros_formatted} net={net} /> },
              {
                id: 'remove',
                header: t('basket.remove'),
                cell: (line) => (
                  <button
                    type="button"
                    className="button button--ghost basket-lines__remove"
                    disabled={updating.includes(lineKey(line))}
                    onClick={() => dispatch(lineQuantityEntered({ key: lineKey(line), quantity: 0 }))}
                  >
                    {t('basket.removeLine')}
                    <span className="visually-hidden"> {line.name}</span>
                  </button>
                ),
              },
            ]}
          />
          {/* Each line says what it is; the last is what the shopper pays (goods and shipping, gross). */}
          <dl className="basket-totals">
            <dt>{t('basket.goods')}</dt>
            <dd className="basket-totals__goods">{net ? t('shop.netPrice', { amount: basket.worth_net_formatted }) : basket.worth_formatted}</dd>
            <dt>{t('basket.shipping')}</dt>
            <dd className="basket-totals__shipping">{net ? t('shop.netPrice', { amount: basket.shippingCost_net_formatted }) : basket.shippingCost_formatted}</dd>
            <dt>{t('basket.toPay')}</dt>
            <dd className="basket-totals__total">{formatPrice(amountToPay(basket))}</dd>
          </dl>
          <p className={`free-shipping${basket.toShippingFree === 0 ? ' free-shipping--active' : ''}`}>
            {basket.toShippingFree === 0 ? t('basket.freeShipping') : t('basket.toFreeShipping', { amount: basket.toShippingFree_formatted })}
          </p>
          <p className="basket-checkout">
            <a className="button button--primary" href={local('/checkout.php')}>
              {t('miniBasket.checkout')}
            </a>
          </p>
          <div className="basket-tools">
            <ShippingEstimate />
            <BasketInstalments basket={basket} />
          </div>
        </>
      ) : null}
    </div>
  );
}

function LineQuantity({ line, busy }: { line: BasketProduct; busy: boolean }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const id = useId();
  const rules = line.rules ?? { step: 1, precision: 0 };
  return (
    <div className="basket-lines__quantity" aria-busy={busy || undefined}>
      <label className="visually-hidden" htmlFor={id}>
        {t('basket.quantityOf', { name: line.name })}
      </label>
      <QuantityStepper
        id={id}
        value={line.count}
        step={rules.step}
        precision={rules.precision}
        disabled={busy}
        onEnter={(quantity) => dispatch(lineQuantityEntered({ key: lineKey(line), quantity }))}
        labels={{ decrease: t('buy.decrease'), increase: t('buy.increase') }}
      />
    </div>
  );
}

/** What shipping costs to a country and postcode (islands cost more; some postcodes are refused). */
function ShippingEstimate() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const estimate = useAppSelector((state) => state.basketPage.estimate);
  const [country, setCountry] = useState('IT');
  const [postcode, setPostcode] = useState('');
  const countryId = useId();
  const postcodeId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(estimateRequested({ country, postcode, language: i18n.language }));
  };
  const region = estimate.region;
  return (
    <section className="basket-estimate" aria-labelledby="basket-estimate-title">
      <h2 id="basket-estimate-title">{t('basket.estimateTitle')}</h2>
      <form className="basket-estimate__form" onSubmit={submit}>
        <div>
          <label htmlFor={countryId}>{t('basket.country')}</label>
          <select id={countryId} value={country} onChange={(event) => setCountry(event.target.value)}>
            {DELIVERY_COUNTRIES.map((code) => (
              <option key={code} value={code}>
                {t(`basket.countries.${code}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={postcodeId}>{t('basket.postcode')}</label>
          <input id={postcodeId} value={postcode} autoComplete="postal-code" onChange={(event) => setPostcode(event.target.value)} />
        </div>
        <button type="submit" className="button">
          {t('basket.estimate')}
        </button>
      </form>
      <div aria-live="polite">
        {region?.kind === 'invalid' ? <p className="field-error">{t('basket.postcodeInvalid')}</p> : null}
        {region?.kind === 'refused' ? <p className="field-error">{t('basket.postcodeRefused')}</p> : null}
        {region?.kind === 'remote' && estimate.status === 'ready' ? <p className="basket-estimate__note">{t('basket.remoteArea')}</p> : null}
        {estimate.status === 'failed' ? <p className="field-error">{t('buy.deliveryFailed')}</p> : null}
        {estimate.status === 'ready' && estimate.options.length ? (
          <ul className="basket-estimate__options">
            {estimate.options.map((option) => (
              <li key={option.courier.name + option.prepaid}>
                <span>
                  {option.courier.name} <small>({t(option.prepaid === 'prepaid' ? 'buy.prepaid' : 'buy.payOnDelivery')})</small>
                </span>
                <span>{t('buy.deliveryDays', { count: option.deliveryTime.time.days })}</span>
                <strong>{option.cost.value === 0 ? t('buy.freeShipping') : option.cost.formatted}</strong>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}

/** The instalment calculator for the basket's worth. */
function BasketInstalments({ basket }: { basket: BasketSummary }) {
  const params: InstalmentParams | null = useAppSelector((state) => state.basketPage.instalment);
  if (!params) return null;
  // The basket's worth in the limits' terms (gross or net), whatever prices the shop shows.
  const price = amountInLimitTerms({ gross: basket.worth, net: basket.worth_net }, params.priceType);
  return <InstalmentOffer params={params} input={{ price, basketCount: basket.productsCounter, allProductsAllow: basket.products.every((line) => line.instalments !== false) && (params.allProductsAllow ?? true) }} headingId="basket-instalments-title" />;
}

/**
 * What a line's part says for the vehicle chosen now (issues 25, 37): a warning before the shopper
 * goes on when it does not fit; otherwise fits, fits with a note, or not vehicle-specific.
 */
function LineFitWarning({ productId }: { productId: number }) {
  const { t } = useTranslation();
  const answer = useAppSelector((state) => selectFit(state, productId));
  if (!answer) return null;
  if (answer.status === 'none') return <p className="basket-fit-warning" data-fit="none">{t('fit.lineDoesNotFit', { vehicle: answer.vehicle.label })}</p>;
  return (
    <p className={`basket-fit basket-fit--${answer.status}`} data-fit={answer.status}>
      {t(answer.status === 'check' ? 'fit.lineCheck' : `fit.${answer.status}`, { vehicle: answer.vehicle.label })}
    </p>
  );
}
