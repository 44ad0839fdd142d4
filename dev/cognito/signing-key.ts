import { createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// The local Cognito's signing key. cognito-local signs every token with a private key shipped inside
// its npm package, which anyone can read: a token forged with it would pass the local API's check.
// Cognito's keys are its own and unpublished, so each local stack makes one, kept in its data
// directory (a restart keeps sessions valid); cognito-local signs with it (cognito-local-key.ts) and
// the proxy re-signs with it where it corrects a token (auth-time.ts).

/** The stack's key (a PKCS#1 PEM) in `file`, made on first use. */
export function ensureSigningKey(file: string): string {
  if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { pem: string }).pem;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ pem }), { mode: 0o600 });
  return pem;
}

/** The key in `file` as Node's KeyObject (jose signs with it; its importPKCS8 reads no PKCS#1). */
export const signingKeyObject = (file: string): KeyObject => createPrivateKey(ensureSigningKey(file));
