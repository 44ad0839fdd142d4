import type { ApiEvent } from '../lib/auth';
import { ok, withErrors } from '../lib/http';
import { requireUsableCode } from '../lib/recovery-mail';
import { fields, parseQuery } from '../lib/request';
import * as z from 'zod/mini';

// GET /api/email-recovery?code (public; the one-time code is the secret): the addresses involved,
// for the /auth?mode=recoverEmail page to show before the user confirms.

const schema = z.strictObject({ code: fields.recoveryCode });

export const handler = withErrors(async (event: ApiEvent) => {
  const { code } = parseQuery(event, schema);
  const rc = await requireUsableCode(code);
  return ok({ email: rc.email, previousEmail: rc.previousEmail });
});
