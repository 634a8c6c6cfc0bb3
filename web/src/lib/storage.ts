import type { User } from '@garage/contracts';

/** Where the session lives between visits (spec section 3: token and user in local storage). */
const TOKEN_KEY = 'token';
const USER_KEY = 'user';

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // private mode or storage disabled: the session then lasts one page view
  }
}

export const sessionStorageKeys = { token: TOKEN_KEY, user: USER_KEY } as const;

export function readStoredToken(): string | null {
  return safeStorage()?.getItem(TOKEN_KEY) ?? null;
}

export function readStoredUser(): User | null {
  const raw = safeStorage()?.getItem(USER_KEY);
  if (!raw) return null;
  try {
    const user = JSON.parse(raw) as User;
    return user && typeof user === 'object' && typeof user.id === 'number' ? user : null;
  } catch {
    return null;
  }
}

export function writeSession(token: string, user: User): void {
  const storage = safeStorage();
  storage?.setItem(TOKEN_KEY, token);
  storage?.setItem(USER_KEY, JSON.stringify(user));
}

export function writeStoredUser(user: User): void {
  safeStorage()?.setItem(USER_KEY, JSON.stringify(user));
}

/** The service worker's copy of API answers (src/service-worker.js, `API_CACHE`). */
export const OFFLINE_API_CACHE = 'garage-api';

export function clearSession(): void {
  const storage = safeStorage();
  storage?.removeItem(TOKEN_KEY);
  storage?.removeItem(USER_KEY);
  // What the last user saw (plans, addresses) is not left for the next one on this device.
  if (typeof caches !== 'undefined') void caches.delete(OFFLINE_API_CACHE).catch(() => undefined);
}
