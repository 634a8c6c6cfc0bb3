import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionStore } from '@/lib/auth';
import { json, mockFetch, renderScreen, signOutForTest, testUser } from '@/test/render';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

describe('LoginForm', () => {
  afterEach(() => signOutForTest());

  it('toggles the password between hidden and shown', async () => {
    mockFetch({});
    renderScreen(<LoginForm />, { path: '/login' });
    const password = screen.getByLabelText(/^Password/);
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it("shows the server's error text", async () => {
    mockFetch({ 'POST /api/auth/login': () => json({ error: 'Invalid email or password' }, 401) });
    renderScreen(<LoginForm />, { path: '/login' });
    await userEvent.type(screen.getByLabelText(/^Email/), 'pat@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
  });

  it("falls back to 'Login failed'", async () => {
    mockFetch({ 'POST /api/auth/login': () => new Response('', { status: 502 }) });
    renderScreen(<LoginForm />, { path: '/login' });
    await userEvent.type(screen.getByLabelText(/^Email/), 'pat@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
  });

  it('stores the session and returns to the page the visitor came from', async () => {
    const { calls } = mockFetch({ 'POST /api/auth/login': () => json({ token: 'jwt-1', user: testUser }) });
    const { router } = renderScreen(<LoginForm />, {
      path: '/login',
      routes: [{ path: '/my-items', element: <p>My items page</p> }],
    });
    await router.navigate('/login', { state: { from: '/my-items' } });
    await userEvent.type(screen.getByLabelText(/^Email/), ' pat@example.com ');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('My items page')).toBeInTheDocument();
    expect(calls[0].body).toEqual({ email: 'pat@example.com', password: 'secret1' });
    expect(window.localStorage.getItem('token')).toBe('jwt-1');
    expect(JSON.parse(window.localStorage.getItem('user')!)).toEqual(testUser);
    expect(sessionStore.get().status).toBe('authenticated');
  });
});

describe('RegisterForm', () => {
  afterEach(() => signOutForTest());

  it('shows the validation messages next to the fields and does not call the API', async () => {
    const { calls } = mockFetch({});
    renderScreen(<RegisterForm />, { path: '/register' });
    await userEvent.type(screen.getByLabelText(/^First Name/), 'Ada');
    await userEvent.type(screen.getByLabelText(/^Last Name/), 'Lovelace');
    await userEvent.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), '12345');
    await userEvent.type(screen.getByLabelText(/^Confirm Password/), '54321');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription(/Password must be at least 6 characters/);
    expect(screen.getByLabelText(/^Confirm Password/)).toHaveAccessibleDescription('Passwords do not match');
    expect(screen.getByLabelText(/^Confirm Password/)).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it("shows the server's field details and its message, then goes home on success", async () => {
    let attempt = 0;
    mockFetch({
      'POST /api/auth/register': () =>
        ++attempt === 1
          ? json({ error: 'Email already registered' }, 409)
          : json({ token: 'jwt-2', user: { ...testUser, firstName: 'Ada' } }, 201),
    });
    const { router } = renderScreen(<RegisterForm />, { path: '/register', routes: [{ path: '/', element: <p>Home page</p> }] });
    await userEvent.type(screen.getByLabelText(/^First Name/), 'Ada');
    await userEvent.type(screen.getByLabelText(/^Last Name/), 'Lovelace');
    await userEvent.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret1');
    await userEvent.type(screen.getByLabelText(/^Confirm Password/), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email already registered');

    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
