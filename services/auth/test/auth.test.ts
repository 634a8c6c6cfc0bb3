import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { AnyEvent } from '@garage/contracts';
import { developmentKeys, startService, type RunningService } from '@garage/service-kit';
import { forgedTokens, serviceTestEnv, testBus, waitFor, type ServiceTestEnv, type TestBus } from '@garage/testing';
import { authService } from '../src/index.js';
import { PasswordHasher } from '../src/accounts/password-hasher.js';

let testEnv: ServiceTestEnv;
let auth: RunningService<unknown>;
let listener: TestBus;
let events: AnyEvent[];
let ipCounter = 0;
/** Each test speaks from its own address, so the per-IP limits of one test do not touch another. */
const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

const api = () => request(auth.url);
const newUser = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: `ada.${Math.random().toString(36).slice(2)}@example.com`,
  password: 'analytical',
  ...overrides,
});

beforeAll(async () => {
  testEnv = await serviceTestEnv();
  auth = await startService(authService, { env: testEnv.env });
  listener = await testBus(testEnv.env, { listen: ['user.*'] });
  events = listener.received;
});

afterAll(async () => {
  await listener.close();
  await auth.close();
  await testEnv.cleanup();
});

describe('POST /api/auth/register', () => {
  it('creates the account, answers 201 with a token and the user, and publishes user.registered', async () => {
    const body = newUser({ phone: ' (555) 123-4567 ' });
    const response = await api().post('/api/auth/register').set('x-forwarded-for', freshIp()).send(body).expect(201);
    expect(typeof response.body.token).toBe('string');
    expect(response.body.user).toEqual({
      id: expect.any(Number),
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: body.email,
      phone: '(555) 123-4567',
      isPremium: false,
      premiumExpiresAt: null,
      rating: 0,
      ratingCount: 0,
    });
    expect(JSON.stringify(response.body)).not.toMatch(/argon2|password/i);
    const event = await waitFor(() => events.find((e) => e.type === 'user.registered' && e.data.id === response.body.user.id));
    expect(event.version).toBe(1);
    expect(event.data).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', phone: '(555) 123-4567' });
  });

  it('refuses an email already registered in another case with 409', async () => {
    const body = newUser();
    await api().post('/api/auth/register').set('x-forwarded-for', freshIp()).send(body).expect(201);
    const response = await api()
      .post('/api/auth/register')
      .set('x-forwarded-for', freshIp())
      .send({ ...body, email: body.email.toUpperCase() })
      .expect(409);
    expect(response.body).toEqual({ error: 'Email already registered' });
  });

  it.each([
    ['firstName', { firstName: '' }, 'First name is required'],
    ['lastName', { lastName: undefined }, 'Last name is required'],
    ['email', { email: 'not-an-email' }, 'Enter a valid email address'],
    ['password', { password: '12345' }, 'Password must be at least 6 characters'],
  ])('answers 400 naming %s when it is invalid', async (field, overrides, message) => {
    const response = await api().post('/api/auth/register').set('x-forwarded-for', freshIp()).send(newUser(overrides)).expect(400);
    expect(response.body.error).toBe(message);
    expect(response.body.details).toContainEqual({ field, message });
  });

  it('answers 400 to malformed JSON, never 500', async () => {
    const response = await api().post('/api/auth/register').set('content-type', 'application/json').send('{"firstName":').expect(400);
    expect(typeof response.body.error).toBe('string');
  });

  it('limits registration attempts to 20 per IP per hour with 429 and Retry-After', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i += 1) {
      await api().post('/api/auth/register').set('x-forwarded-for', ip).send(newUser()).expect(201);
    }
    const response = await api().post('/api/auth/register').set('x-forwarded-for', ip).send(newUser()).expect(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(response.body.error).toMatch(/Too many/);
    await api().post('/api/auth/register').set('x-forwarded-for', freshIp()).send(newUser()).expect(201);
  });
});

