import { sendMail } from '../lib/mail';
import { renderMail } from './render';
import type { MailTemplate } from './template';

/** Renders a template with its data and sends it to one address, through the product's one mail path. */
export async function sendTemplate<Data>(
  template: MailTemplate<Data>,
  to: string,
  data: Data,
): Promise<void> {
  await sendMail({ to, ...renderMail(template, data) });
}
