import React, { useCallback, useState } from 'react';
import { Link } from 'gatsby';
import { removeLicenses } from '../../api-client/client';
import { authErrorMessage } from '../../auth/errors';
import type { LicenseView } from '../../api-client/types';
import type { SessionUser } from '../../auth/session';
import { FormMessage } from '../shared/FormMessage';
import { Receipts } from '../receipts/Receipts';
import { Spinner } from '../shared/Spinner';
import { AddLicenses } from './AddLicenses';
import { BillingDetailsForm } from './BillingDetailsForm';
import { BuyLicenses } from './BuyLicenses';
import { CancelSubscription } from './CancelSubscription';
import { CheckoutActions } from './CheckoutActions';
import { Devices } from './Devices';
import { EndedSubscription } from './EndedSubscription';
import { HeldLicenses } from './HeldLicenses';
import { LicenseTable } from './LicenseTable';
import { NextCharge } from './NextCharge';
import { RefundOffer } from './RefundOffer';
import { KeepRenewing } from './KeepRenewing';
import { PriceChangeNotice } from './PriceChangeNotice';
import { payPathFor } from './pay-path';
import { subscriptionActions } from './subscription-actions';
import { SubscriptionNotice } from './SubscriptionNotice';
import { SubscriptionSummary } from './SubscriptionSummary';
import { useLicenseData } from './use-license-data';
import { useMachines } from './use-machines';
import { useRenewLicense } from './use-renew-license';

export function Licenses({ user }: { user: SessionUser }) {
  const { data, error, held, heldError, loading, reload, updateLicense } = useLicenseData(user.uid);
  const machines = useMachines(user.uid);
  const machineCounts = machines.licenses ? machines.counts : undefined;
  const { reload: reloadMachines } = machines;
  const customerId = data?.licenses.customerId;
  const subscription = data?.subscription ?? null;
  const [announcement, setAnnouncement] = useState('');
  // A purchase refused because a subscription is in force: said above that subscription, once shown.
  const [refusal, setRefusal] = useState('');

  const onAssignmentChanged = useCallback(
    (license: LicenseView, message: string) => {
      updateLicense(license);
      setAnnouncement(message);
      // A change of holder signs out the former holder's machines.
      void reloadMachines();
    },
    [updateLicense, reloadMachines],
  );

  // Another change to the licenses makes an earlier assignment's message stale.
  const reloadAfterChange = useCallback(() => {
    setAnnouncement('');
    setRefusal('');
    void reload();
  }, [reload]);

  const onBuyRefused = useCallback(
    (message: string) => {
      setRefusal(message);
      void reload();
    },
    [reload],
  );

  const onRemove = useCallback(
    async (key: string): Promise<string | null> => {
      if (!customerId || !subscription) return null;
      setAnnouncement('');
      try {
        await removeLicenses({ customerId, subscriptionId: subscription.id, licenseKeys: [key] });
        await reload();
        return null;
      } catch (err) {
        return authErrorMessage(err, 'billing');
      }
    },
    [customerId, subscription, reload],
  );

  // A change whose confirmation outlives the reload it causes (a cancellation, a refund).
  const reloadWith = useCallback(
    (message: string) => {
      setAnnouncement(message);
      void reload();
    },
    [reload],
  );

  const onRenew = useRenewLicense(customerId, subscription, reload);

  if (loading) return <Spinner label="Loading your licenses…" />;
  const heldList = held.length > 0 && (
    <HeldLicenses licenses={held} machineCounts={machineCounts} machineLimit={machines.limit} />
  );
  const devices = <Devices {...machines} />;
  if (!data) {
    // One error is enough when everything failed alike; licenses held by the user still show.
    return (
      <>
        <FormMessage kind="error">{error}</FormMessage>
        {heldList}
        {held.length > 0 && devices}
      </>
    );
  }

  const actions = subscriptionActions(subscription);
  const sid = subscription ? encodeURIComponent(subscription.id) : '';
  // After a paid subscription ended: what ended and when, instead of the notice alone.
  const endedView = actions.notice === 'canceled' && data.licenses.ended.length > 0;
  return (
    <>
      <FormMessage kind="error">{error}</FormMessage>
      <FormMessage kind="error">{refusal}</FormMessage>
      {endedView && <EndedSubscription ended={data.licenses.ended} />}
      {actions.notice && subscription && !endedView && (
        <SubscriptionNotice kind={actions.notice} subscription={subscription}>
          {actions.continueCheckout && customerId && (
            <CheckoutActions
              customerId={customerId}
              subscription={subscription}
              onCancelled={reloadAfterChange}
            />
          )}
          {actions.keepRenewing && customerId && (
            <KeepRenewing
              customerId={customerId}
              subscription={subscription}
              onRenewing={reloadAfterChange}
            />
          )}
        </SubscriptionNotice>
      )}
      {subscription && actions.live && (
        <section className="account-section" aria-labelledby="subscription">
          <h2 id="subscription">Subscription</h2>
          <SubscriptionSummary subscription={subscription} />
          <PriceChangeNotice subscription={subscription} />
          <NextCharge subscription={subscription} />
          <div className="button-row">
            {actions.updateCard && (
              <Link className="button" to={`/update-card?sid=${sid}`}>
                Update Card
              </Link>
            )}
          </div>
        </section>
      )}
      <section className="account-section" aria-labelledby="your-licenses">
        <h2 id="your-licenses">Your Licenses</h2>
        <FormMessage kind="success">{announcement}</FormMessage>
        <LicenseTable
          licenses={data.licenses.licenses}
          onRemove={actions.live ? onRemove : undefined}
          onRenew={actions.renewAgain ? onRenew : undefined}
          assignment={
            actions.live && customerId && subscription
              ? { customerId, subscriptionId: subscription.id, onChanged: onAssignmentChanged }
              : undefined
          }
          emptyText={
            endedView
              ? 'You have no licenses in force.'
              : held.length > 0
                ? 'You have not bought any licenses.'
                : undefined
          }
          machineCounts={machineCounts}
          machineLimit={machines.limit}
        />
      </section>
      {heldError && (
        <FormMessage kind="error">Could not load the licenses assigned to you. {heldError}</FormMessage>
      )}
      {heldList}
      {devices}
      {actions.add && customerId && subscription && (
        <AddLicenses customerId={customerId} subscriptionId={subscription.id} onAdded={reloadAfterChange} />
      )}
      {actions.add && customerId && subscription && (
        <CancelSubscription
          customerId={customerId}
          subscriptionId={subscription.id}
          periodEnd={subscription.currentPeriodEnd}
          onCancelled={reloadWith}
        />
      )}
      {actions.live && customerId && subscription && (
        <RefundOffer
          uid={user.uid}
          customerId={customerId}
          subscription={subscription}
          onRefunded={reloadWith}
        />
      )}
      {actions.buy && <BuyLicenses user={user} onExists={onBuyRefused} />}
      {customerId && <BillingDetailsForm uid={user.uid} customerId={customerId} />}
      <Receipts uid={user.uid} reloadWhen={data} payPath={payPathFor(subscription, actions)} />
    </>
  );
}
