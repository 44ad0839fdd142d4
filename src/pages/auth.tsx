import React from 'react';
import type { HeadFC } from 'gatsby';
import { Seo } from '../components/seo/Seo';
import { AccountPage } from '../account/shared/AccountPage';
import { AuthAction } from '../account/auth-action/AuthAction';

export default function Page() {
  return (
    <AccountPage title="Account Action" layout="card">
      <AuthAction />
    </AccountPage>
  );
}

export const Head: HeadFC = () => (
  <Seo
    title="Account Action"
    description="Verify your email, reset your password or restore your email address."
    pathname="/auth"
    noindex
  />
);
