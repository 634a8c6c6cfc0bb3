import { expect } from '@jest/globals';

/** One JSON call through the gateway: its status, body (parsed when JSON), headers and time. */
export interface GatewayAnswer {
  status: number;
  body: any;
  headers: Headers;
  ms: number;
}

/**
 * What these tests do through the real gateway, as a client would: any call, a new member, a
 * premium membership through the simulated provider. `url` is read at each call (the gateway
 * starts in `beforeAll`); `name` tells the test's members apart in its own database rows.
 */
export function gatewayClient(url: () => string, name: { firstName: string; lastName: string }) {
  async function api(
    method: string,
    path: string,
    options: { body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<GatewayAnswer> {
    const started = performance.now();
    const response = await fetch(`${url()}${path}`, {
      method,
      headers: { ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}), ...options.headers },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    });
    const text = await response.text();
    const ms = performance.now() - started;
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON (a calendar file) */
    }
    return { status: response.status, body, headers: response.headers, ms };
  }

  let counter = 0;
  async function register(): Promise<{ token: string; userId: number; auth: { authorization: string } }> {
    counter += 1;
    const response = await api('POST', '/api/auth/register', {
      body: {
        firstName: name.firstName,
        lastName: `${name.lastName}${counter}`,
        email: `${name.lastName.toLowerCase()}-${Date.now()}-${counter}@example.com`,
        password: 'correct-horse',
      },
    });
    expect(response.status).toBe(201);
    const { token, user } = response.body as { token: string; user: { id: number } };
    return { token, userId: user.id, auth: { authorization: `Bearer ${token}` } };
  }

  /** Premium now; answers the paid-through date. */
  async function premium(auth: { authorization: string }): Promise<string> {
    const intent = await api('POST', '/api/payments/subscribe', { headers: auth });
    expect(intent.status).toBe(200);
    const confirmed = await api('POST', '/api/payments/confirm-subscription', {
      headers: auth,
      body: { paymentIntentId: intent.body.paymentIntentId },
    });
    expect(confirmed.status).toBe(200);
    return confirmed.body.premiumExpiresAt;
  }

  return { api, register, premium };
}