describe('POST /api/auth/login', () => {
  const account = newUser();
  beforeAll(async () => {
    await api().post('/api/auth/register').set('x-forwarded-for', freshIp()).send(account).expect(201);
  });

  it('signs in with the email in any case', async () => {
    const response = await api()
      .post('/api/auth/login')
      .set('x-forwarded-for', freshIp())
      .send({ email: account.email.toUpperCase(), password: account.password })
      .expect(200);
    expect(response.body.user.email).toBe(account.email);
    await api().get('/api/users/me').set('authorization', `Bearer ${response.body.token}`).expect(200);
  });

  it('gives one answer for a wrong password and an unknown email', async () => {
    const wrong = await api()
      .post('/api/auth/login')
      .set('x-forwarded-for', freshIp())
      .send({ email: account.email, password: 'wrong-password' })
      .expect(401);
    const unknown = await api()
      .post('/api/auth/login')
      .set('x-forwarded-for', freshIp())
      .send({ email: 'nobody@example.com', password: 'whatever' })
      .expect(401);
    expect(wrong.body).toEqual({ error: 'Invalid email or password' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('blocks an email after 10 failures with 429 and Retry-After, even with the right password', async () => {
    const victim = newUser();
    await api().post('/api/auth/register').set('x-forwarded-for', freshIp()).send(victim).expect(201);
    for (let i = 0; i < 10; i += 1) {
      await api()
        .post('/api/auth/login')
        .set('x-forwarded-for', freshIp())
        .send({ email: victim.email, password: 'bad-guess' })
        .expect(401);
    }
    const blocked = await api()
      .post('/api/auth/login')
      .set('x-forwarded-for', freshIp())
      .send({ email: victim.email, password: victim.password })
      .expect(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
  });

  it('blocks an IP after 50 failures across emails', async () => {
    const ip = freshIp();
    for (let i = 0; i < 50; i += 1) {
      await api()
        .post('/api/auth/login')
        .set('x-forwarded-for', ip)
        .send({ email: `probe${i}@example.com`, password: 'x' })
        .expect(401);
    }
    await api().post('/api/auth/login').set('x-forwarded-for', ip).send({ email: account.email, password: account.password }).expect(429);
    await api()
      .post('/api/auth/login')
      .set('x-forwarded-for', freshIp())
      .send({ email: account.email, password: account.password })
      .expect(200);
  });

  describe('30 sign-ins for one email at once', () => {
    /**
     * Counts the password checks and holds each one until every request has either reached its
     * check or been answered, so no early answer can free a slot for a latecomer.
     */
    async function race(email: string, passwordOf: (i: number) => string) {
      const hasher = auth.app.get(PasswordHasher);
      const original = hasher.verify.bind(hasher);
      let checks = 0;
      let answered = 0;
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      hasher.verify = async (hash, password) => {
        checks += 1;
        await gate;
        return original(hash, password);
      };
      try {
        const requests = Array.from({ length: 30 }, (_, i) =>
          api()
            .post('/api/auth/login')
            .set('x-forwarded-for', freshIp())
            .send({ email, password: passwordOf(i) })
            .then((response) => {
              answered += 1;
              return response;
            }),
        );
        await waitFor(() => checks + answered === 30, 20_000, 'every sign-in to be checked or answered');
        release();
        const responses = await Promise.all(requests);
        return { checks, responses };
      } finally {
        release();
        hasher.verify = original;
      }
    }

    it('check at most 10 wrong passwords; the rest are 429 with Retry-After', async () => {
      const victim = newUser();
      await api().post('/api/auth/register').set('x-forwarded-for', freshIp()).send(victim).expect(201);
      const { checks, responses } = await race(victim.email, () => 'bad-guess');
      expect(checks).toBe(10);
      expect(responses.filter((response) => response.status === 401)).toHaveLength(10);
      const refused = responses.filter((response) => response.status === 429);
      expect(refused).toHaveLength(20);
      for (const response of refused) expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      await api().post('/api/auth/login').set('x-forwarded-for', freshIp()).send(victim).expect(429);
    });

    it('check at most 10 even when one guess is right: it is 200 only if it was among them', async () => {
      const victim = newUser();
      await api().post('/api/auth/register').set('x-forwarded-for', freshIp()).send(victim).expect(201);
      const right = 17;
      const { checks, responses } = await race(victim.email, (i) => (i === right ? victim.password : `bad-guess-${i}`));
      expect(checks).toBe(10);
      for (const response of responses) expect([200, 401, 429]).toContain(response.status);
      expect(responses.filter((response) => response.status !== 429)).toHaveLength(10);
      expect([200, 429]).toContain(responses[right]!.status);
    });
  });

  describe('one email, one key: İ, ß and full-width letters', () => {
    const ascii = newUser({ email: `victim.${Date.now()}@example.com` });
    const sharp = newUser({ email: `straße.${Date.now()}@example.com` });
    beforeAll(async () => {
      await api().post('/api/auth/register').set('x-forwarded-for', freshIp()).send(ascii).expect(201);
      await api().post('/api/auth/register').set('x-forwarded-for', freshIp()).send(sharp).expect(201);
    });
    const dotted = () => ascii.email.replace('victim', 'vİctim');
    const fullWidth = () => ascii.email.replace('victim', 'ｖｉｃｔｉｍ');

    it('signs in with any spelling of the address', async () => {
      for (const email of [dotted(), fullWidth(), ascii.email.replace('victim', 'VICTIM')]) {
        const response = await api()
          .post('/api/auth/login')
          .set('x-forwarded-for', freshIp())
          .send({ email, password: ascii.password })
          .expect(200);
        expect(response.body.user.email).toBe(ascii.email);
      }
      await api()
        .post('/api/auth/login')
        .set('x-forwarded-for', freshIp())
        .send({ email: sharp.email.replace('straße', 'STRASSE'), password: sharp.password })
        .expect(200);
    });

    it('refuses to register a variant of an existing address with 409', async () => {
      for (const email of [dotted(), fullWidth(), ascii.email.replace('victim', 'vıctim'), sharp.email.replace('straße', 'strasse')]) {
        const response = await api().post('/api/auth/register').set('x-forwarded-for', freshIp()).send(newUser({ email })).expect(409);
        expect(response.body).toEqual({ error: 'Email already registered' });
      }
    });

    it('counts failures of every spelling against the one address', async () => {
      const spellings = [ascii.email, dotted(), fullWidth(), ascii.email.toUpperCase()];
      for (let i = 0; i < 10; i += 1) {
        await api()
          .post('/api/auth/login')
          .set('x-forwarded-for', freshIp())
          .send({ email: spellings[i % spellings.length], password: 'bad-guess' })
          .expect(401);
      }
      for (const email of spellings) {
        await api().post('/api/auth/login').set('x-forwarded-for', freshIp()).send({ email, password: ascii.password }).expect(429);
      }
    });
  });

  it('refuses control characters in the email with 400 and details, never 500', async () => {
    const response = await api()
      .post('/api/auth/login')
      .set('x-forwarded-for', freshIp())
      .send({ email: 'vic\u0000tim@example.com', password: 'x' })
      .expect(400);
    expect(response.body.details).toContainEqual({ field: 'email', message: 'Email must not contain control characters' });
  });

  it('answers 400 when a field is missing', async () => {
    const response = await api().post('/api/auth/login').send({ email: account.email }).expect(400);
    expect(response.body.details).toContainEqual({ field: 'password', message: 'Password is required' });
  });
});

describe('GET and PUT /api/users/me', () => {
  let token: string;
  let userId: number;
  beforeAll(async () => {
    const response = await api()
      .post('/api/auth/register')
      .set('x-forwarded-for', freshIp())
      .send(newUser({ phone: '555-0100' }))
      .expect(201);
    token = response.body.token;
    userId = response.body.user.id;
  });

  it('answers 401 "Authentication required" without a token', async () => {
    const response = await api().get('/api/users/me').expect(401);
    expect(response.body).toEqual({ error: 'Authentication required' });
  });

  it('refuses every forged, foreign or expired token with 401 "Invalid or expired token"', async () => {
    const forged = forgedTokens(developmentKeys(testEnv.env.DATA_DIR!), { userId, email: 'x@example.com' });
    expect(Object.keys(forged)).toEqual(
      expect.arrayContaining(['alg none, unsigned', 'HS256 keyed with the public key', 'expired an hour ago']),
    );
    for (const [name, token] of Object.entries(forged)) {
      const response = await api().get('/api/users/me').set('authorization', `Bearer ${token}`);
      expect({ name, status: response.status, body: response.body }).toEqual({
        name,
        status: 401,
        body: { error: 'Invalid or expired token' },
      });
    }
  });

  it('signs ES256 tokens that name the user', () => {
    const [header, payload] = token
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')));
    expect(header.alg).toBe('ES256');
    expect(payload).toMatchObject({ sub: String(userId), iss: 'garage-auth', aud: 'garage' });
  });

  it('updates the profile, ignores an email in the body, and publishes user.updated with the next version', async () => {
    const response = await api()
      .put('/api/users/me')
      .set('authorization', `Bearer ${token}`)
      .send({ firstName: ' Augusta ', lastName: 'King', phone: '', email: 'hijack@example.com' })
      .expect(200);
    expect(response.body).toMatchObject({ id: userId, firstName: 'Augusta', lastName: 'King', phone: null });
    expect(response.body.email).not.toBe('hijack@example.com');
    const event = await waitFor(() => events.find((e) => e.type === 'user.updated' && e.data.id === userId));
    expect(event.version).toBe(2);
    const me = await api().get('/api/users/me').set('authorization', `Bearer ${token}`).expect(200);
    expect(me.body.firstName).toBe('Augusta');
  });

  it('answers 400 to a blank first name and changes nothing', async () => {
    const response = await api()
      .put('/api/users/me')
      .set('authorization', `Bearer ${token}`)
      .send({ firstName: '  ', lastName: 'King' })
      .expect(400);
    expect(response.body.details).toContainEqual({ field: 'firstName', message: 'First name is required' });
    const me = await api().get('/api/users/me').set('authorization', `Bearer ${token}`).expect(200);
    expect(me.body.firstName).toBe('Augusta');
  });
});

describe('health', () => {
  it('is ready once migrated and connected', async () => {
    await waitFor(async () => (await api().get('/health')).status === 200, 5000, 'health');
    const response = await api().get('/health').expect(200);
    expect(response.body).toEqual({ status: 'ok' });
  });
});
