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

/** "If this was not you": end every session, then what else to do. */
export function NotYou(props: { data: SecurityMailData; then: string; site: MailSite }) {
  return (
    <>
      {props.data.collapsed && (
        <P>
          Two-factor sign-in was changed again after our last email about it (we send at most one email of
          each kind an hour about it). This email tells how it is set now.
        </P>
      )}
      <P>If you did not do this, someone else is signed in to your account. End every session now:</P>
      <Action href={props.data.endSessionsLink}>End every session</Action>
      <P>{props.then}</P>
    </>
  );
}

export const RESET_THEN = 'Then reset your password from the sign-in page.';
export const TURN_OFF_THEN =
  'Then reset your password from the sign-in page, and write to us from this address so we can turn two-factor sign-in off for you.';
