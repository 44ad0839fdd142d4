import React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { toPlainText } from '@react-email/render';
import { getConfig } from '../lib/config';
import { Layout } from './layout';
import type { MailSite, MailTemplate } from './template';

// One template, two parts: the HTML is the React Email components rendered to static markup, and the
// plain-text part is made from that same HTML by React Email's converter, so the two never say
// different things. The templates are synchronous, so React's static renderer does what React Email's
// asynchronous `render` does for them (its `import()` of react-dom/server is also beyond Jest's
// CommonJS), with the same XHTML doctype.

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/** Headings keep their case in the plain-text part (html-to-text would shout them). */
const TEXT_OPTIONS = {
  selectors: [
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'h2', options: { uppercase: false } },
  ],
};

export function renderMail<Data>(
  template: MailTemplate<Data>,
  data: Data,
  site: MailSite = getConfig(),
): RenderedMail {
  const subject = template.subject(data);
  const html =
    DOCTYPE +
    renderToStaticMarkup(
      <Layout
        site={site}
        preview={template.preview?.(data) ?? subject}
        title={template.title?.(data) ?? subject}
      >
        {template.body(data, site)}
      </Layout>,
    );
  return { subject, html, text: toPlainText(html, TEXT_OPTIONS).trim() };
}
