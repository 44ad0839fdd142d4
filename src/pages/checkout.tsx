import React from 'react';
import type { HeadFC } from 'gatsby';
import { Seo } from '../components/seo/Seo';
import { AccountPage } from '../account/shared/AccountPage';
import { Checkout } from '../account/checkout/Checkout';

export default function Page() {
  return (
    <AccountPage title="Checkout" guarded layout="wide">
      {(user) => <Checkout user={user} />}
    </AccountPage>
  );
}

export const Head: HeadFC = () => (
  <Seo title="Checkout" description="Pay for your Stockbench licenses." pathname="/checkout" noindex />
);
