import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, buildUrl, errorMessage } from './api-client';
import { logout, sessionStore } from './auth';
import { json, mockFetch, signInAs } from '@/test/render';

describe('api client', () => {
  beforeEach(() => {
    window.history.pushState({}, '', '/my-items?status=sold');
  });
  afterEach(() => {
    logout();
    window.history.pushState({}, '', '/');
  });

  it('sends the bearer token and JSON', async () => {
    signInAs();
    const { calls } = mockFetch({ 'POST /api/items': () => json({ id: 1 }, 201) });
    await expect(api.post('/api/items', { title: 'Lamp' })).resolves.toEqual({ id: 1 });
    expect(calls[0].headers.get('Authorization')).toBe('Bearer test-token');
    expect(calls[0].headers.get('Content-Type')).toBe('application/json');
    expect(calls[0].body).toEqual({ title: 'Lamp' });
  });

  it('leaves the token off calls marked auth: false', async () => {
    signInAs();
    const { calls } = mockFetch({ 'POST /api/auth/login': () => json({}) });
    await api.post('/api/auth/login', {}, { auth: false });
    expect(calls[0].headers.get('Authorization')).toBeNull();
  });

  it('signs out on a 401, marking the session as ended by the server', async () => {
    signInAs();
    mockFetch({ 'GET /api/items/my-items': () => json({ error: 'Invalid or expired token' }, 401) });
    const failure = await api.get('/api/items/my-items').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(401);
    expect(sessionStore.get()).toEqual({ status: 'anonymous', token: null, user: null, expired: true });
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
  });

  it('signs out once when several calls fail together', async () => {
    signInAs();
    const changes = vi.fn();
    const unsubscribe = sessionStore.subscribe(changes);
    mockFetch({ 'GET /api/sales': () => json({ error: 'expired' }, 401) });
    await Promise.allSettled([api.get('/api/sales'), api.get('/api/sales'), api.get('/api/sales')]);
    unsubscribe();
    expect(changes).toHaveBeenCalledTimes(1);
  });

  it('a 401 without a token (wrong password) does not end a session', async () => {
    mockFetch({ 'POST /api/auth/login': () => json({ error: 'Invalid email or password' }, 401) });
    const failure = await api.post('/api/auth/login', {}, { auth: false }).catch((error: unknown) => error);
    expect(errorMessage(failure, 'Login failed')).toBe('Invalid email or password');
    expect(sessionStore.get().expired).toBeUndefined();
  });

  it('turns validation details into field errors', async () => {
    mockFetch({
      'POST /api/sales': () =>
        json(
          {
            error: 'Validation failed',
            details: [
              { field: 'zipCode', message: 'ZIP must be 5 digits' },
              { field: 'zipCode', message: 'second message is ignored' },
              { field: 'state', message: 'State must be one of the 50 two-letter US codes' },
            ],
          },
          400,
        ),
    });
    const failure = (await api.post('/api/sales', {}).catch((error: unknown) => error)) as ApiError;
    expect(failure.status).toBe(400);
    expect(failure.serverMessage).toBe('Validation failed');
    expect(failure.fieldErrors).toEqual({
      zipCode: 'ZIP must be 5 digits',
      state: 'State must be one of the 50 two-letter US codes',
    });
  });

  it('uses the fallback text when the server sent none', async () => {
    mockFetch({ 'GET /api/sales/1': () => new Response('<html>Bad gateway</html>', { status: 502 }) });
    const failure = await api.get('/api/sales/1').catch((error: unknown) => error);
    expect(errorMessage(failure, 'Failed to load sale')).toBe('Failed to load sale');
  });

  it('reports a network failure as status 0', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const failure = (await api.get('/api/sales').catch((error: unknown) => error)) as ApiError;
    expect(failure.status).toBe(0);
  });

  it('answers undefined for 204', async () => {
    mockFetch({ 'DELETE /api/items/3': () => new Response(null, { status: 204 }) });
    await expect(api.delete('/api/items/3')).resolves.toBeUndefined();
  });

  it('leaves empty query values out', () => {
    expect(buildUrl('/api/sales', { radius: 25, startDate: '', endDate: undefined, latitude: null })).toBe('/api/sales?radius=25');
  });
});

describe('trace context', () => {
  it('starts a W3C trace for each call', async () => {
    const { newTraceparent } = await import('./api-client');
    const first = newTraceparent();
    expect(first).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(newTraceparent()).not.toBe(first);
  });
});
