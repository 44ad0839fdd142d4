import type { GatsbySSR } from 'gatsby';

export { wrapPageElement } from './src/components/wrap-page';
export { wrapRootElement } from './src/components/wrap-root';

export const onRenderBody: GatsbySSR['onRenderBody'] = ({ setHtmlAttributes }) => {
  setHtmlAttributes({ lang: 'en' });
};
