import React, {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { Hub } from 'aws-amplify/utils';
import { navigate } from 'gatsby';
import { readSession, type Session, type SessionUser } from './session';
import { endsSession, refreshDelay, retryDelay } from './session-refresh';
import { signingOut, signOutUser } from './sign-out';
import { configureAmplify } from './amplify-config';
import { onPasskeyRemovalPending, onSessionRevoked } from '../api-client/client';

type AuthState = { status: 'loading' } | { status: 'signedOut' } | { status: 'signedIn'; user: SessionUser };

interface AuthContextValue {
  state: AuthState;
  /** Reads the session again (after a sign-in, an email change, a forced refresh). */
  reload: (forceRefresh?: boolean) => Promise<void>;
  /** The BFF refuses the account until support's removal of its passkeys is finished (PasskeyRemovalGate). */
  passkeyRemovalPending: boolean;
}

const AuthContext = createContext<AuthContextValue>({
  state: { status: 'loading' },
  reload: () => Promise.resolve(),
  passkeyRemovalPending: false,
});

export const useAuth = (): AuthContextValue => useContext(AuthContext);

async function endSession(): Promise<void> {
  // A sign-out under way (a change of password or second factor) ends it and goes to its own page.
  if (signingOut()) return;
  await signOutUser().catch(() => undefined);
  await navigate('/sign-in');
}

/** The session for account pages: read from Amplify, refreshed ahead of expiry, ended when it cannot be. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null | undefined>(undefined);
  const [passkeyRemovalPending, setPasskeyRemovalPending] = useState(false);

  const reload = useCallback(
    (forceRefresh = false) =>
      readSession(forceRefresh).then(setSession, async (error: unknown) => {
        if (endsSession(error)) await endSession();
        setSession(null);
      }),
    [],
  );

  useEffect(() => {
    configureAmplify();
    readSession().then(setSession, async (error: unknown) => {
      if (endsSession(error)) await endSession();
      setSession(null);
    });
    // A session the BFF reports revoked (signed out everywhere) ends here too.
    onSessionRevoked(() => void endSession());
    // Any account call may be the first to hear that support is removing the passkeys.
    onPasskeyRemovalPending(() => setPasskeyRemovalPending(true));
    // Amplify reports a refresh that failed while it refreshed on its own (an API call found the token
    // expired): the session ends only when it cannot come back; a network failure is tried again.
    const stopListening = Hub.listen('auth', ({ payload }) => {
      if (payload.event === 'tokenRefresh_failure' && endsSession(payload.data?.error)) void endSession();
    });
    return () => {
      onSessionRevoked(undefined);
      onPasskeyRemovalPending(undefined);
      stopListening();
    };
  }, []);

  // Refresh about 5 minutes before expiry; on failure retry with backoff; sign out when it cannot succeed.
  const expiresAt = session?.expiresAt;
  useEffect(() => {
    if (!expiresAt) return;
    let timer: ReturnType<typeof setTimeout>;
    let attempt = 0;
    const refresh = async () => {
      try {
        const next = await readSession(true);
        // No session after a refresh: Amplify dropped the tokens (a disabled user, a revoked token).
        if (next) setSession(next);
        else void endSession();
      } catch (error) {
        if (endsSession(error)) return void endSession();
        timer = setTimeout(() => void refresh(), retryDelay(attempt++));
      }
    };
    timer = setTimeout(() => void refresh(), refreshDelay(expiresAt));
    return () => clearTimeout(timer);
  }, [expiresAt]);

  const value = useMemo<AuthContextValue>(() => {
    const state: AuthState =
      session === undefined
        ? { status: 'loading' }
        : session === null
          ? { status: 'signedOut' }
          : { status: 'signedIn', user: session.user };
    return { state, reload, passkeyRemovalPending };
  }, [session, reload, passkeyRemovalPending]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
