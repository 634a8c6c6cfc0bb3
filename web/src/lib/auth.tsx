import { useSyncExternalStore, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { AuthResponse, LoginBody, RegisterBody, User } from '@garage/contracts';
import { ApiError, api, configureApiClient } from './api-client';
import { clearSession, readStoredToken, readStoredUser, writeSession, writeStoredUser } from './storage';
import { Spinner } from '@/components/ui/spinner';

/**
 * The session: a token and the user, kept in local storage and in a small external store so the
 * API client (outside React) can end it on a 401 and every component sees the change at once.
 */

export type SessionStatus = 'resolving' | 'authenticated' | 'anonymous';

export interface SessionState {
  status: SessionStatus;
  token: string | null;
  user: User | null;
  /** True once the server refused the token (expired or revoked), until the next sign-in. */
  expired?: boolean;
}

/** Where a signed-out visitor is sent back to after signing in. */
export interface LoginRedirectState {
  from?: string;
  reason?: 'expired';
}

function initialState(): SessionState {
  const token = readStoredToken();
  const user = readStoredUser();
  if (!token) return { status: 'anonymous', token: null, user: null };
  // A stored token is checked against GET /api/users/me before signed-in-only screens render.
  return { status: 'resolving', token, user };
}

// Read from storage on first use, not while the app's code is evaluated: a page's first read of
// local storage loads the site's whole storage area (7-18 ms of main thread here), better spent in
// a task of its own (src/main.tsx) than inside the long one that evaluates the app.
let loaded: SessionState | null = null;
const current = (): SessionState => (loaded ??= initialState());
const listeners = new Set<() => void>();

function setState(next: SessionState) {
  loaded = next;
  listeners.forEach((listener) => listener());
}

export const sessionStore = {
  get: (): SessionState => current(),
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Test helper and boot hook: re-reads local storage. */
  reload(): void {
    setState(initialState());
  },
};

configureApiClient({
  getToken: () => current().token,
  // The session ends where the visitor is: a public page stays (as a visitor sees it), and a
  // signed-in-only page sends them to sign in through ProtectedRoute, told the session ended.
  onUnauthorized: () => {
    if (!current().token) return; // several calls may fail at once: sign out once
    clearSession();
    setState({ status: 'anonymous', token: null, user: null, expired: true });
  },
});

function signIn({ token, user }: AuthResponse): User {
  writeSession(token, user);
  setState({ status: 'authenticated', token, user });
  return user;
}

export async function login(body: LoginBody): Promise<User> {
  return signIn(await api.post<AuthResponse>('/api/auth/login', body, { auth: false }));
}

export async function register(body: RegisterBody): Promise<User> {
  return signIn(await api.post<AuthResponse>('/api/auth/register', body, { auth: false }));
}

export function logout(): void {
  clearSession();
  setState({ status: 'anonymous', token: null, user: null });
}

/** Replaces the user after the server changed it (profile saved, premium bought). */
export function setUser(user: User): void {
  if (!current().token) return;
  writeStoredUser(user);
  setState({ ...current(), status: 'authenticated', user });
}

/** GET /api/users/me: refreshes the stored user; a 401 ends the session through the client. */
export async function refreshUser(): Promise<User | null> {
  const token = current().token;
  if (!token) return null;
  try {
    const user = await api.get<User>('/api/users/me');
    if (current().token === token) setUser(user);
    return user;
  } catch (error) {
    if (current().token !== token) return null;
    if (error instanceof ApiError && error.status === 401) return null; // already signed out
    // Offline or server trouble: keep the stored user rather than signing out.
    if (current().user) setState({ ...current(), status: 'authenticated' });
    else logout();
    return current().user;
  }
}

/**
 * After a confirmed payment. Auth applies it a moment later (payments publishes
 * `payment.succeeded`, auth consumes it), so GET /api/users/me can still say "free" for a few
 * milliseconds: ask again briefly until it says premium. If it still lags, show the expiry the
 * confirmation answered with; the next refresh of the user replaces it with auth's own.
 */
export async function refreshUntilPremium(premiumExpiresAt: string, { attempts = 10, delayMs = 150 } = {}): Promise<User | null> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const user = await refreshUser();
    if (!user || user.isPremium) return user;
    await new Promise((resolve) => setTimeout(resolve, delayMs * (attempt + 1)));
  }
  const stored = current().user;
  if (!stored) return null;
  const user = { ...stored, isPremium: true, premiumExpiresAt };
  setUser(user);
  return user;
}

/**
 * What the prerendered pages were rendered with (web/scripts/prerender.ts): hydration starts from
 * the visitor's view, so it matches the HTML, and a signed-in user's view follows right after.
 */
const PRERENDERED_SESSION: SessionState = { status: 'anonymous', token: null, user: null };

export function useSession(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, () => PRERENDERED_SESSION);
}

/** The signed-in user, or null for a visitor (the stored user while the session resolves). */
export function useUser(): User | null {
  const session = useSession();
  return session.status === 'anonymous' ? null : session.user;
}

/** Signed-in-only routes: a spinner while the session resolves, else /login remembering the page. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'resolving') {
    return <Spinner label="Checking your session..." className="py-24" />;
  }
  if (session.status === 'anonymous' || !session.user) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    const state: LoginRedirectState = session.expired ? { from, reason: 'expired' } : { from };
    return <Navigate to="/login" replace state={state} />;
  }
  return <>{children}</>;
}
