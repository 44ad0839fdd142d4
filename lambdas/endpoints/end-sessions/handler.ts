import { endSessions as endpoint } from './contract';
import type { ApiEvent } from '../../lib/auth';
import { signOutEverywhere } from '../../lib/cognito';
import { RecoveryCodeError } from '../../lib/errors';
import { ok, apiHandler } from '../../lib/http';
import { getEndSessionCode, spendEndSessionCode } from '../../lib/repository/end-session-codes';
import { revokeTokens } from '../../lib/repository/sessions';
import { parseJsonBody } from '../../lib/request';

// POST /api/end-sessions {code} (public; the code is the secret): the link in a security mail
// ("two-factor sign-in was turned on", "your password was changed", ...) for when the owner did not do
// it. Every session of the account ends: Cognito revokes the refresh tokens, the BFF stops taking ID
// tokens issued before now, and a sign-in begun before now gets no tokens. Nothing else changes: the
// owner then resets the password, and support turns off a second factor the owner does not hold. The
// code is spent last, so a failure on the way can be retried with the same link.

export const handler = apiHandler(endpoint, async (event: ApiEvent) => {
  const { code } = parseJsonBody(event, endpoint.body);
  const record = await getEndSessionCode(code);
  if (!record) throw new RecoveryCodeError('invalid');
  if (record.usedAt) throw new RecoveryCodeError('used');
  await signOutEverywhere(record.username).catch((err: unknown) => {
    // The account was deleted meanwhile: it has no session left to end.
    if (!(err instanceof Error && err.name === 'UserNotFoundException')) throw err;
  });
  await revokeTokens(record.uid);
  if (!(await spendEndSessionCode(code))) throw new RecoveryCodeError('used');
  return ok(endpoint, { signedOut: true });
});
