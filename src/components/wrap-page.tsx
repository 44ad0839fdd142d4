import React from 'react';
import type { GatsbyBrowser, GatsbySSR } from 'gatsby';
import { Layout } from './layout/Layout';

// One layout around every page, kept mounted across client-side navigation.
export const wrapPageElement: GatsbyBrowser['wrapPageElement'] & GatsbySSR['wrapPageElement'] = ({
  element,
}) => <Layout>{element}</Layout>;
