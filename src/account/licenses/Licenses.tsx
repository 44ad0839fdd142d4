import React from 'react';
import type { SessionUser } from '../../auth/session';
import { FormMessage } from '../shared/FormMessage';
import { Receipts } from '../receipts/Receipts';
import { Spinner } from '../shared/Spinner';
import { BillingDetailsForm } from './BillingDetailsForm';
import { BuyLicenses } from './BuyLicenses';
import { Devices } from './Devices';
import { EndedSubscription } from './EndedSubscription';
import { HeldLicenses } from './HeldLicenses';
import { LicenseTable } from './LicenseTable';
import { payPathFor } from './pay-path';
import { subscriptionActions } from './subscription-actions';
import { SubscriptionChanges } from './SubscriptionChanges';
import { SubscriptionSection } from './SubscriptionSection';
import { SubscriptionState } from './SubscriptionState';
import { useLicenseChanges } from './use-license-changes';
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
  const {
    announcement,
    refusal,
    onAssignmentChanged,
    reloadAfterChange,
    onBuyRefused,
    onRemove,
    reloadWith,
  } = useLicenseChanges(customerId, subscription, { reload, updateLicense, reloadMachines });
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
  // After a paid subscription ended: what ended and when, instead of the notice alone.
  const endedView = actions.notice === 'canceled' && data.licenses.ended.length > 0;
  return (
    <>
      <FormMessage kind="error">{error}</FormMessage>
      <FormMessage kind="error">{refusal}</FormMessage>
      {endedView && <EndedSubscription ended={data.licenses.ended} />}
      {subscription && !endedView && (
        <SubscriptionState
          customerId={customerId}
          subscription={subscription}
          actions={actions}
          onChanged={reloadAfterChange}
        />
      )}
      {subscription && actions.live && <SubscriptionSection subscription={subscription} actions={actions} />}
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
      {customerId && subscription && (
        <SubscriptionChanges
          uid={user.uid}
          customerId={customerId}
          subscription={subscription}
          actions={actions}
          onAdded={reloadAfterChange}
          onChanged={reloadWith}
        />
      )}
      {actions.buy && <BuyLicenses user={user} onExists={onBuyRefused} />}
      {customerId && <BillingDetailsForm uid={user.uid} customerId={customerId} />}
      <Receipts uid={user.uid} reloadWhen={data} payPath={payPathFor(subscription, actions)} />
    </>
  );
}
