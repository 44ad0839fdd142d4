import { randomBytes } from 'node:crypto';
import { apiError, expectStatus, request } from './http';
import { fail, type Report } from './report';
import type { Target } from './target';

// The end-sessions link of the security mails (POST /api/end-sessions), followed with a code nobody was
// sent: the route is there, public, and refuses it with 400 INVALID_ACTION_CODE, ending nothing.
export async function checkEndSessionsRefusesUnknownCode(target: Target, report: Report): Promise<void> {
  await report.check(
    'POST /api/end-sessions with an unknown code answers 400 INVALID_ACTION_CODE',
    async () => {
      const answer = await request(`${target.api}/end-sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code: randomBytes(24).toString('base64url') }),
      });
      expectStatus(answer, 400, 'end-sessions');
      const { code } = apiError(answer);
      if (code !== 'INVALID_ACTION_CODE')
        return fail(`answered 400 ${String(code)}, expected INVALID_ACTION_CODE`);
      return `400 ${code}`;
    },
  );
}
