import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { alertListSchema, type CommunitySaleSnapshot } from '@garage/contracts';
import { waitFor } from '@garage/testing';
import { NotificationsHarness, newId } from './harness.js';

/**
 * A community sale cancelled, from shopper (which decides who is told) to the bell and the email
 * here, through the real broker: one alert per person however often it is asked, linked to the
 * community sale's page, emailed unless the member turned off emails about sales they follow.
 */
let h: NotificationsHarness;
const organizer = newId();
const host = newId();
const follower = newId();
const quiet = newId();
const communitySaleId = newId();
const saleId = newId();

const snapshot = (overrides: Partial<CommunitySaleSnapshot> = {}): CommunitySaleSnapshot => ({
  id: communitySaleId,
  organizerId: organizer,
  name: 'Hopewell Town-wide Sale',
  description: null,
  latitude: 39.8,
  longitude: -89.65,
  radiusMiles: 3,
  zipCodes: [],
  days: [{ date: '2099-05-02', startTime: '08:00', endTime: '14:00' }],
  rainDate: '2099-05-09',
  coverImageUrl: null,
  requiresApproval: false,
  status: 'scheduled',
  ...overrides,
});

/** Waits until notifications has applied every notice shopper asked for so far. */
async function noticesDelivered(): Promise<void> {
  const asked = await h.shopperQuery<{ id: string }>(`SELECT envelope->>'id' AS id FROM outbox WHERE type = 'notice.requested'`);
  await waitFor(
    async () => {
      const [row] = await h.query<{ n: number }>(`SELECT count(*)::int AS n FROM inbox WHERE message_id = ANY($1::uuid[])`, [
        asked.map((notice) => notice.id),
      ]);
      return row!.n >= asked.length;
    },
    5000,
    'every notice delivered',
  );
}

beforeAll(async () => {
  h = await NotificationsHarness.launch({ ALERT_EMAIL_POLL_MS: '200' }, { withShopper: true });
  for (const id of [organizer, host, follower, quiet]) await h.user(id);
  await h.publishAndApply('community_sale.created', 1, snapshot());
  await h.sale(saleId, host, { community_sale_id: communitySaleId, community_sale_status: 'approved', community_sale_number: 1 });
  for (const id of [follower, quiet]) {
    await h
      .shopperApi()
      .post(`/api/community-sales/${communitySaleId}/follow`)
      .set('authorization', await h.bearer(id))
      .expect(201);
  }
  await h
    .api()
    .put('/api/alerts/settings')
    .set('authorization', await h.bearer(quiet))
    .send({ saleUpdateEmails: false })
    .expect(200);
});

afterAll(async () => {
  await h?.close();
});

describe('a cancelled community sale, in the bell and by email', () => {
  it('gives each person one alert linked to its page and one email, however often the cancel is announced', async () => {
    const cancelled = { ...snapshot({ status: 'cancelled' }), saleIds: [saleId] };
    await h.publishAndApply('community_sale.cancelled', 2, cancelled);
    // Announced again as a new message (the key, not the message id, keeps it once here).
    await h.publishAndApply('community_sale.cancelled', 2, cancelled);
    await noticesDelivered();

    for (const userId of [host, follower, quiet]) {
      const list = alertListSchema.parse(
        (
          await h
            .api()
            .get('/api/alerts')
            .set('authorization', await h.bearer(userId))
            .expect(200)
        ).body,
      );
      expect({ userId, alerts: list.alerts.length }).toEqual({ userId, alerts: 1 });
      expect(list.alerts[0]).toMatchObject({
        kind: 'community_sale_cancelled',
        title: 'Cancelled: Hopewell Town-wide Sale',
        link: `/community-sales/${communitySaleId}`,
        communitySaleId,
        saleId: null,
      });
    }
    expect(await h.query(`SELECT id FROM alerts WHERE user_id = $1`, [organizer])).toEqual([]);

    const [mail] = await waitFor(() => (h.mailTo(follower).length ? h.mailTo(follower) : undefined), 5000, 'the follower’s email');
    expect(mail!.subject).toBe('Cancelled: Hopewell Town-wide Sale');
    expect(mail!.text).toContain('The community sale "Hopewell Town-wide Sale" on May 2, 2099 (8:00 AM – 2:00 PM) has been cancelled');
    expect(mail!.text).toContain(`See the community sale: https://garage.test/community-sales/${communitySaleId}`);
    expect(mail!.text).toContain('because you follow this community sale');
    expect(mail!.text).toContain('Stop emails about sales you follow: https://garage.test/api/saved-searches/unsubscribe?token=u.');
    const [hostMail] = await waitFor(() => (h.mailTo(host).length ? h.mailTo(host) : undefined), 5000, 'the host’s email');
    expect(hostMail!.text).toContain('Your sale in it stays as you left it.');

    // The member who turned those emails off has the alert and no email.
    const [{ email_status }] = await h.query(`SELECT email_status FROM alerts WHERE user_id = $1`, [quiet]);
    expect(email_status).toBe('none');
    expect(h.mailTo(quiet)).toEqual([]);
    expect(h.mailTo(follower)).toHaveLength(1);
  });

  it('links a move to its rain date to the community sale too', async () => {
    const reader = newId();
    await h.user(reader);
    await h.notice({
      userId: reader,
      kind: 'community_sale_moved',
      key: `community-sale:${communitySaleId}:moved:2099-05-09`,
      title: 'Moved to its rain date: Hopewell Town-wide Sale',
      communitySaleId,
    });
    const [alert] = (
      await h
        .api()
        .get('/api/alerts')
        .set('authorization', await h.bearer(reader))
        .expect(200)
    ).body.alerts;
    expect(alert).toMatchObject({ kind: 'community_sale_moved', link: `/community-sales/${communitySaleId}`, communitySaleId });
    const [mail] = await waitFor(() => (h.mailTo(reader).length ? h.mailTo(reader) : undefined), 5000, 'the move email');
    expect(mail!.text).toContain(`See the community sale: https://garage.test/community-sales/${communitySaleId}`);
  });
});
