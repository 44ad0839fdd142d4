import type { Config } from './config';
import { escapeHtml as escape, type Mail } from './mail';
import { NO_END_DATE } from './repository/licenses';

// The mails to a person a buyer gave a license to: the key and how to start, that it is no longer
// theirs (changed or taken back), and that it ends. Sent through sendMail like all product mail.

type Site = Pick<Config, 'siteUrl' | 'supportEmail'>;

const day = (iso: string): string =>
  new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** One mail from blocks: the text part joins their text; the HTML part is each block's own HTML, or its text escaped into a paragraph. */
function mail(to: string, subject: string, paragraphs: { text: string; html?: string }[]): Mail {
  return {
    to,
    subject,
    text: paragraphs.map((p) => p.text).join('\n\n'),
    html: paragraphs.map((p) => p.html ?? `<p>${escape(p.text)}</p>`).join(''),
  };
}

export interface AssignedLicense {
  to: string;
  buyerEmail: string;
  key: string;
  expirationDate: string;
}

export function assignedMail(license: AssignedLicense, site: Site): Mail {
  const signUp = `${site.siteUrl}/sign-up?email=${encodeURIComponent(license.to)}`;
  const signIn = `${site.siteUrl}/sign-in`;
  const term =
    license.expirationDate === NO_END_DATE
      ? `It renews every month while ${license.buyerEmail} pays for it.`
      : `It ends on ${day(license.expirationDate)}.`;
  return mail(license.to, 'A Stockbench license for you', [
    {
      text: `${license.buyerEmail} gave you a Stockbench license. It opens every research tool of the Stockbench desktop application. ${term}`,
    },
    {
      text: `Your license key: ${license.key}`,
      html: `<p>Your license key: <b>${escape(license.key)}</b></p>`,
    },
    {
      text:
        `To start:\n1. Create a Stockbench account with this address (${license.to}): ${signUp}\n` +
        `   If you have one already, sign in: ${signIn}\n` +
        `2. Verify the address with the link we email you.\n` +
        `3. In the desktop application, open License, sign in with this address and enter the key.\n` +
        `The key works only for the account with this address.`,
      html:
        `<p>To start:</p><ol><li><a href="${escape(signUp)}">Create a Stockbench account</a> with this address ` +
        `(${escape(license.to)}). If you have one already, <a href="${escape(signIn)}">sign in</a>.</li>` +
        `<li>Verify the address with the link we email you.</li>` +
        `<li>In the desktop application, open License, sign in with this address and enter the key.</li></ol>` +
        `<p>The key works only for the account with this address.</p>`,
    },
    { text: `Questions: ${site.supportEmail}` },
  ]);
}

export interface ReleasedLicense {
  to: string;
  buyerEmail: string;
  key: string;
}

/** To a former assignee: the buyer gave the license to someone else or took it back. */
export function releasedMail(license: ReleasedLicense, site: Site): Mail {
  return mail(license.to, 'Your Stockbench license was taken back', [
    {
      text: `${license.buyerEmail} took back the Stockbench license ${license.key} they had given you. It no longer works under your account: the desktop application stops accepting it at its next online check.`,
    },
    {
      text: `To keep using every tool, ask ${license.buyerEmail} for a license, or buy one at ${site.siteUrl}/pricing.`,
    },
    { text: `Questions: ${site.supportEmail}` },
  ]);
}

export interface EndingLicense {
  to: string;
  buyerEmail: string | undefined;
  key: string;
  /** ISO 8601 time the license ends (or ended). */
  endsAt: string;
}

/** To an assignee: the license they hold ends (removed, the subscription ended, the account closed). */
export function endingMail(license: EndingLicense, site: Site, now = Date.now()): Mail {
  const past = Date.parse(license.endsAt) <= now;
  const payer = license.buyerEmail ?? 'the account paying for it';
  return mail(license.to, past ? 'Your Stockbench license ended' : 'Your Stockbench license will end', [
    {
      text: past
        ? `The Stockbench license ${license.key} you hold ended on ${day(license.endsAt)}: ${payer} no longer pays for it.`
        : `The Stockbench license ${license.key} you hold ends on ${day(license.endsAt)}: ${payer} stopped renewing it. It works until then.`,
    },
    {
      text: `After that the desktop application opens the free tools only. To keep every tool, ask ${license.buyerEmail ?? 'your company'} for a license, or buy one at ${site.siteUrl}/pricing.`,
    },
    { text: `Questions: ${site.supportEmail}` },
  ]);
}
