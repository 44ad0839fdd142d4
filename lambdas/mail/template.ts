import type { ReactElement } from 'react';
import type { Config } from '../lib/config';

// A mail of the product is one template: its subject, the line an inbox shows beside it, and its body
// as React Email components, each a function of the mail's typed data. render.tsx makes the HTML part
// and the plain-text part from the same body; send.ts sends it through the one mail path.

/** What every mail may name: the site's address and support's. */
export type MailSite = Pick<Config, 'siteUrl' | 'supportEmail'>;

export interface MailTemplate<Data> {
  subject(data: Data): string;
  /** The mail's heading; the subject when absent. */
  title?(data: Data): string;
  /** The inbox's preview line; the subject when absent. */
  preview?(data: Data): string;
  /** The content; the layout (layout.tsx) adds the greeting line, the footer and the styles. */
  body(data: Data, site: MailSite): ReactElement;
}

/** Declares a template, so its data type is checked where it is written and wherever it is sent. */
export const mailTemplate = <Data>(template: MailTemplate<Data>): MailTemplate<Data> => template;
