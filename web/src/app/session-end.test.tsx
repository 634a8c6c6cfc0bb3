import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { refreshUser, sessionStore } from '@/lib/auth';
import { writeSession } from '@/lib/storage';
import { json, mockFetch, signOutForTest, testUser } from '@/test/render';

// The whole app on its real (browser) router, opened at an address as a visitor would.
async function openApp(path: string) {
  window.history.pushState({}, '', path);
  const { App } = await import('./app');
  const { createAppRouter } = await import('./router');
  return render(<App router={createAppRouter()} />);
}

describe('a stored token the server refuses', () => {
  afterEach(() => {
    signOutForTest();
    window.history.pushState({}, '', '/');
  });

  it('on a public page signs the visitor out and leaves them on that page', async () => {
    writeSession('forged-token', testUser);
    sessionStore.reload();
    mockFetch({ 'GET /api/users/me': () => json({ error: 'Invalid or expired token' }, 401) });
    await openApp('/help');
    // Screens are lazy chunks: on a busy machine the first one takes a while to load.
    expect(await screen.findByRole('heading', { level: 1, name: /How (it|Garage) works|Help/i }, { timeout: 5000 })).toBeInTheDocument();

    await refreshUser();
    expect(sessionStore.get().status).toBe('anonymous');
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.location.pathname).toBe('/help');
    expect((await screen.findAllByRole('link', { name: 'Sign In' }, { timeout: 5000 })).length).toBeGreaterThan(0);
  });

  it('on a signed-in-only page sends them to sign in, told the session ended', async () => {
    writeSession('forged-token', testUser);
    sessionStore.reload();
    mockFetch({ 'GET /api/users/me': () => json({ error: 'Invalid or expired token' }, 401) });
    await openApp('/profile');
    await refreshUser();
    expect(await screen.findByText('Your session has ended. Please sign in again.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
  });
});
