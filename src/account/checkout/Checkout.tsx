import React from 'react';
import { Link } from 'gatsby';
import type { SessionUser } from '../../auth/session';
import { siteConfig } from '../../config';
import { licenseCountLabel } from '../../lib/pluralize';
import { CheckoutForm } from '../../payments/CheckoutForm';
import { StripeProvider } from '../../payments/StripeProvider';
import { FormMessage } from '../shared/FormMessage';
import { formatCents } from '../shared/money';
import { queryParam } from '../shared/query';

/** /checkout?sec&count: the monthly total (count x $15) and the card form. */
export function Checkout({ user }: { user: SessionUser }) {
  const sec = queryParam('sec') ?? '';
  const count = Number(queryParam('count'));
  if (!sec || !Number.isInteger(count) || count < 1 || count > 5) {
    return (
      <>
        <FormMessage kind="error">This checkout link is incomplete.</FormMessage>
        <p>
          <Link to="/licenses">Start again from your licenses</Link>.
        </p>
      </>
    );
  }
  return (
    <>
      <p className="checkout-total">
        {licenseCountLabel(count)} × {formatCents(siteConfig.licensePriceUsd * 100)} ={' '}
        <strong>{formatCents(count * siteConfig.licensePriceUsd * 100)} per month</strong>
      </p>
      <StripeProvider>
        <CheckoutForm uid={user.uid} clientSecret={sec} />
      </StripeProvider>
    </>
  );
}
