import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';

// Token revocation that cognito-local lacks (GlobalSignOut, AdminUserGlobalSignOut, RevokeToken).
// A user signed out globally at time T loses every token issued at or before T. Tokens this proxy
// handed out have their issue time recorded to the millisecond; others fall back to their `iat`
// (whole seconds), which errs on the side of revoking.

interface State {
  /** Username -> epoch ms of the last global sign-out. */
  users: Record<string, number>;
  /** jti of single revoked refresh tokens (RevokeToken). */
  tokens: Record<string, true>;
}

export interface TokenFacts {
  username: string;
  jti?: string;
  iat?: number;
}

export class Revocations {
  private state: State = { users: {}, tokens: {} };
  private readonly issued = new Map<string, number>();

  constructor(private readonly file: string) {
    try {
      this.state = { ...this.state, ...(JSON.parse(readFileSync(file, 'utf8')) as Partial<State>) };
    } catch {
      // First start: nothing revoked yet.
    }
  }

  recordIssued(jti: string | undefined): void {
    if (jti) this.issued.set(jti, Date.now());
  }

  async revokeUser(username: string): Promise<void> {
    this.state.users[username] = Date.now();
    await this.save();
  }

  async revokeToken(jti: string): Promise<void> {
    this.state.tokens[jti] = true;
    await this.save();
  }

  isRevoked(token: TokenFacts): boolean {
    if (token.jti && this.state.tokens[token.jti]) return true;
    const revokedAt = this.state.users[token.username];
    if (revokedAt === undefined) return false;
    const issuedAt = (token.jti && this.issued.get(token.jti)) || (token.iat ?? 0) * 1000;
    return issuedAt <= revokedAt;
  }

  private async save(): Promise<void> {
    await writeFile(this.file, JSON.stringify(this.state, null, 2));
  }
}
