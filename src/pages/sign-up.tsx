import React from 'react';
import type { HeadFC } from 'gatsby';
import { Seo } from '../components/seo/Seo';
import { AccountPage } from '../account/shared/AccountPage';
import { ProductAside } from '../account/shared/ProductAside';
import { SignUpForm } from '../account/sign-up/SignUpForm';

export default function Page() {
  return (
    <AccountPage title="Sign Up" layout="card" aside={<ProductAside />}>
      <SignUpForm />
    </AccountPage>
  );
}

export const Head: HeadFC = () => (
  <Seo
    title="Sign Up"
    description="Create a Stockbench account to buy and manage licenses."
    pathname="/sign-up"
    noindex
  />
);
