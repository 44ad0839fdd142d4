import React from 'react';
import type { GatsbySSR } from 'gatsby';
import fontUrl from './src/styles/fonts/inter-variable.woff2';

export { wrapPageElement } from './src/components/wrap-page';
export { wrapRootElement } from './src/components/wrap-root';

// The typeface is requested with the HTML, before the inlined stylesheet asks for it (the same file,
// so the same hashed URL in both builds).
export const onRenderBody: GatsbySSR['onRenderBody'] = ({ setHtmlAttributes, setHeadComponents }) => {
  setHtmlAttributes({ lang: 'en' });
  setHeadComponents([
    <link key="font" rel="preload" href={fontUrl} as="font" type="font/woff2" crossOrigin="anonymous" />,
  ]);
};
