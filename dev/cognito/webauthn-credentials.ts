import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';

// The passkeys the local Cognito keeps, in the proxy's state dir like its other JSON state
// (revocations.json, reset-required.json): per user of a pool, each credential's public key and sign
// counter (the replay check) with what ListWebAuthnCredentials shows.

export interface StoredCredential {
  /** base64url, as the browser names it. */
  credentialId: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports: string[];
  authenticatorAttachment?: string;
  friendlyName: string;
  relyingPartyId: string;
  /** Epoch seconds, as Cognito's JSON timestamps. */
  createdAt: number;
}

type State = Record<string, StoredCredential[]>;

const keyOf = (poolId: string, username: string) => `${poolId}/${username}`;

export class WebAuthnCredentials {
  private state: State = {};

  constructor(private readonly file: string) {
    try {
      this.state = JSON.parse(readFileSync(file, 'utf8')) as State;
    } catch {
      // First start: nobody has a passkey yet.
    }
  }

  list(poolId: string, username: string): readonly StoredCredential[] {
    return this.state[keyOf(poolId, username)] ?? [];
  }

  find(poolId: string, username: string, credentialId: string): StoredCredential | undefined {
    return this.list(poolId, username).find((c) => c.credentialId === credentialId);
  }

  /** Whether any user of the pool holds this credential (one authenticator key belongs to one account). */
  isTaken(poolId: string, credentialId: string): boolean {
    return Object.entries(this.state).some(
      ([key, list]) => key.startsWith(`${poolId}/`) && list.some((c) => c.credentialId === credentialId),
    );
  }

  async add(poolId: string, username: string, credential: StoredCredential): Promise<void> {
    const key = keyOf(poolId, username);
    this.state[key] = [...(this.state[key] ?? []), credential];
    await this.save();
  }

  async setCounter(poolId: string, username: string, credentialId: string, counter: number): Promise<void> {
    const found = this.find(poolId, username, credentialId);
    if (!found) return;
    found.counter = counter;
    await this.save();
  }

  /** False when the user has no such credential. */
  async remove(poolId: string, username: string, credentialId: string): Promise<boolean> {
    const key = keyOf(poolId, username);
    const before = this.state[key] ?? [];
    const after = before.filter((c) => c.credentialId !== credentialId);
    if (after.length === before.length) return false;
    this.state[key] = after;
    await this.save();
    return true;
  }

  private async save(): Promise<void> {
    await writeFile(this.file, JSON.stringify(this.state, null, 2));
  }
}
