import { afterEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { ProtectedRoute, refreshUntilPremium, refreshUser, sessionStore } from './auth';
import { writeSession } from './storage';
import { json, mockFetch, renderScreen, signInAs, signOutForTest, testUser } from '@/test/render';

const guarded = (
  <ProtectedRoute>
    <p>Secret page</p>
  </ProtectedRoute>
);

describe('session and protected routes', () => {
  afterEach(() => signOutForTest());

  it('sends a visitor to /login, remembering the page', async () => {
    const { router } = renderScreen(guarded, {
      path: '/my-sales',
      route: '/my-sales?page=2',
      routes: [{ path: '/login', element: <p>Login page</p> }],
    });
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: '/my-sales?page=2' });
  });

  it('shows a spinner while a stored session is being checked, then the page', async () => {
    writeSession('stored-token', testUser);
    sessionStore.reload();
    let answer!: (response: Response) => void;
    const { calls } = mockFetch({ 'GET /api/users/me': () => new Promise<Response>((resolve) => (answer = resolve)) });

    const refreshed = refreshUser();
    renderScreen(guarded, { path: '/my-sales' });
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session...');
    expect(screen.queryByText('Secret page')).not.toBeInTheDocument();
    expect(calls[0].headers.get('Authorization')).toBe('Bearer stored-token');

    await act(async () => {
      answer(json({ ...testUser, firstName: 'Patricia' }));
      await refreshed;
    });
    expect(screen.getByText('Secret page')).toBeInTheDocument();
    expect(sessionStore.get().user?.firstName).toBe('Patricia');
    expect(JSON.parse(window.localStorage.getItem('user')!).firstName).toBe('Patricia');
  });

  it('an expired stored token ends the session on load', async () => {
    writeSession('expired', testUser);
    sessionStore.reload();
    mockFetch({ 'GET /api/users/me': () => json({ error: 'Invalid or expired token' }, 401) });
    await refreshUser();
    expect(sessionStore.get().status).toBe('anonymous');
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('after the server refused the token, the login page is told the session ended', async () => {
    signInAs();
    mockFetch({ 'GET /api/users/me': () => json({ error: 'Invalid or expired token' }, 401) });
    await refreshUser();
    const { router } = renderScreen(guarded, { path: '/create-item', routes: [{ path: '/login', element: <p>Login page</p> }] });
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: '/create-item', reason: 'expired' });
  });

  it('keeps the stored user when the server cannot be reached', async () => {
    writeSession('stored-token', testUser);
    sessionStore.reload();
    mockFetch({ 'GET /api/users/me': () => json({ error: 'unavailable' }, 503) });
    await refreshUser();
    expect(sessionStore.get()).toMatchObject({ status: 'authenticated', user: testUser });
  });

  it('after a payment, asks for the user again until auth has made it premium', async () => {
    signInAs();
    const premium = { ...testUser, isPremium: true, premiumExpiresAt: '2031-06-01T00:00:00.000Z' };
    const answers = [testUser, testUser, premium];
    const { calls } = mockFetch({ 'GET /api/users/me': () => json(answers.shift() ?? premium) });
    await refreshUntilPremium('2031-06-01T00:00:00.000Z', { delayMs: 1 });
    expect(calls).toHaveLength(3);
    expect(sessionStore.get().user).toEqual(premium);
  });

  it('after a payment auth is slow to apply, shows the expiry the confirmation answered with', async () => {
    signInAs();
    const { calls } = mockFetch({ 'GET /api/users/me': () => json(testUser) });
    await refreshUntilPremium('2031-06-01T00:00:00.000Z', { attempts: 3, delayMs: 1 });
    expect(calls).toHaveLength(3);
    expect(sessionStore.get().user).toMatchObject({ id: testUser.id, isPremium: true, premiumExpiresAt: '2031-06-01T00:00:00.000Z' });
  });

  it('renders the page for a signed-in user', () => {
    signInAs();
    renderScreen(guarded, { path: '/my-sales' });
    expect(screen.getByText('Secret page')).toBeInTheDocument();
  });
});
