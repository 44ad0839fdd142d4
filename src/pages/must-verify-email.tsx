import React from 'react';
import type { HeadFC } from 'gatsby';
import { Seo } from '../components/seo/Seo';
import { AccountPage } from '../account/shared/AccountPage';
import { MustVerifyEmail } from '../account/must-verify-email/MustVerifyEmail';

export default function Page() {
  return (
    <AccountPage title="Verify Your Email" layout="card">
      <MustVerifyEmail />
    </AccountPage>
  );
}

export const Head: HeadFC = () => (
  <Seo
    title="Verify Your Email"
    description="Verify your email address to finish setting up your Stockbench account."
    pathname="/must-verify-email"
    noindex
  />
);
