import { createLocalJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { PublishedKeys } from './state';

// Checking a statement offline, as the application does at every start: signature with the published
// keys (the header's kid picks the key, so statements signed before a key rotation still verify),
// type, issuer, expiry, and that it is for this license on this machine.

const ISSUER = 'stockbench-license';
const TYPE = 'license+jwt';

export interface VerifiedStatement {
  sub: string;
  key: string;
  machine: string;
  tools: number[] | 'all';
  /** Epoch seconds: it stops working then. */
  exp: number;
}

export class StatementError extends Error {
  constructor(
    readonly reason: 'invalid' | 'expired' | 'other-machine' | 'unknown-key',
    message: string,
  ) {
    super(message);
    this.name = 'StatementError';
  }
}

const isTools = (v: unknown): v is VerifiedStatement['tools'] =>
  v === 'all' || (Array.isArray(v) && v.every((t) => Number.isInteger(t)));

export async function verifyStatement(
  token: string,
  published: PublishedKeys,
  expect: { key: string; machine: string },
  now: Date = new Date(),
): Promise<VerifiedStatement> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, createLocalJWKSet(published), {
      issuer: ISSUER,
      typ: TYPE,
      algorithms: ['EdDSA'],
      currentDate: now,
      requiredClaims: ['sub', 'exp'],
    }));
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ERR_JWT_EXPIRED') throw new StatementError('expired', 'The statement has expired.');
    if (code === 'ERR_JWKS_NO_MATCHING_KEY') {
      throw new StatementError('unknown-key', 'The statement names a key that is not published (yet).');
    }
    throw new StatementError('invalid', `The statement does not verify: ${(error as Error).message}`);
  }
  const { sub, key, machine, tools, exp } = payload;
  if (typeof sub !== 'string' || typeof key !== 'string' || typeof machine !== 'string' || !isTools(tools)) {
    throw new StatementError('invalid', 'The statement is missing a claim.');
  }
  if (key !== expect.key || machine !== expect.machine) {
    throw new StatementError('other-machine', 'The statement is for another license or machine.');
  }
  return { sub, key, machine, tools, exp: exp ?? 0 };
}
