import React from 'react';
import { Link } from 'gatsby';
import { siteConfig } from '../../config';

// What to do when an emailed link failed, so the page never ends at the error alone.

/** A reset link that failed (expired, used, mistyped): a new one is a click away. */
export function ResetLinkNextStep() {
  return (
    <p>
      <Link to="/reset-password">Request a new password reset email</Link>. Each email&apos;s link works once,
      for a limited time; use the most recent one.
    </p>
  );
}

/** A recovery link that failed: a used one did its work; otherwise support can help the owner. */
export function RecoveryLinkNextStep({ used }: { used: boolean }) {
  if (used) {
    return (
      <p>
        The address it restored is your account&apos;s email again: <Link to="/sign-in">sign in</Link> with
        it. If you cannot, <Link to="/reset-password">reset your password</Link>.
      </p>
    );
  }
  return (
    <p>
      If you changed the address yourself, nothing needs doing: <Link to="/sign-in">sign in</Link> with the
      new one. If someone else changed it and you cannot sign in, write to{' '}
      <a href={`mailto:${siteConfig.supportEmail}`}>{siteConfig.supportEmail}</a> from your previous address,
      and we will help you get the account back.
    </p>
  );
}
