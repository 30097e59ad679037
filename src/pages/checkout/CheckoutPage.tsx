import { type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectFitVehicle } from '../../../store/fitmentSelectors';
import { checkoutFieldChanged } from '../../../store/checkoutSlice';
import { checkoutSubmitted } from '../../../store/actions';
import { flowMatches } from '../../../store/flowsSlice';
import type { CheckoutCourier, CheckoutFieldErrors, CheckoutForm, CheckoutQuote, OrderView } from '../../api/checkoutWire';
import { CHECKOUT_AUTOCOMPLETE, CHECKOUT_FIELDS } from '../../domain/checkout';
import { DELIVERY_COUNTRIES } from '../../domain/deliveryRegion';
import { useLocalPath } from '../../components/useLocalPath';
import itContact from '../../i18n/it.contact';
import itCheckout from '../../i18n/it.checkout';
import plCheckout from '../../i18n/pl.checkout';
import enCheckout from '../../i18n/en.checkout';
import { addPageTexts } from '../../i18n/runtime';
import '../../styles/forms.css';
import '../../styles/checkout.css';

// The form rules' texts (the contact page's) and the checkout's own, in every language.
addPageTexts(itContact);
addPageTexts(itCheckout);
addPageTexts(plCheckout, 'pl');
addPageTexts(enCheckout, 'en');

type Translate = ReturnType<typeof useTranslation>['t'];

/**
 * The checkout (/checkout.php) and an order's confirmation (/order/<token>), issue 32. Drawn by
 * the server from the checkout slice; without JavaScript its forms post to /checkout.php and
 * come back drawn (errors, the review, the order). With JavaScript the checkout machine runs the
 * same steps through the checkout calls (sagas/checkout.ts): the forms' submits become its events.
 */
export default function CheckoutPage() {
  const type = useAppSelector((state) => state.page.location?.type);
  const view = useAppSelector((state) => state.checkout.view);
  return <div className="page page--checkout">{type === 'order' || view === 'order' ? <OrderConfirmation /> : view === 'review' ? <Review /> : <DetailsForm />}</div>;
}

function useCheckoutSubmit(): (event: FormEvent<HTMLFormElement>) => void {
  const dispatch = useAppDispatch();
  const running = useAppSelector((state) => state.flows.checkout !== undefined);
  return (event) => {
    // Without the flow (no JavaScript yet) the form posts and the server draws the answer.
    if (!running) return;
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    dispatch(checkoutSubmitted({ step: submitter?.value === 'edit' ? 'edit' : submitter?.value === 'place' ? 'place' : 'review' }));
  };
}

