import { TERMS_VERSION } from '../../../src/lib/terms-version';
import { acceptTerms as endpoint } from './contract';
import { getCaller, type ApiEvent } from '../../lib/auth';
import { apiHandler, conflict, ok } from '../../lib/http';
import { requireOwnAccount } from '../../lib/ownership';
import { recordTermsAcceptance } from '../../lib/repository/terms-acceptance';
import { parseJsonBody } from '../../lib/request';

// PUT /api/accept-terms {subscriptionId, version}: records that the buyer accepted this version of the
// Terms of Service for this checkout, and when, as the checkout page's Pay is selected (before the card
// is charged). Only the version the site shows now is taken; a page built before the terms changed is
// told so (409) and shows the new text on reload. The caller's own subscription only. One conditional
// write: a repeat keeps the first time.

export const handler = apiHandler(endpoint, async (event: ApiEvent) => {
  const caller = await getCaller(event);
  const body = parseJsonBody(event, endpoint.body);
  await requireOwnAccount(caller, { subscriptionId: body.subscriptionId });
  if (body.version !== TERMS_VERSION) {
    throw conflict(
      'TERMS_CHANGED',
      'Our Terms of Service changed since this page was loaded. Reload the page to read them before you pay.',
    );
  }
  const accepted = await recordTermsAcceptance(
    caller.sub,
    body.subscriptionId,
    body.version,
    new Date().toISOString(),
  );
  return ok(endpoint, accepted);
});
