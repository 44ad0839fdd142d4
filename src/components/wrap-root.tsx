import React from 'react';
import type { GatsbyBrowser, GatsbySSR } from 'gatsby';
import { ErrorBoundary } from './error-screen/ErrorBoundary';

// The last line of defence: a render error in the layout itself (outside the page's own boundary)
// shows the error screen alone instead of a blank page.
export const wrapRootElement: GatsbyBrowser['wrapRootElement'] & GatsbySSR['wrapRootElement'] = ({
  element,
}) => <ErrorBoundary>{element}</ErrorBoundary>;
