import React from 'react';
import { render, screen } from '@testing-library/react';
import { PriceChangeNotice } from '../licenses/PriceChangeNotice';
import { subscriptionOf } from './support/licenses-page';

// The licenses page's notice of a coming price change, as the subscriber reads it.

const appliesAt = Date.UTC(2027, 1, 5) / 1000;

it('says the new price and the renewal it applies from', () => {
  render(
    <PriceChangeNotice
      subscription={subscriptionOf({ priceChange: { unitAmount: 2000, currency: 'usd', appliesAt } })}
    />,
  );
  expect(screen.getByRole('status')).toHaveTextContent(
    'From your renewal on 02/05/2027, each license costs $20.00 a month.',
  );
});

it('says nothing without a change, or when the subscription ends first', () => {
  const { container, rerender } = render(<PriceChangeNotice subscription={subscriptionOf()} />);
  expect(container).toBeEmptyDOMElement();
  rerender(
    <PriceChangeNotice
      subscription={subscriptionOf({
        cancelAtPeriodEnd: true,
        priceChange: { unitAmount: 2000, currency: 'usd', appliesAt },
      })}
    />,
  );
  expect(container).toBeEmptyDOMElement();
});
