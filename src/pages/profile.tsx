import React from 'react';
import type { HeadFC } from 'gatsby';
import { Seo } from '../components/seo/Seo';
import { AccountPage } from '../account/shared/AccountPage';
import { Profile } from '../account/profile/Profile';

export default function Page() {
  return (
    <AccountPage title="Profile" guarded>
      {(user) => <Profile user={user} />}
    </AccountPage>
  );
}

export const Head: HeadFC = () => (
  <Seo
    title="Profile"
    description="Change your email or password, turn two-factor sign-in on or off, or delete your Stockbench account."
    pathname="/profile"
    noindex
  />
);
