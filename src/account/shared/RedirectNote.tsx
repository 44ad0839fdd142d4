import React from 'react';
import { queryParam } from './query';

// What a page says when another page sent the user to it (?note=...), so a redirect never leaves them
// guessing what happened or what to do next. Only these texts can show: the query names one, it
// cannot carry its own words.
const redirectNotes = {
  signedUp: {
    kind: 'success',
    text: 'Your account is created. We sent you an email with a link to verify your address: open it, then sign in here.',
  },
  emailChanged: {
    kind: 'success',
    text: 'Your email address is changed, and you were signed out. We sent a link to the new address: open it to verify the address, then sign in with it.',
  },
  passwordChanged: {
    kind: 'success',
    text: 'Your password is changed, and you were signed out on every device. Sign in with your new password.',
  },
  twoFactorOn: {
    kind: 'success',
    text: 'Two-factor sign-in is on, and you were signed out on every device. Sign in with your password and a code from your authenticator app.',
  },
  twoFactorOff: {
    kind: 'success',
    text: 'Two-factor sign-in is off, and you were signed out on every device. Sign in with your password. You can remove Stockbench from your authenticator app.',
  },
  passkeyAdded: {
    kind: 'success',
    text: 'Passkey added, and you were signed out on every device. Sign in with your passkey, or with your password.',
  },
  passkeyRemoved: {
    kind: 'success',
    text: 'Passkey removed, and you were signed out on every device. It no longer signs you in: sign in with your password or another passkey.',
  },
  passkeysRemovedBySupport: {
    kind: 'success',
    text: 'Your passkeys are removed, as you asked support, and you were signed out on every device. Sign in with your password.',
  },
  signInFirst: {
    kind: 'notice',
    text: 'Sign in to open that page. You will be taken back to it.',
  },
  verifyFirst: {
    kind: 'notice',
    text: 'That page opens once your email address is verified. Open the link we emailed you, or sign in to get a new one.',
  },
  paid: {
    kind: 'success',
    text: 'Payment received. Thank you! Your licenses are below, ready to use in the application.',
  },
  cardUpdated: {
    kind: 'success',
    text: 'Your card is updated. It pays any open invoice now and every renewal from now on.',
  },
} as const;

export type RedirectNoteKey = keyof typeof redirectNotes;

/** The path with the note for the page it leads to. */
export function withNote(path: string, note: RedirectNoteKey): string {
  return `${path}${path.includes('?') ? '&' : '?'}note=${note}`;
}

export function RedirectNote() {
  const key = queryParam('note');
  if (!key || !Object.hasOwn(redirectNotes, key)) return null;
  const note = redirectNotes[key as RedirectNoteKey];
  return (
    <p className={`message message--${note.kind}`} role="status">
      {note.text}
    </p>
  );
}
