import React from 'react';
import { fillHtml } from '../../lib/placeholders';
import { useSiteFacts } from '../../lib/use-site-facts';

/**
 * HTML that gatsby-transformer-remark rendered at build time from the project's own content/, with its
 * {{supportEmail}} and tool count placeholders filled in.
 */
export function Markdown({ html, className = '' }: { html: string; className?: string }) {
  const facts = useSiteFacts();
  return (
    <div
      className={`prose ${className}`.trim()}
      dangerouslySetInnerHTML={{ __html: fillHtml(html, facts) }}
    />
  );
}
