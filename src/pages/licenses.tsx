import React from 'react';
import type { HeadFC } from 'gatsby';
import { Seo } from '../components/seo/Seo';
import { AccountPage } from '../account/shared/AccountPage';
import { Licenses } from '../account/licenses/Licenses';

export default function Page() {
  return (
    <AccountPage title="Licenses" guarded layout="wide">
      {(user) => <Licenses user={user} />}
    </AccountPage>
  );
}

export const Head: HeadFC = () => (
  <Seo
    title="Licenses"
    description="Your Stockbench licenses and subscription."
    pathname="/licenses"
    noindex
  />
);
