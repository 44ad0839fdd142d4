import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

// What the application keeps on disk between runs: its installation id (made once, never changed:
// the website lists the machine under it) and the last statement the API gave it, which lets it work
// offline until the statement expires.

export interface KeptState {
  /** Random, made on first run; the machine's id for validate-license and the Devices view. */
  installationId: string;
  licenseKey?: string;
  /** The last valid statement (a JWT), for offline starts. */
  statement?: string;
  /**
   * Key endorsements learned from the API after rotations (trust.ts). Not trusted for being here: each
   * must chain to a key the application ships with, every time it is used.
   */
  keyEndorsements?: string[];
}

/** A JWK set of Ed25519 keys (GET /api/license-public-key publishes one; the application ships one). */
export interface PublishedKeys {
  keys: { kty?: string; crv?: string; x?: string; kid: string; alg: 'EdDSA'; use: 'sig' }[];
}

export interface StateStore {
  read(): Promise<KeptState>;
  write(state: KeptState): Promise<void>;
}

/** An installation id: 128 random bits, base64url (what validate-license's machine.id accepts). */
export const newInstallationId = (): string => randomBytes(16).toString('base64url');

/** A JSON file in the application's data folder; written whole and renamed, so a crash never leaves half a file. */
export function fileStore(file: string): StateStore {
  return {
    async read() {
      try {
        const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<KeptState>;
        if (typeof parsed.installationId === 'string' && parsed.installationId) return parsed as KeptState;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT' && !(error instanceof SyntaxError))
          throw error;
      }
      // First run (or an unreadable file): a new installation.
      const state: KeptState = { installationId: newInstallationId() };
      await this.write(state);
      return state;
    },
    async write(state) {
      await mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${process.pid}.tmp`;
      await writeFile(temp, JSON.stringify(state, null, 2), { mode: 0o600 });
      await rename(temp, file);
    },
  };
}
