import { emailRecoveryInfo as endpoint } from './contract';
import type { ApiEvent } from '../../lib/auth';
import { ok, apiHandler } from '../../lib/http';
import { requireUsableCode } from '../../lib/recovery-code';
import { parseJsonBody } from '../../lib/request';

// POST /api/email-recovery-info {code} (public; the one-time code is the secret): the addresses
// involved, for the /auth?mode=recoverEmail page to show before the user confirms. A POST, so the code
// never stands in a URL that CloudFront's or API Gateway's access logs keep.

export const handler = apiHandler(endpoint, async (event: ApiEvent) => {
  const { code } = parseJsonBody(event, endpoint.body);
  const rc = await requireUsableCode(code);
  return ok(endpoint, { email: rc.email, previousEmail: rc.previousEmail });
});
