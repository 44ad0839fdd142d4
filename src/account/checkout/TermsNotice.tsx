import React from 'react';
import { Link } from 'gatsby';
import { formatLongDate } from '../../lib/dates';
import { TERMS_VERSION } from '../../lib/terms-version';

/** Under Pay: what selecting it agrees to, with the terms' version (recorded by accept-terms). */
export function TermsNotice({ id }: { id: string }) {
  return (
    <p className="terms-notice" id={id}>
      By selecting Pay, you agree to the <Link to="/terms">Terms of Service</Link> (version of{' '}
      {formatLongDate(TERMS_VERSION)}), including the satisfaction guarantee and that the subscription renews
      every month until you cancel it.
    </p>
  );
}
