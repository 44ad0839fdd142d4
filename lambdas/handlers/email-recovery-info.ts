import type { ApiEvent } from '../lib/auth';
import { ok, withErrors } from '../lib/http';
import { requireUsableCode } from '../lib/recovery-mail';
import { fields, parseJsonBody } from '../lib/request';
import * as z from 'zod/mini';

// POST /api/email-recovery-info {code} (public; the one-time code is the secret): the addresses
// involved, for the /auth?mode=recoverEmail page to show before the user confirms. A POST, so the code
// never stands in a URL that CloudFront's or API Gateway's access logs keep.

const schema = z.strictObject({ code: fields.recoveryCode });

export const handler = withErrors(async (event: ApiEvent) => {
  const { code } = parseJsonBody(event, schema);
  const rc = await requireUsableCode(code);
  return ok({ email: rc.email, previousEmail: rc.previousEmail });
});
