import { randomBytes } from 'node:crypto';

// The Session string of a sign-in challenge (InitiateAuth -> RespondToAuthChallenge), as Cognito keeps
// it: opaque, bound to the user and app client that passed the password step, valid for the client's
// auth session validity (3 minutes by default), good for one successful answer. cognito-local hands out
// a random UUID it never checks, so an answer naming any user, with any session, would be taken; the
// proxy hands out these instead and forwards cognito-local's own session only for a live one.

export interface Challenge {
  /** The user's Cognito username (cognito-local's USER_ID_FOR_SRP). */
  username: string;
  /** What the client typed at InitiateAuth (the email), also accepted as USERNAME in the answer. */
  loginName: string;
  clientId: string;
  challengeName: string;
  /** cognito-local's own session for this challenge. */
  upstreamSession: string;
}

/** Why a session cannot be answered; each is NotAuthorizedException in Cognito. */
export type SessionProblem = 'unknown' | 'expired' | 'used' | 'exhausted';

export const SESSION_MESSAGES: Record<SessionProblem, string> = {
  unknown: 'Invalid session for the user.',
  expired: 'Invalid session for the user, session is expired.',
  used: 'Invalid session for the user, session can only be used once.',
  exhausted: 'Invalid session for the user.',
};

interface Entry extends Challenge {
  expiresAt: number;
  wrongAnswers: number;
  used: boolean;
}

export interface ChallengeSessionOptions {
  /** Cognito's default auth session validity: 3 minutes. */
  ttlMs?: number;
  /** Wrong codes one session takes before it is void and the sign-in starts again with the password. */
  maxWrongAnswers?: number;
  /** The clock (tests move it instead of waiting). */
  now?: () => number;
}

const DEFAULT_CHALLENGE_TTL_MS = 3 * 60_000;
/** How long a spent session is remembered, to answer "expired" or "used" rather than "invalid". */
const REMEMBER_MS = 10 * 60_000;

export class ChallengeSessions {
  private readonly entries = new Map<string, Entry>();
  private readonly ttlMs: number;
  private readonly maxWrongAnswers: number;
  private readonly now: () => number;

  constructor(opts: ChallengeSessionOptions = {}) {
    this.ttlMs = opts.ttlMs ?? DEFAULT_CHALLENGE_TTL_MS;
    this.maxWrongAnswers = opts.maxWrongAnswers ?? 3;
    this.now = opts.now ?? Date.now;
  }

  /** A new session for this challenge: an opaque string (Cognito's are 20 to 2048 characters). */
  open(challenge: Challenge): string {
    this.forgetOld();
    const id = randomBytes(96).toString('base64url');
    this.entries.set(id, { ...challenge, expiresAt: this.now() + this.ttlMs, wrongAnswers: 0, used: false });
    return id;
  }

  /** The challenge a session stands for, or why it cannot be answered. */
  check(id: unknown): { challenge: Challenge } | { problem: SessionProblem } {
    const entry = typeof id === 'string' ? this.entries.get(id) : undefined;
    if (!entry) return { problem: 'unknown' };
    if (entry.used) return { problem: 'used' };
    if (this.now() >= entry.expiresAt) return { problem: 'expired' };
    if (entry.wrongAnswers >= this.maxWrongAnswers) return { problem: 'exhausted' };
    const { username, loginName, clientId, challengeName, upstreamSession } = entry;
    return { challenge: { username, loginName, clientId, challengeName, upstreamSession } };
  }

  /** A wrong answer: the session stays until it has taken `maxWrongAnswers` of them. */
  wrongAnswer(id: string): void {
    const entry = this.entries.get(id);
    if (entry) entry.wrongAnswers += 1;
  }

  /** Answered: the session cannot be used again. */
  spend(id: string): void {
    const entry = this.entries.get(id);
    if (entry) entry.used = true;
  }

  private forgetOld(): void {
    const now = this.now();
    for (const [id, entry] of this.entries) {
      if (now >= entry.expiresAt + REMEMBER_MS) this.entries.delete(id);
    }
  }
}
