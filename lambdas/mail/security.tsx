import React from 'react';
import { Action, P } from './layout';
import type { MailSite } from './template';

// What the security mails share: when the change happened, and the way back if it was not the owner.

/** What every security mail is sent with. */
export interface SecurityMailData {
  /** When it happened (ISO 8601; shown in UTC). */
  at: string;
  /** A link that ends every session of the account at once (/auth?mode=endSessions...). */
  endSessionsLink: string;
  /** The mail stands for several changes of the second factor, held back and collapsed into it. */
  collapsed?: boolean;
}

const DAY = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/** "November 25, 2026, 21:07 UTC": the minute matters to someone checking whether it was them. */
export const when = (iso: string): string => {
  const d = new Date(iso);
  const hh = String(d.getUTCHours()).padStart(2, '0');
  const mm = String(d.getUTCMinutes()).padStart(2, '0');
  return `${DAY.format(d)}, ${hh}:${mm} UTC`;
};

/** What a collapsed mail says first, per the setting it is about. */
const COLLAPSED = {
  'two-factor':
    'Two-factor sign-in was changed again after our last email about it (we send at most one email of each kind an hour about it). This email tells how it is set now.',
  passkeys:
    'Passkeys were added or removed again after our last email about them (we send at most one email of each kind an hour about them). The Passkeys section of your profile lists the ones that sign in to your account now.',
} as const;

/** "If this was not you": end every session, then what else to do. */
export function NotYou(props: {
  data: SecurityMailData;
  then: string;
  site: MailSite;
  /** What a collapsed mail is about (default: two-factor sign-in). */
  about?: keyof typeof COLLAPSED;
}) {
  return (
    <>
      {props.data.collapsed && <P>{COLLAPSED[props.about ?? 'two-factor']}</P>}
      <P>If you did not do this, someone else is signed in to your account. End every session now:</P>
      <Action href={props.data.endSessionsLink}>End every session</Action>
      <P>{props.then}</P>
    </>
  );
}

export const RESET_THEN = 'Then reset your password from the sign-in page.';
export const PASSKEY_THEN =
  'Then reset your password from the sign-in page, sign in, and remove under Passkeys on your profile every passkey you do not recognise: until it is removed, a passkey signs in whoever holds it.';
export const TURN_OFF_THEN =
  'Then reset your password from the sign-in page, and write to us from this address so we can turn two-factor sign-in off for you.';
