import React from 'react';
import type { HeadFC } from 'gatsby';
import { Seo } from '../components/seo/Seo';
import { AccountPage } from '../account/shared/AccountPage';
import { ProductAside } from '../account/shared/ProductAside';
import { SignInForm } from '../account/sign-in/SignInForm';

export default function Page() {
  return (
    <AccountPage title="Sign In" layout="card" aside={<ProductAside />}>
      <SignInForm />
    </AccountPage>
  );
}

export const Head: HeadFC = () => (
  <Seo
    title="Sign In"
    description="Sign in to your Stockbench account to manage your licenses."
    pathname="/sign-in"
    noindex
  />
);
