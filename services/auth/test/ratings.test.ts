import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { AnyEvent, EventEnvelope } from '@garage/contracts';
import { startService, type RunningService } from '@garage/service-kit';
import { serviceQueueReady, serviceTestEnv, testBus, testEvent, waitFor, type ServiceTestEnv, type TestBus } from '@garage/testing';
import { authService } from '../src/index.js';

/**
 * Sellers' ratings come from `reservation.rated` (published here onto the exchange, as the items
 * service's outbox relay would): the average of the stars, once per reservation, announced with user.updated.
 */
let testEnv: ServiceTestEnv;
let auth: RunningService<unknown>;
let bus: TestBus;
let events: AnyEvent[];

async function register(): Promise<{ token: string; userId: number }> {
  const response = await request(auth.url)
    .post('/api/auth/register')
    .set('x-forwarded-for', `10.8.0.${Math.floor(Math.random() * 250) + 1}`)
    .send({ firstName: 'Hal', lastName: 'Host', email: `hal.${randomUUID()}@example.com`, password: 'garage-sale' })
    .expect(201);
  return { token: response.body.token, userId: response.body.user.id };
}

function rated(reservationId: number, hostId: number, stars: number): EventEnvelope<'reservation.rated'> {
  return testEvent('reservation.rated', 1, { reservation_id: reservationId, host_id: hostId, user_id: 999, stars, review: null });
}

async function deliver(...messages: EventEnvelope[]): Promise<void> {
  await bus.publishEnvelopes(messages);
  const ids = messages.map((message) => message.id);
  await waitFor(async () => {
    const rows: unknown[] = await auth.dataSource.query(`SELECT 1 FROM inbox WHERE message_id = ANY($1::uuid[])`, [ids]);
    return rows.length === new Set(ids).size;
  });
}

const me = async (token: string) => (await request(auth.url).get('/api/users/me').set('authorization', `Bearer ${token}`).expect(200)).body;

beforeAll(async () => {
  testEnv = await serviceTestEnv();
  auth = await startService(authService, { env: testEnv.env });
  bus = await testBus(testEnv.env, { listen: ['user.*'] });
  events = bus.received;
  // Auth binds its queue in the background once connected: until then a rating would be routed nowhere.
  await serviceQueueReady(testEnv.env, 'auth');
});

afterAll(async () => {
  await bus.close();
  await auth.close();
  await testEnv.cleanup();
});

it('averages the stars of collected reservations into the seller rating, once per reservation', async () => {
  const { token, userId } = await register();
  expect(await me(token)).toMatchObject({ rating: 0, ratingCount: 0 });
  const first = rated(501, userId, 5);
  await deliver(first);
  expect(await me(token)).toMatchObject({ rating: 5, ratingCount: 1 });

  // The same message again, and the same reservation under a new message id: nothing changes.
  await deliver({ ...first });
  await deliver(rated(501, userId, 1));
  expect(await me(token)).toMatchObject({ rating: 5, ratingCount: 1 });

  await deliver(rated(502, userId, 4), rated(503, userId, 4));
  expect(await me(token)).toMatchObject({ rating: 4.33, ratingCount: 3 });
  const updates = await waitFor(() => {
    const found = events.filter((e) => e.type === 'user.updated' && e.data.id === userId);
    return found.length === 3 ? found : undefined;
  });
  expect(updates.at(-1)!.data).toMatchObject({ rating: 4.33, ratingCount: 3 });
});
