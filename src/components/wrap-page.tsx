import React from 'react';
import type { GatsbyBrowser, GatsbySSR } from 'gatsby';
import { ErrorBoundary } from './error-screen/ErrorBoundary';
import { Layout } from './layout/Layout';

// One layout around every page, kept mounted across client-side navigation. A page that fails to
// render shows the error screen inside the layout (its navigation still leads away); the next address
// clears it.
export const wrapPageElement: GatsbyBrowser['wrapPageElement'] & GatsbySSR['wrapPageElement'] = ({
  element,
  props,
}) => (
  <Layout pathname={props.location.pathname}>
    <ErrorBoundary resetKey={props.location.pathname}>{element}</ErrorBoundary>
  </Layout>
);
