import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { handlerCredentials } from './iam/principals';

/** The stack's generated secrets, kept in <dir>/secrets.json across restarts. */
export interface LocalSecrets {
  licenseSigningKey: string;
  stripeWebhookSecret: string;
  /** Seed of the admin's and every handler's AWS keys (dev/iam/policy.ts); added to older files on start. */
  iamSeed?: string;
}

export const secretsPath = (dir: string): string => path.join(dir, 'secrets.json');

/** The secrets of the stack whose state is in `dir` (written by startLocalStack). */
export async function readLocalSecrets(dir: string): Promise<LocalSecrets> {
  return JSON.parse(await readFile(secretsPath(path.resolve(dir)), 'utf8')) as LocalSecrets;
}

/** Each handler's own AWS keys for the stack whose secrets these are (startApiServer's `credentials`). */
export function localHandlerCredentials(secrets: LocalSecrets): ReturnType<typeof handlerCredentials> {
  if (!secrets.iamSeed)
    throw new Error('secrets.json has no iamSeed: start the stack once with this version');
  return handlerCredentials(secrets.iamSeed);
}
