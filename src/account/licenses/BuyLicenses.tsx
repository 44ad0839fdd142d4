import React, { useState } from 'react';
import { navigate } from 'gatsby';
import { isApiError, setupCheckout } from '../../api-client/client';
import { authErrorMessage } from '../../auth/errors';
import type { SessionUser } from '../../auth/session';
import { licenseCountLabel } from '../../lib/pluralize';
import { siteConfig } from '../../config';
import { FormMessage } from '../shared/FormMessage';
import { formatCents } from '../shared/money';
import { useSubmitGuard } from '../shared/use-submit-guard';
import { LicenseCountInput, validCount } from './LicenseCountInput';

interface BuyLicensesProps {
  user: SessionUser;
  /**
   * Told the BFF's word when the account already has a subscription in force (bought in another tab,
   * or this page is older than it): the page then shows that subscription instead of this offer.
   */
  onExists: (message: string) => void;
}

/** No subscription in force: choose 1..5 licenses, then pay on /checkout. */
export function BuyLicenses({ user, onExists }: BuyLicensesProps) {
  const [count, setCount] = useState(1);
  const [error, setError] = useState('');
  const { busy, run } = useSubmitGuard(500);

  const buy = () =>
    run(async () => {
      setError('');
      try {
        const { sec } = await setupCheckout({ uid: user.uid, email: user.email, count });
        await navigate(`/checkout?sec=${encodeURIComponent(sec)}&count=${count}`);
      } catch (err) {
        if (isApiError(err) && err.error.code === 'SUBSCRIPTION_EXISTS') onExists(err.error.message);
        else setError(authErrorMessage(err, 'billing'));
      }
    });

  return (
    <section className="account-section" aria-labelledby="buy-licenses">
      <h2 id="buy-licenses">Buy Licenses</h2>
      <LicenseCountInput value={count} onChange={setCount} />
      {validCount(count) && (
        <p>
          {licenseCountLabel(count)}: {formatCents(count * siteConfig.licensePriceUsd * 100)} per month.
        </p>
      )}
      <FormMessage kind="error">{error}</FormMessage>
      <button
        className="button button--primary"
        type="button"
        disabled={busy || !validCount(count)}
        onClick={() => void buy()}
      >
        Buy Licenses
      </button>
    </section>
  );
}
