import { createHash } from 'node:crypto';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { CognitoError } from './cognito-error';

// The WebAuthn checks that Cognito answers with exceptions of its own, run before the library's full
// verification so the answer carries that name, and the shape checks of what a client sends.

/** Whether a page's origin belongs to the relying party: its host or a subdomain, over https (localhost may use http). */
export function originAllowed(origin: string, rpId: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  const host = url.hostname;
  if (host !== rpId && !host.endsWith(`.${rpId}`)) return false;
  return (
    url.protocol === 'https:' ||
    (url.protocol === 'http:' && (host === 'localhost' || host.endsWith('.localhost')))
  );
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function registrationResponse(value: unknown): RegistrationResponseJSON {
  const response = isObject(value) ? value.response : undefined;
  if (
    !isObject(value) ||
    typeof value.id !== 'string' ||
    typeof value.rawId !== 'string' ||
    value.type !== 'public-key' ||
    !isObject(response) ||
    typeof response.clientDataJSON !== 'string' ||
    typeof response.attestationObject !== 'string'
  ) {
    throw new CognitoError('InvalidParameterException', 'Credential is not a valid RegistrationResponseJSON');
  }
  return value as unknown as RegistrationResponseJSON;
}

export function authenticationResponse(value: unknown): AuthenticationResponseJSON | undefined {
  let parsed: unknown;
  try {
    parsed = typeof value === 'string' ? JSON.parse(value) : undefined;
  } catch {
    return undefined;
  }
  const response = isObject(parsed) ? parsed.response : undefined;
  if (
    !isObject(parsed) ||
    typeof parsed.id !== 'string' ||
    typeof parsed.rawId !== 'string' ||
    parsed.type !== 'public-key' ||
    !isObject(response) ||
    typeof response.clientDataJSON !== 'string' ||
    typeof response.authenticatorData !== 'string' ||
    typeof response.signature !== 'string'
  ) {
    return undefined;
  }
  return parsed as unknown as AuthenticationResponseJSON;
}

/** Whether authenticator data was made for this relying party (its rpIdHash is SHA-256 of the id). */
export const madeForRp = (rpIdHash: Uint8Array, rpId: string): boolean =>
  createHash('sha256').update(rpId).digest().equals(Buffer.from(rpIdHash));
