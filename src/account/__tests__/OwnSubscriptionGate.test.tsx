import React from 'react';
import { render, screen } from '@testing-library/react';
import * as api from '../../api-client/client';
import { OwnSubscriptionGate } from '../update-card/OwnSubscriptionGate';
import { subscriptionOf } from './support/licenses-page';

// /update-card?sid= shows the card form only for the user's own live subscription.

jest.mock('../../api-client/client', () => ({ getSubscriptions: jest.fn() }));
const mockedApi = jest.mocked(api);

const gate = (sid: string) =>
  render(
    <OwnSubscriptionGate uid="u1" sid={sid}>
      <p>the card form</p>
    </OwnSubscriptionGate>,
  );

beforeEach(() => jest.clearAllMocks());

describe('update card for a subscription', () => {
  it("refuses another account's subscription before any card form, with a way back", async () => {
    mockedApi.getSubscriptions.mockResolvedValue({ subscriptions: [subscriptionOf({ id: 'sub_mine' })] });
    gate('sub_someone_else');
    expect(await screen.findByRole('alert')).toHaveTextContent('not for a subscription of your account');
    expect(screen.queryByText('the card form')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your licenses' })).toHaveAttribute('href', '/licenses');
    expect(mockedApi.getSubscriptions).toHaveBeenCalledWith('u1');
  });

  it('refuses a subscription that has ended', async () => {
    mockedApi.getSubscriptions.mockResolvedValue({
      subscriptions: [subscriptionOf({ id: 'sub_mine', status: 'canceled' })],
    });
    gate('sub_mine');
    expect(await screen.findByRole('alert')).toHaveTextContent('This subscription has ended');
    expect(screen.queryByText('the card form')).not.toBeInTheDocument();
  });

  it('says why when the subscription cannot be read, with a way back', async () => {
    mockedApi.getSubscriptions.mockRejectedValue({ error: { code: 'INTERNAL', message: 'Server trouble.' } });
    gate('sub_mine');
    expect(await screen.findByRole('alert')).not.toBeEmptyDOMElement();
    expect(screen.getByRole('link', { name: 'Back to your licenses' })).toBeInTheDocument();
    expect(screen.queryByText('the card form')).not.toBeInTheDocument();
  });

  it("shows the form for the user's own live subscription", async () => {
    mockedApi.getSubscriptions.mockResolvedValue({
      subscriptions: [subscriptionOf({ id: 'sub_mine', status: 'past_due' })],
    });
    gate('sub_mine');
    expect(await screen.findByText('the card form')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
