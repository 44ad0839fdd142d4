import React from 'react';
import type { HeadFC } from 'gatsby';
import { Seo } from '../components/seo/Seo';
import { AccountPage } from '../account/shared/AccountPage';
import { ResetPasswordRequest } from '../account/reset-password/ResetPasswordRequest';

export default function Page() {
  return (
    <AccountPage title="Reset Password" layout="card">
      <ResetPasswordRequest />
    </AccountPage>
  );
}

export const Head: HeadFC = () => (
  <Seo
    title="Reset Password"
    description="Get an email with a link to choose a new Stockbench password."
    pathname="/reset-password"
    noindex
  />
);
