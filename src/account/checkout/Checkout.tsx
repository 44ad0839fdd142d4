import React, { useEffect, useId, useState } from 'react';
import { Link } from 'gatsby';
import { acceptTerms, checkoutInfo, isApiError } from '../../api-client/client';
import type { CheckoutInfo } from '../../api-client/types';
import type { SessionUser } from '../../auth/session';
import { CheckoutForm } from '../../payments/CheckoutForm';
import { StripeProvider } from '../../payments/StripeProvider';
import { paymentSomethingWrong } from '../../payments/payment-messages';
import { FormMessage } from '../shared/FormMessage';
import { Spinner } from '../shared/Spinner';
import { forgetUrlSecrets, takeUrlSecrets } from '../../lib/url-secrets';
import { TERMS_VERSION } from '../../lib/terms-version';
import { OrderSummary } from './OrderSummary';
import { TermsNotice } from './TermsNotice';
import './checkout.css';

type State =
  | { kind: 'checking' }
  | { kind: 'ready'; info: CheckoutInfo & { amountDue: number } }
  | { kind: 'invalid' }
  | { kind: 'failed'; message: string };

/** A secret the BFF would even look at (pi_<id>_secret_<random>); anything else is not a link of ours. */
const SECRET_SHAPE = /^pi_[A-Za-z0-9]{1,100}_secret_[A-Za-z0-9]{1,100}$/;

/**
 * /checkout?sec&count: the card form for the signed-in user's own pending first payment. The link's
 * secret is checked with the BFF (checkout-info) before anything is shown, and the licenses and the
 * amount come from its answer, never from the link: a link carrying someone else's secret, or one
 * already paid or ended, shows the incomplete-link message and no card form.
 */
export function Checkout({ user }: { user: SessionUser }) {
  // Taken out of the address bar (kept for this tab, so a reload still works): lib/url-secrets.ts.
  const [sec] = useState(() => takeUrlSecrets().sec ?? '');
  const termsId = useId();
  const [state, setState] = useState<State>(() =>
    SECRET_SHAPE.test(sec) ? { kind: 'checking' } : { kind: 'invalid' },
  );

  useEffect(() => {
    if (!SECRET_SHAPE.test(sec)) return undefined;
    let live = true;
    checkoutInfo(sec).then(
      (info) => {
        if (!live) return;
        const { amountDue } = info;
        // Only a first payment still awaited is offered; a paid or ended one is not a link to pay.
        if (info.status === 'incomplete' && info.count >= 1 && typeof amountDue === 'number') {
          setState({ kind: 'ready', info: { ...info, amountDue } });
        } else setState({ kind: 'invalid' });
      },
      (err: unknown) => {
        if (!live) return;
        // Not the caller's (or malformed): the link is of no use. Anything else (network, 5xx) is said
        // as it is, so the user can try again.
        const code = isApiError(err) ? err.error.code : '';
        if (code === 'FORBIDDEN' || code === 'INVALID_REQUEST') setState({ kind: 'invalid' });
        else
          setState({
            kind: 'failed',
            message: isApiError(err) ? err.error.message : paymentSomethingWrong(),
          });
      },
    );
    return () => {
      live = false;
    };
  }, [sec]);

  if (state.kind === 'checking') return <Spinner />;
  if (state.kind === 'invalid' || state.kind === 'failed') {
    return (
      <>
        <FormMessage kind="error">
          {state.kind === 'invalid' ? 'This checkout link is incomplete.' : state.message}
        </FormMessage>
        <p>
          <Link to="/licenses">Start again from your licenses</Link>.
        </p>
      </>
    );
  }
  const { count, amountDue, currency, subscriptionId } = state.info;
  return (
    <div className="checkout">
      <OrderSummary count={count} amountDue={amountDue} currency={currency ?? 'usd'} />
      <section className="account-section checkout-payment" aria-labelledby="checkout-payment">
        <h2 id="checkout-payment">Payment</h2>
        <StripeProvider>
          <CheckoutForm
            uid={user.uid}
            clientSecret={sec}
            beforePay={() => acceptTerms({ subscriptionId, version: TERMS_VERSION })}
            onPaid={() => forgetUrlSecrets('/checkout')}
            payDescribedBy={termsId}
          />
        </StripeProvider>
        <TermsNotice id={termsId} />
      </section>
    </div>
  );
}
