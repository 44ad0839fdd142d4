import React from 'react';
import type { HeadFC } from 'gatsby';
import { Seo } from '../components/seo/Seo';
import { AccountPage } from '../account/shared/AccountPage';
import { UpdateCard } from '../account/update-card/UpdateCard';

export default function Page() {
  return (
    <AccountPage title="Update Card" guarded>
      {(user) => <UpdateCard user={user} />}
    </AccountPage>
  );
}

export const Head: HeadFC = () => (
  <Seo
    title="Update Card"
    description="Update the card that pays for your Stockbench licenses."
    pathname="/update-card"
    noindex
  />
);
