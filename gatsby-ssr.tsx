import type { GatsbySSR } from 'gatsby';

export { wrapPageElement } from './src/components/wrap-page';

export const onRenderBody: GatsbySSR['onRenderBody'] = ({ setHtmlAttributes }) => {
  setHtmlAttributes({ lang: 'en' });
};
