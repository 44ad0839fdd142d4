import type { AccountSummary } from '../lambdas/endpoints/get-account-summary/contract';
import type { Session } from './sign-in';

// What the desktop application shows once someone signs in (GET /api/get-account-summary): their
// address, their subscription, the licenses they can use here and those they gave to other people.
// The session's ID token alone says whose account it is.

export type { AccountSummary };

export class AccountSummaryError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
  ) {
    super(`the account summary was refused (${status}${code ? ` ${code}` : ''})`);
  }
}

/** The signed-in person's account; an AccountSummaryError when the API refuses (401: sign in again). */
export async function fetchAccountSummary(api: string, session: Session): Promise<AccountSummary> {
  const res = await fetch(`${api}/get-account-summary`, {
    headers: { authorization: `Bearer ${session.idToken}` },
  });
  if (res.status !== 200) {
    const body = (await res.json().catch(() => undefined)) as { error?: { code?: string } } | undefined;
    throw new AccountSummaryError(res.status, body?.error?.code);
  }
  return (await res.json()) as AccountSummary;
}