function ErrorSummary({ errors, t }: { errors: CheckoutFieldErrors; t: Translate }) {
  const names = Object.keys(errors);
  if (names.length === 0) return null;
  return (
    <div className="form-summary" role="alert">
      <p>{t('forms.summary', { count: names.length })}</p>
      <ul>
        {names.map((name) => (
          <li key={name}>
            <a href={`#checkout-${name}`}>{t(errors[name].key, errors[name].values)}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

function FieldError({ name, errors, t }: { name: string; errors: CheckoutFieldErrors; t: Translate }) {
  const error = errors[name];
  return error ? (
    <p className="form-field__error" id={`checkout-${name}-error`}>
      {t(error.key, error.values)}
    </p>
  ) : null;
}

function HiddenFields({ form, except = [] }: { form: CheckoutForm; except?: string[] }) {
  return (
    <>
      {Object.entries(form)
        .filter(([name]) => !except.includes(name))
        .map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
    </>
  );
}

function DetailsForm() {
  const { t, i18n } = useTranslation();
  const local = useLocalPath();
  const dispatch = useAppDispatch();
  const form = useAppSelector((state) => state.checkout.form);
  const errors = useAppSelector((state) => state.checkout.errors);
  const couriers = useAppSelector((state) => state.checkout.couriers);
  const refusal = useAppSelector((state) => state.checkout.refusal);
  const basket = useAppSelector((state) => state.basket.summary);
  const busy = useAppSelector((state) => flowMatches(state.flows.checkout, 'reviewing'));
  const vehicle = useAppSelector(selectFitVehicle);
  const onSubmit = useCheckoutSubmit();
  const change = (name: keyof CheckoutForm) => (event: { target: { value: string; checked?: boolean; type?: string } }) =>
    dispatch(checkoutFieldChanged({ name, value: event.target.type === 'checkbox' ? (event.target.checked ? '1' : '') : event.target.value }));
  if (basket && basket.products.length === 0) {
    return (
      <>
        <h1>{t('checkout.title')}</h1>
        <p>{t('checkout.empty')}</p>
        <a className="button" href={local('/basketedit.php')}>
          {t('checkout.backToBasket')}
        </a>
      </>
    );
  }
  const field = (name: keyof CheckoutForm & string, input: ReactNode) => (
    <div className={`form-field${errors[name] ? ' form-field--error' : ''}`}>
      <label htmlFor={`checkout-${name}`}>
        {t(`checkout.fields.${name}`)}
        {CHECKOUT_FIELDS.find((f) => f.name === name)?.required ? <span className="form-field__mark"> {t('forms.requiredMark')}</span> : null}
      </label>
      {input}
      <FieldError name={name} errors={errors} t={t} />
    </div>
  );
  const text = (name: keyof typeof CHECKOUT_AUTOCOMPLETE, type = 'text') => {
    const spec = CHECKOUT_FIELDS.find((f) => f.name === name)!;
    return field(
      name,
      <input
        id={`checkout-${name}`}
        name={name}
        type={type}
        value={form[name]}
        onChange={change(name)}
        autoComplete={CHECKOUT_AUTOCOMPLETE[name]}
        required={spec.required}
        maxLength={spec.maxlength}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `checkout-${name}-error` : undefined}
        {...(type === 'tel' ? { inputMode: 'tel' as const } : {})}
      />,
    );
  };
  const groups: Array<'prepaid' | 'dvp'> = ['prepaid', 'dvp'];
  const chosen = couriers?.couriers.find((c) => String(c.id) === form.courier) ?? null;
  const payments = chosen ? couriers!.payments[chosen.group] : [...new Set([...(couriers?.payments.prepaid ?? []), ...(couriers?.payments.dvp ?? [])])];
  return (
    <>
      <h1>{t('checkout.title')}</h1>
      <form className="checkout-form" method="post" action={local('/checkout.php')} noValidate onSubmit={onSubmit} data-flow="checkout">
        <ErrorSummary errors={errors} t={t} />
        {refusal ? (
          <p className="checkout-refusal" role="alert">
            {t(`checkout.refusals.${refusal.code}`, { ...refusal.params, defaultValue: t('checkout.refusals.generic') })}
          </p>
        ) : null}
        <input type="hidden" name="key" value={form.key} />
        <input type="hidden" name="lang" value={i18n.language} />
        <input type="hidden" name="vehicle" value={vehicle ? String(vehicle.engineId) : form.vehicle} />
        <fieldset className="checkout-step">
          <legend>{t('checkout.steps.details')}</legend>
          {text('email', 'email')}
          {text('phone', 'tel')}
          {text('name')}
          {text('street')}
          <div className="checkout-row">
            {text('postcode')}
            {text('city')}
          </div>
          {field(
            'country',
            <select id="checkout-country" name="country" value={form.country} onChange={change('country')} autoComplete="country" aria-invalid={errors.country ? true : undefined}>
              {DELIVERY_COUNTRIES.map((code) => (
                <option key={code} value={code}>
                  {t(`checkout.countries.${code}`)}
                </option>
              ))}
            </select>,
          )}
          <details className="checkout-invoice" open={Boolean(form.company || form.vat_number || errors.company || errors.vat_number)}>
            <summary>{t('checkout.invoice')}</summary>
            {text('company')}
            {text('vat_number')}
          </details>
        </fieldset>
        <fieldset className="checkout-step" id="checkout-courier" aria-describedby={errors.courier ? 'checkout-courier-error' : undefined}>
          <legend>{t('checkout.steps.delivery')}</legend>
          <p className="checkout-hint">{t('checkout.couriersHint')}</p>
          {groups.map((group) => {
            const list = (couriers?.couriers ?? []).filter((c) => c.group === group);
            return list.length ? (
              <fieldset key={group} className="checkout-group">
                <legend>{t(`checkout.groups.${group}`)}</legend>
                {list.map((courier) => (
                  <CourierChoice key={courier.id} courier={courier} checked={form.courier === String(courier.id)} onChange={change('courier')} t={t} />
                ))}
              </fieldset>
            ) : null;
          })}
          <FieldError name="courier" errors={errors} t={t} />
        </fieldset>
        <fieldset className="checkout-step" id="checkout-payment" aria-describedby={errors.payment ? 'checkout-payment-error' : undefined}>
          <legend>{t('checkout.steps.payment')}</legend>
          {payments.map((payment) => (
            <label key={payment} className="checkout-choice">
              <input type="radio" name="payment" value={payment} checked={form.payment === payment} onChange={change('payment')} />
              <span>
                <strong>{t(`checkout.payments.${payment}`)}</strong>
                <span className="checkout-choice__note">{t(`checkout.paymentNotes.${payment}`)}</span>
              </span>
            </label>
          ))}
          <FieldError name="payment" errors={errors} t={t} />
        </fieldset>
        <div className={`form-field form-field--checkbox${errors.terms ? ' form-field--error' : ''}`}>
          <div className="form-field__check-row">
            <input
              id="checkout-terms"
              type="checkbox"
              name="terms"
              value="1"
              checked={form.terms === '1'}
              onChange={change('terms')}
              aria-invalid={errors.terms ? true : undefined}
              aria-describedby={errors.terms ? 'checkout-terms-error' : undefined}
            />
            <label htmlFor="checkout-terms">{t('checkout.fields.terms')}</label>
          </div>
          <FieldError name="terms" errors={errors} t={t} />
        </div>
        <div className="checkout-actions">
          <a href={local('/basketedit.php')}>{t('checkout.backToBasket')}</a>
          <button className="button button--primary" type="submit" name="step" value="review" aria-disabled={busy || undefined}>
            {t('checkout.toReview')}
          </button>
        </div>
      </form>
    </>
  );
}

function CourierChoice({ courier, checked, onChange, t }: { courier: CheckoutCourier; checked: boolean; onChange: (event: { target: { value: string } }) => void; t: Translate }) {
  return (
    <label className="checkout-choice">
      <input type="radio" name="courier" value={String(courier.id)} checked={checked} onChange={onChange} />
      <span>
        <strong>{courier.name}</strong>
        <span className="checkout-choice__note">{t('checkout.days', { count: courier.days })}</span>
      </span>
      <span className="checkout-choice__price">{courier.cost.value === 0 ? t('checkout.free') : courier.cost.formatted}</span>
    </label>
  );
}

function QuoteTable({ quote, t }: { quote: CheckoutQuote; t: Translate }) {
  const net = quote.priceType === 'net';
  return (
    <>
      <ul className="checkout-lines">
        {quote.lines.map((line) => (
          <li key={`${line.productId}|${line.sizeId}`} className="checkout-line">
            <div className="checkout-line__what">
              <strong>{line.name}</strong>
              <span>{t('checkout.code', { code: line.code })}</span>
              {line.size && line.size !== '-' ? <span>{t('checkout.size', { size: line.size })}</span> : null}
              {line.vehicle ? <span>{t('checkout.vehicleFor', { vehicle: line.vehicle })}</span> : null}
              {line.fit ? <span className={`checkout-fit checkout-fit--${line.fit}`}>{t(`checkout.fit.${line.fit}`)}</span> : null}
            </div>
            <div className="checkout-line__amount">
              <span>
                {line.quantity} {line.unit} × {net ? t('shop.netPrice', { amount: line.unitNet.formatted }) : line.unitGross.formatted}
              </span>
              <strong>{net ? t('shop.netPrice', { amount: line.lineNet.formatted }) : line.lineGross.formatted}</strong>
            </div>
          </li>
        ))}
      </ul>
      <dl className="checkout-totals">
        {net ? (
          <div>
            <dt>{t('checkout.goodsNet')}</dt>
            <dd>{quote.goodsNet.formatted}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('checkout.goodsGross')}</dt>
          <dd>{quote.goodsGross.formatted}</dd>
        </div>
        <div>
          <dt>{t('checkout.shipping')}</dt>
          <dd>{quote.shipping.value === 0 ? t('checkout.free') : quote.shipping.formatted}</dd>
        </div>
        <div>
          <dt>{t('checkout.vat')}</dt>
          <dd>{quote.vat.formatted}</dd>
        </div>
        <div className="checkout-totals__total">
          <dt>{t('checkout.total')}</dt>
          <dd>{quote.total.formatted}</dd>
        </div>
      </dl>
    </>
  );
}

function Review() {
  const { t, i18n } = useTranslation();
  const local = useLocalPath();
  const dispatch = useAppDispatch();
  const form = useAppSelector((state) => state.checkout.form);
  const quote = useAppSelector((state) => state.checkout.quote)!;
  const changes = useAppSelector((state) => state.checkout.changes);
  const refusal = useAppSelector((state) => state.checkout.refusal);
  const placing = useAppSelector((state) => flowMatches(state.flows.checkout, 'placing'));
  const onSubmit = useCheckoutSubmit();
  const misfit = quote.lines.some((line) => line.fit === 'none');
  return (
    <>
      <h1>{t('checkout.steps.review')}</h1>
      <form className="checkout-form" method="post" action={local('/checkout.php')} onSubmit={onSubmit} data-flow="checkout" aria-busy={placing || undefined}>
        {changes.length ? (
          <div className="checkout-changed" role="alert">
            <h2>{t('checkout.changedTitle')}</h2>
            <p>{t('checkout.changedLead')}</p>
            <ul>
              {changes.map((change, index) => (
                <li key={index}>{t(`checkout.change.${change.kind}`, { line: change.line ?? '', before: change.before, after: change.after })}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {refusal ? (
          <p className="checkout-refusal" role="alert">
            {t(`checkout.refusals.${refusal.code}`, { ...refusal.params, defaultValue: t('checkout.refusals.generic') })}
          </p>
        ) : null}
        <HiddenFields form={form} except={['fit_confirmed']} />
        <input type="hidden" name="lang" value={i18n.language} />
        <QuoteTable quote={quote} t={t} />
        <p>{t('checkout.deliveryWith', { courier: quote.courier.name, days: t('checkout.days', { count: quote.courier.days }) })}</p>
        <p>{t('checkout.payWith', { payment: t(`checkout.payments.${quote.payment}`) })}</p>
        <p>{t('checkout.shipTo', { address: `${form.name}, ${form.street}, ${form.postcode} ${form.city}, ${t(`checkout.countries.${form.country}`)}` })}</p>
        {misfit ? (
          <div className="form-field form-field--checkbox">
            <div className="form-field__check-row">
              <input id="checkout-fit_confirmed" type="checkbox" name="fit_confirmed" value="1" checked={form.fit_confirmed === '1'} onChange={(event) => dispatch(checkoutFieldChanged({ name: 'fit_confirmed', value: event.target.checked ? '1' : '' }))} />
              <label htmlFor="checkout-fit_confirmed">{t('checkout.confirmFit')}</label>
            </div>
          </div>
        ) : null}
        <div className="checkout-actions">
          <button className="button" type="submit" name="step" value="edit" formNoValidate>
            {t('checkout.edit')}
          </button>
          <button className="button button--primary" type="submit" name="step" value="place" aria-disabled={placing || undefined}>
            {placing ? t('checkout.placing') : t('checkout.place')}
          </button>
        </div>
      </form>
    </>
  );
}

function OrderConfirmation() {
  const { t } = useTranslation();
  const local = useLocalPath();
  const order = useAppSelector((state) => state.checkout.order);
  if (!order) return <p>{t('checkout.refusals.generic')}</p>;
  return (
    <article className="checkout-order">
      <h1>{t('checkout.order.title', { number: order.number })}</h1>
      <p>{t('checkout.order.thanks', { email: order.email })}</p>
      <dl className="checkout-facts">
        <div>
          <dt>{t('checkout.order.number')}</dt>
          <dd>{order.number}</dd>
        </div>
        <div>
          <dt>{t('checkout.order.statusLabel')}</dt>
          <dd>{t(`checkout.order.status.${order.status}`)}</dd>
        </div>
      </dl>
      <PaymentInstructions order={order} t={t} />
      <h2>{t('checkout.steps.review')}</h2>
      <ul className="checkout-lines">
        {order.lines.map((line, index) => (
          <li key={index} className="checkout-line">
            <div className="checkout-line__what">
              <strong>{line.name}</strong>
              <span>{t('checkout.code', { code: line.code })}</span>
              {line.vehicle ? <span>{t('checkout.vehicleFor', { vehicle: line.vehicle })}</span> : null}
              {line.fit ? <span className={`checkout-fit checkout-fit--${line.fit}`}>{t(`checkout.fit.${line.fit}`)}</span> : null}
            </div>
            <div className="checkout-line__amount">
              <span>
                {line.quantity} {line.unit}
              </span>
              <strong>{order.priceType === 'net' ? t('shop.netPrice', { amount: line.lineNet }) : line.lineGross}</strong>
            </div>
          </li>
        ))}
      </ul>
      <dl className="checkout-totals">
        <div>
          <dt>{t('checkout.goodsGross')}</dt>
          <dd>{order.goodsGross}</dd>
        </div>
        <div>
          <dt>{t('checkout.shipping')}</dt>
          <dd>{order.shipping}</dd>
        </div>
        <div>
          <dt>{t('checkout.vat')}</dt>
          <dd>{order.vat}</dd>
        </div>
        <div className="checkout-totals__total">
          <dt>{t('checkout.total')}</dt>
          <dd>{order.total}</dd>
        </div>
      </dl>
      <p>{t('checkout.deliveryWith', { courier: order.courier, days: t('checkout.days', { count: order.deliveryDays }) })}</p>
      <p>{t('checkout.shipTo', { address: `${order.name}, ${order.address}` })}</p>
      <a className="button" href={local('/main.php')}>
        {t('checkout.order.continue')}
      </a>
    </article>
  );
}

function PaymentInstructions({ order, t }: { order: OrderView; t: Translate }) {
  const how = order.instructions;
  if (how.kind === 'cod') return <p className="checkout-pay">{t('checkout.order.cod', { amount: how.amount })}</p>;
  if (how.kind === 'instalments') {
    return (
      <section className="checkout-pay">
        <h2>{t('checkout.order.instalmentsTitle')}</h2>
        <a className="button button--primary" href={how.link}>
          {t('checkout.order.instalmentsLink', { amount: how.amount })}
        </a>
      </section>
    );
  }
  return (
    <section className="checkout-pay">
      <h2>{t('checkout.order.transferTitle')}</h2>
      <dl className="checkout-facts">
        <div>
          <dt>{t('checkout.order.iban')}</dt>
          <dd>{how.iban}</dd>
        </div>
        <div>
          <dt>{t('checkout.order.holder')}</dt>
          <dd>{how.holder}</dd>
        </div>
        <div>
          <dt>{t('checkout.order.amount')}</dt>
          <dd>{how.amount}</dd>
        </div>
        <div>
          <dt>{t('checkout.order.reference')}</dt>
          <dd>{how.reference}</dd>
        </div>
      </dl>
      <p>{t('checkout.order.transferNote')}</p>
    </section>
  );
}
