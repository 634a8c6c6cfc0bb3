import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { ReservationSnapshot } from '@garage/contracts';
import { waitFor } from '@garage/testing';
import { newId, NotificationsHarness } from './harness.js';

/** A shopper hears, in the bell and by email, when a reservation of theirs lapses, is cancelled or refunded. */
let h: NotificationsHarness;
const shopper = newId();
const host = newId();

const reservation = (id: number, overrides: Partial<ReservationSnapshot>): ReservationSnapshot => ({
  id,
  item_id: 77,
  item_title: 'Oak side table',
  sale_id: 12,
  user_id: shopper,
  host_id: host,
  status: 'refunded',
  amount_cents: 2500,
  currency: 'usd',
  expires_at: new Date().toISOString(),
  end_reason: 'sale_cancelled',
  ...overrides,
});

beforeAll(async () => {
  h = await NotificationsHarness.launch();
  await h.user(shopper, { email: 'shopper@example.com' });
  await h.user(host);
});

afterAll(async () => {
  await h?.close();
});

it('tells the shopper of a refund and of a lapse once each, in the bell and by email', async () => {
  const refunded = await h.publishAndApply('reservation.refunded', 3, reservation(9001, {}));
  await h.publish(refunded.type, refunded.version, refunded.data, refunded.id);
  await h.publishAndApply('reservation.refunded', 3, reservation(9001, {}));
  await h.publishAndApply('reservation.lapsed', 2, reservation(9002, { status: 'lapsed', end_reason: 'hold_expired' }));

  const bell = await h
    .api()
    .get('/api/alerts')
    .set('authorization', await h.bearer(shopper));
  expect(bell.status).toBe(200);
  const alerts = (bell.body.alerts ?? bell.body) as Array<{ kind: string; title: string; message: string; link: string }>;
  expect(alerts.filter((a) => a.kind === 'reservation').map(({ title, message, link }) => ({ title, message, link }))).toEqual([
    {
      title: 'Hold ended: Oak side table',
      message:
        'Your hold on "Oak side table" ended because it was not paid in time; the item is available to others again. Nothing was charged.',
      link: '/my-reservations',
    },
    {
      title: 'Refunded: Oak side table',
      message: 'Your reservation of "Oak side table" was refunded in full ($25.00) because the host cancelled the sale.',
      link: '/my-reservations',
    },
  ]);

  const mails = await waitFor(() => {
    const found = h.mailbox.messages().filter((m) => m.to === 'shopper@example.com');
    return found.length >= 2 ? found : undefined;
  });
  expect(mails.map((m) => m.subject).sort()).toEqual(['Hold ended: Oak side table', 'Refunded: Oak side table']);
  expect(mails[0]!.text).toContain('https://garage.test/my-reservations');
  expect(mails[0]!.headers ?? {}).not.toHaveProperty('List-Unsubscribe');
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(h.mailbox.messages().filter((m) => m.to === 'shopper@example.com')).toHaveLength(2);
});

it('tells the shopper in the app, once per lock and without an email, when wrong pickup codes lock their reservation', async () => {
  const lockedUntil = '2099-05-03T15:30:00.000Z';
  const locked = { ...reservation(9003, { status: 'paid', end_reason: null }), locked_until: lockedUntil };
  const event = await h.publishAndApply('reservation.pickup_locked', 2, locked);
  await h.publish(event.type, event.version, event.data);
  await h.publishAndApply('reservation.pickup_locked', 2, locked);
  const rows = await h.query(
    `SELECT title, message, email_status, data FROM alerts WHERE user_id = $1 AND data->>'reservationId' = '9003'`,
    [shopper],
  );
  expect(rows).toEqual([
    {
      title: 'Pickup paused: Oak side table',
      message:
        'Several wrong pickup codes were entered for your reservation of "Oak side table", so it cannot be collected until 15:30 UTC. ' +
        'Your code is unchanged: show it from My reservations when you collect. Never share it before you are at the sale.',
      email_status: 'none',
      data: { reservationId: 9003, lockedUntil },
    },
  ]);
});
