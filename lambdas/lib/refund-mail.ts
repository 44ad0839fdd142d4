import type { Config } from './config';
import { escapeHtml as escape, type Mail } from './mail';

// The confirmation of a refund under the satisfaction guarantee: how much went back, to what, and what
// ended with it. Sent once per refund (request-refund claims it on the refund's record).

export interface RefundConfirmation {
  to: string;
  /** In the smallest unit of `currency`. */
  amount: number;
  currency: string;
  /** Epoch seconds. */
  refundedAt: number;
  /** The subscription's licenses, ended with the refund. */
  licenses: number;
}

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);

const day = (epoch: number) =>
  new Date(epoch * 1000).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

export function refundConfirmationMail(
  r: RefundConfirmation,
  site: Pick<Config, 'siteUrl' | 'supportEmail'>,
): Mail {
  const amount = money(r.amount, r.currency);
  const licenses = r.licenses === 1 ? 'its license' : `its ${r.licenses} licenses`;
  const buyAgain = `${site.siteUrl}/licenses`;
  const paragraphs: { text: string; html?: string }[] = [
    {
      text: `We refunded ${amount} to the card you paid with, under the Stockbench satisfaction guarantee, on ${day(r.refundedAt)}. That is every payment of your subscription.`,
      html: `<p>We refunded <b>${escape(amount)}</b> to the card you paid with, under the Stockbench satisfaction guarantee, on ${escape(day(r.refundedAt))}. That is every payment of your subscription.</p>`,
    },
    {
      text: 'Your bank shows the refund on your card statement once it has processed it, which some banks take several business days to do.',
    },
    {
      text: `Your subscription and ${licenses} ended with the refund. The desktop application goes back to the free tools at its next license check.`,
    },
    {
      text: `The free tools stay free, with no account needed. If you want all the tools again later, you can buy licenses on the Licenses page: ${buyAgain}`,
      html: `<p>The free tools stay free, with no account needed. If you want all the tools again later, you can buy licenses on the <a href="${escape(buyAgain)}">Licenses page</a>.</p>`,
    },
    { text: `Questions: ${site.supportEmail}` },
  ];
  return {
    to: r.to,
    subject: `Your Stockbench refund of ${amount}`,
    text: paragraphs.map((p) => p.text).join('\n\n'),
    html: paragraphs.map((p) => p.html ?? `<p>${escape(p.text)}</p>`).join(''),
  };
}
