import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { flowMatches, flowSend } from '../../../store/flowsSlice';
import { BUY_BOX_FLOW, chosenSizeOf, rulesFor, selectBuyBox, selectChosenOffer } from '../../../store/productSelectors';
import { notifyRequested, quantityEntered } from '../../../store/actions';
import type { ProductPageData } from '../../api/wire';
import type { PriceMode } from '../../../machines/buyBox';
import { formatPrice } from '../../domain/priceMask';
import { availabilityShown, buyStateOf, isPhysical, lineTotal, nextRebate, rebateSteps, showsFreeLabel, unitPriceAt } from '../../domain/productOffer';
import { unitLabel } from '../../domain/quantity';
import { EMAIL_PATTERN } from '../../domain/fieldValidation';
import { QuantityStepper, showQuantity } from '../../components/QuantityStepper';
import { PriceBlock } from './PriceBlock';
import { ShippingInfo } from './ShippingInfo';
import { useLocalPath } from '../../components/useLocalPath';

const CONTACT_LINK = '/contact.php';

/**
 * The buy box (storefront spec, sections 3-5 and 8): size and price mode, price, availability,
 * shipping promise, quantity within the rules and the add-to-basket button. Its states are the
 * buy box machine's; every click goes to the machine, which decides (an add while adding is
 * ignored, a click on an unavailable product shows why).
 */
