import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PREMIUM_REQUIRED } from '@garage/contracts';
import { shopperService } from '@garage/shopper';
import { saleSnapshot, waitFor } from '@garage/testing';
import { DELIVERY_DELAY_MS, startMembershipStack, type Member, type MembershipStack } from './membership-harness.js';

/**
 * The shopper service's premium calls right after the payment or refund that changed them, through
 * the gateway, with every event delivery held back (see membership-harness.ts): a saved search, a
 * route plan and its full preview made at once after confirm-subscription's `200` count the new
 * member; made at once after a refund's `200`, they do not. Shopper asks payments for each; only
 * when payments cannot be asked does its own copy of the user decide.
 */
const MEMBERS = 50;
const SALE = 1;
const DAY = '2099-05-03';

let stack: MembershipStack;
const members: Member[] = [];

const plan = { date: DAY, startTime: '08:00', start: { zipCode: '62701' }, saleIds: [SALE] };
const saveSearch = (member: Member) => stack.api().post('/api/saved-searches').set(member.headers).send({ name: 'Lamps', q: 'lamp' });
const listSearches = (member: Member) => stack.api().get('/api/saved-searches').set(member.headers);
const savePlan = (member: Member) => stack.api().post('/api/route-plans').set(member.headers).send(plan);
const preview = (member: Member) => stack.api().post('/api/route-plans/preview').set(member.headers).send(plan);

beforeAll(async () => {
  stack = await startMembershipStack(shopperService);
  const host = await stack.register();
  await stack.bus.publish('sale.created', 1, saleSnapshot(SALE, host.userId));
  await waitFor(async () => (await stack.service.dataSource.query(`SELECT 1 FROM sales`)).length === 1, 10_000, 'the sale in shopper');
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

describe("shopper's premium calls right after the payment that allows them", () => {
  it(`saves a search and a route plan at once after confirm-subscription, ${MEMBERS} members in a row`, async () => {
    let copyBehind = 0;
    for (let n = 0; n < MEMBERS; n += 1) {
      const member = await stack.register();
      await stack.subscribe(member);
      const search = await saveSearch(member);
      const saved = await savePlan(member);
      const previewed = await preview(member);
      const listed = await listSearches(member);
      if (!(await stack.copySaysPremium(member.userId))) copyBehind += 1;
      expect({ n, search: search.status, plan: saved.status, list: listed.status, error: search.body.error ?? saved.body.error }).toEqual({
        n,
        search: 201,
        plan: 201,
        list: 200,
        error: undefined,
      });
      expect(saved.body.stops).toHaveLength(1);
      expect({ n, upgradeRequired: previewed.body.upgradeRequired, full: previewed.body.plan !== null }).toEqual({
        n,
        upgradeRequired: false,
        full: true,
      });
      members.push(member);
    }
    process.stdout.write(
      `[membership] shopper: ${copyBehind} of ${MEMBERS} saved searches came before shopper's copy knew of the payment (deliveries held ${DELIVERY_DELAY_MS} ms)\n`,
    );
    // The premise: shopper's own copy had not heard of most of these payments yet.
    expect(copyBehind).toBeGreaterThanOrEqual(MEMBERS * 0.8);
  }, 120_000);

  it(`refuses them at once after a refund, ${MEMBERS} members in a row`, async () => {
    await waitFor(
      async () => (await Promise.all(members.map((member) => stack.copySaysPremium(member.userId)))).every(Boolean),
      30_000,
      "every payment in shopper's copy",
    );
    let copyBehind = 0;
    for (const [n, member] of members.entries()) {
      await stack.refund(member);
      const search = await saveSearch(member);
      const saved = await savePlan(member);
      const previewed = await preview(member);
      if (await stack.copySaysPremium(member.userId)) copyBehind += 1;
      expect({ n, search: search.body, plan: saved.body }).toEqual({
        n,
        search: { error: PREMIUM_REQUIRED },
        plan: { error: PREMIUM_REQUIRED },
      });
      expect([search.status, saved.status]).toEqual([403, 403]);
      expect({ n, upgradeRequired: previewed.body.upgradeRequired, plan: previewed.body.plan }).toEqual({
        n,
        upgradeRequired: true,
        plan: null,
      });
    }
    process.stdout.write(`[membership] shopper: ${copyBehind} of ${MEMBERS} refusals came before shopper's copy knew of the refund\n`);
    expect(copyBehind).toBeGreaterThanOrEqual(MEMBERS * 0.8);
  }, 120_000);

  it("lets shopper's copy decide when payments cannot be asked", async () => {
    const paid = await stack.register();
    await stack.subscribe(paid);
    const refunded = members[0]!;
    await waitFor(() => stack.copySaysPremium(paid.userId), 10_000, "the payment in shopper's copy");
    await stack.payments.close();
    const started = Date.now();
    expect((await saveSearch(paid)).status).toBe(201);
    expect((await savePlan(paid)).status).toBe(201);
    expect((await saveSearch(refunded)).body).toEqual({ error: PREMIUM_REQUIRED });
    // Asked once, refused at once: no retry window spent on a payments that is down.
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
