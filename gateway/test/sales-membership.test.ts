import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { salesService } from '@garage/sales';
import { waitFor } from '@garage/testing';
import { DELIVERY_DELAY_MS, startMembershipStack, type Member, type MembershipStack } from './membership-harness.js';

/**
 * The sales service's one premium answer, browsing past the free radius, right after the payment
 * or refund that changed it, through the gateway, with every event delivery held back (see
 * membership-harness.ts): asked at once after confirm-subscription's `200` it reaches 100 miles;
 * at once after a refund's `200`, 50. Sales asks payments only for such a browse; only when
 * payments cannot be asked does its own copy of the user decide.
 */
const MEMBERS = 50;
const SPRINGFIELD = { latitude: 39.8, longitude: -89.65 };

let stack: MembershipStack;
let farSale: number;
const members: Member[] = [];

const sale = (zipCode: string, city: string) => ({
  title: `Sale in ${city}`,
  address: '1 Main St',
  city,
  state: 'IL',
  zipCode,
  startDate: '2099-05-03',
  endDate: '2099-05-04',
  startTime: '08:00',
  endTime: '12:00',
});
const browse = async (member: Member): Promise<number[]> => {
  const response = await stack
    .api()
    .get('/api/sales')
    .query({ ...SPRINGFIELD, radius: 100 })
    .set(member.headers);
  expect(response.status).toBe(200);
  return response.body.map((found: { id: number }) => found.id);
};

beforeAll(async () => {
  stack = await startMembershipStack(salesService);
  const host = await stack.register();
  for (const [zipCode, city] of [
    ['62701', 'Springfield'],
    // About 78 miles away: within 100 miles (premium), not within 50.
    ['61820', 'Champaign'],
  ]) {
    const created = await stack.api().post('/api/sales').set(host.headers).send(sale(zipCode!, city!));
    expect(created.status).toBe(201);
    farSale = created.body.id;
  }
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

describe('browsing past the free radius right after the payment that allows it', () => {
  it(`reaches 100 miles at once after confirm-subscription, ${MEMBERS} members in a row`, async () => {
    let copyBehind = 0;
    for (let n = 0; n < MEMBERS; n += 1) {
      const member = await stack.register();
      await stack.subscribe(member);
      const found = await browse(member);
      if (!(await stack.copySaysPremium(member.userId))) copyBehind += 1;
      expect({ n, far: found.includes(farSale), count: found.length }).toEqual({ n, far: true, count: 2 });
      members.push(member);
    }
    process.stdout.write(
      `[membership] sales: ${copyBehind} of ${MEMBERS} browses came before sales' copy knew of the payment (deliveries held ${DELIVERY_DELAY_MS} ms)\n`,
    );
    expect(copyBehind).toBeGreaterThanOrEqual(MEMBERS * 0.8);
  }, 120_000);

  it(`stops at 50 miles at once after a refund, ${MEMBERS} members in a row`, async () => {
    await waitFor(
      async () => (await Promise.all(members.map((member) => stack.copySaysPremium(member.userId)))).every(Boolean),
      30_000,
      "every payment in sales' copy",
    );
    let copyBehind = 0;
    for (const [n, member] of members.entries()) {
      await stack.refund(member);
      const found = await browse(member);
      if (await stack.copySaysPremium(member.userId)) copyBehind += 1;
      expect({ n, far: found.includes(farSale), count: found.length }).toEqual({ n, far: false, count: 1 });
    }
    process.stdout.write(`[membership] sales: ${copyBehind} of ${MEMBERS} capped browses came before sales' copy knew of the refund\n`);
    expect(copyBehind).toBeGreaterThanOrEqual(MEMBERS * 0.8);
  }, 120_000);

  it("lets sales' copy decide when payments cannot be asked", async () => {
    const paid = await stack.register();
    await stack.subscribe(paid);
    await waitFor(() => stack.copySaysPremium(paid.userId), 10_000, "the payment in sales' copy");
    await stack.payments.close();
    expect(await browse(paid)).toContain(farSale);
    expect(await browse(members[0]!)).not.toContain(farSale);
  });
});