export function BuyBox({ product }: { product: ProductPageData }) {
  const { t } = useTranslation();
  const local = useLocalPath();
  const dispatch = useAppDispatch();
  const box = useAppSelector(selectBuyBox);
  const offer = useAppSelector(selectChosenOffer);
  const quantity = useAppSelector((state) => state.product.quantity);
  const shipping = useAppSelector((state) => state.product.shipping);
  const sizeIds = Object.keys(product.sizes);
  const sizeId = chosenSizeOf(product, box);
  const mode: PriceMode = box?.context.mode ?? 'normal';
  const send = (event: { type: string; [key: string]: unknown }) => dispatch(flowSend({ id: BUY_BOX_FLOW, event }));
  const is = (state: string) => flowMatches(box, state);
  const loading = is('sizeChosen.loading') || !box;

  const size = sizeId ? product.sizes[sizeId] : null;
  const buyState = offer && size ? buyStateOf({ productType: product.product_type, gratis: size.gratis, availability: offer.availability, prices: offer.prices, phonePrice: size.phone_price }) : null;
  const physical = isPhysical(product.product_type);
  const shownAvailability = offer && size ? availabilityShown(offer.availability, size.phone_price) : null;
  const rules = rulesFor(product, sizeId);
  const unitName = (n: number) => unitLabel(n, product.unit, product.unit_plural);

  const steps = offer ? rebateSteps(offer.prices, product.price_type) : [];
  const basePrice = offer ? (product.price_type === 'net' ? offer.prices.price_net : offer.prices.value) : 0;
  const unitPrice = unitPriceAt(quantity, basePrice, steps);
  const next = nextRebate(quantity, steps);

  const sizeGroup = useId();
  const quantityId = useId();
  const blocked = buyState === 'unavailable' || buyState === 'phonePrice' || buyState === 'pointsOnly';
  const buttonLabel = is('sizeChosen.adding')
    ? t('buy.adding')
    : is('sizeChosen.added')
      ? t('buy.addedButton')
      : buyState === 'unavailable'
        ? t('buy.outOfStock')
        : t('buy.addToBasket');

  return (
    <section className="buy-box" data-state={box ? JSON.stringify(box.value) : 'starting'}>
      {sizeIds.length > 1 && !sizeIds.every((id) => id === 'uniw' || id === 'onesize') ? (
        <fieldset className="buy-box__sizes">
          <legend id={sizeGroup}>{t('buy.size')}</legend>
          <div className="size-options">
            {sizeIds.map((id) => (
              <label key={id} className={`size-option${product.sizes[id].availability.status === 'disable' ? ' size-option--out' : ''}`}>
                <input type="radio" name="size" value={id} checked={sizeId === id} onChange={() => send({ type: 'CHOOSE_SIZE', sizeId: id })} />
                <span>{product.sizes[id].name}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}

      {product.subscription ? (
        <fieldset className="buy-box__modes">
          <legend>{t('buy.mode')}</legend>
          {(['normal', 'subscription'] as const).map((m) => (
            <label key={m} className="size-option">
              <input type="radio" name="price-mode" value={m} checked={mode === m} onChange={() => send({ type: 'CHOOSE_MODE', mode: m })} />
              <span>{t(m === 'normal' ? 'buy.modeNormal' : 'buy.modeSubscription')}</span>
            </label>
          ))}
        </fieldset>
      ) : null}

      {offer && size ? (
        <PriceBlock product={product} sizeId={size.type} prices={offer.prices} bundle={offer.bundle} freeLabel={showsFreeLabel(offer.prices)} />
      ) : (
        <p className="buy-box__hint">{t('buy.chooseSize')}</p>
      )}

      {offer && size && buyState !== 'gratis' ? (
        <div className="buy-box__availability">
          <p className={`availability availability--${offer.availability.status}`}>
            {shownAvailability?.gfx ? <img src={shownAvailability.gfx} alt="" width="16" height="16" /> : null}
            <span>{shownAvailability?.description}</span>
          </p>
          {physical && size.amount > 0 && offer.availability.status !== 'disable' ? (
            <p className="availability__stock">{t('buy.stock', { amount: showQuantity(size.amount), unit: unitName(size.amount) })}</p>
          ) : null}
          <ShippingInfo availability={offer.availability} delivery={offer.delivery} physical={physical} leadHours={product.order_by_lead_hours} couriers={shipping.status === 'ready' ? shipping.options : undefined} />
        </div>
      ) : null}

      {buyState === 'gratis' ? (
        <p className="buy-box__gratis">{t('buy.gratis')}</p>
      ) : (
        <div className="buy-box__buy">
          {steps.length && offer && !blocked ? (
            <div className="rebates">
              <h2>{t('buy.rebates')}</h2>
              <ul>
                {steps.map((step) => (
                  <li key={step.threshold} className={quantity >= step.threshold && unitPrice === step.price ? 'rebates__reached' : undefined}>
                    <span>{t('buy.rebateFrom', { threshold: showQuantity(step.threshold), unit: unitName(step.threshold) })}</span>{' '}
                    <strong>{t('buy.rebatePrice', { price: formatPrice(step.price), unit: product.unit })}</strong>
                  </li>
                ))}
              </ul>
              {next ? <p className="rebates__next">{t('buy.nextRebate', { left: showQuantity(next.left), unit: unitName(next.left), price: formatPrice(next.price), one: product.unit })}</p> : null}
            </div>
          ) : null}

          <div className="buy-box__row">
            <div className="quantity">
              <label htmlFor={quantityId}>{t('buy.quantity', { unit: product.unit_plural })}</label>
              <QuantityStepper
                id={quantityId}
                value={quantity}
                step={rules.step}
                precision={rules.precision}
                disabled={buyState === 'unavailable' || loading && !offer}
                onEnter={(n) => dispatch(quantityEntered(n))}
                labels={{ decrease: t('buy.decrease'), increase: t('buy.increase') }}
              />
            </div>
            <button
              type="button"
              className={`button button--buy${blocked ? ' button--off' : ''}${is('sizeChosen.added') ? ' button--done' : ''}`}
              aria-disabled={blocked || loading || is('sizeChosen.adding') ? 'true' : undefined}
              aria-busy={is('sizeChosen.adding') || undefined}
              onClick={() => send({ type: 'ADD' })}
            >
              {buttonLabel}
            </button>
          </div>
          {offer && !blocked && basePrice > 0 ? (
            <p className="buy-box__total" aria-live="polite">
              {t('buy.total', { total: formatPrice(lineTotal(unitPrice, quantity)) })}
            </p>
          ) : null}
          {buyState === 'phonePrice' || buyState === 'pointsOnly' ? (
            <p className="buy-box__contact">
              <a href={local(CONTACT_LINK)}>{t('buy.contactUs')}</a>
            </p>
          ) : null}
          {buyState === 'unavailable' ? <NotifyForm /> : null}
        </div>
      )}
    </section>
  );
}

/** "E-mail me when it is back" for a size that cannot be ordered. */
function NotifyForm() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const status = useAppSelector((state) => state.product.notify);
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const emailId = useId();
  const errorId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!EMAIL_PATTERN.test(email.trim())) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    dispatch(notifyRequested({ email: email.trim() }));
  };
  if (status === 'sent') return <p className="notify notify--sent" role="status">{t('buy.notifySent')}</p>;
  return (
    <form className="notify" onSubmit={submit} noValidate>
      <h2>{t('buy.notifyTitle')}</h2>
      <label htmlFor={emailId}>{t('buy.notifyEmail')}</label>
      <div className="notify__row">
        <input
          id={emailId}
          type="email"
          autoComplete="email"
          value={email}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          onChange={(event) => setEmail(event.target.value)}
        />
        <button type="submit" className="button" disabled={status === 'sending'}>
          {t('buy.notifySend')}
        </button>
      </div>
      {invalid ? (
        <p id={errorId} className="field-error">
          {t('buy.notifyInvalid')}
        </p>
      ) : null}
      {status === 'failed' ? <p className="field-error" role="alert">{t('buy.notifyFailed')}</p> : null}
    </form>
  );
}
