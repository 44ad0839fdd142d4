import React from 'react';

/** HTML that gatsby-transformer-remark rendered at build time from the project's own content/. */
export function Markdown({ html, className = '' }: { html: string; className?: string }) {
  return <div className={`prose ${className}`.trim()} dangerouslySetInnerHTML={{ __html: html }} />;
}
