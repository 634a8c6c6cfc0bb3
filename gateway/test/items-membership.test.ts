import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PREMIUM_REQUIRED } from '@garage/contracts';
import { itemsService } from '@garage/items';
import { saleSnapshot, waitFor } from '@garage/testing';
import { DELIVERY_DELAY_MS, startMembershipStack, type Member, type MembershipStack } from './membership-harness.js';

/**
 * The items service's premium calls right after the payment or refund that changed them, through
 * the gateway, with every event delivery held back (see membership-harness.ts): a reserve and a
 * search past the free radius made at once after confirm-subscription's `200` count the new
 * member; made at once after a refund's `200`, they do not. Items asks payments for each; only
 * when payments cannot be asked does its own copy of the user decide.
 */
const MEMBERS = 50;
const WORD = 'gramophone';
const NEAR_SALE = 1;
/** Champaign IL, about 78 miles from Springfield: found within 100 miles (premium), not within 50. */
const FAR_SALE = 2;
const SPRINGFIELD = { latitude: 39.8, longitude: -89.65 };

let stack: MembershipStack;
let host: Member;
let farItem: number;
const freeItems: number[] = [];
const members: Member[] = [];

const reserve = (member: Member, itemId: number) => stack.api().post(`/api/items/${itemId}/reserve`).set(member.headers);
const wideSearch = (member: Member) =>
  stack
    .api()
    .get('/api/items/search')
    .query({ q: WORD, radius: 100, ...SPRINGFIELD })
    .set(member.headers);

beforeAll(async () => {
  stack = await startMembershipStack(itemsService);
  host = await stack.register();
  await stack.bus.publish('sale.created', 1, saleSnapshot(NEAR_SALE, host.userId));
  await stack.bus.publish(
    'sale.created',
    1,
    saleSnapshot(FAR_SALE, host.userId, { city: 'Champaign', latitude: 40.11, longitude: -88.24 }),
  );
  await waitFor(async () => (await stack.service.dataSource.query(`SELECT 1 FROM sales`)).length === 2, 10_000, 'the sales in items');
  const create = async (body: Record<string, unknown>) => {
    const response = await stack
      .api()
      .post('/api/items')
      .set(host.headers)
      .send({ category: 'Other', condition: 'good', ...body });
    expect(response.status).toBe(201);
    return response.body.id as number;
  };
  farItem = await create({ title: `Brass ${WORD}`, price: 40, garageSaleId: FAR_SALE });
  await create({ title: `Oak ${WORD} cabinet`, price: 30, garageSaleId: NEAR_SALE });
  // One free item per reserve to come (a free item is paid at once: no card step).
  for (let n = 0; n < 2 * MEMBERS + 2; n += 1) freeItems.push(await create({ title: `Record ${n}`, price: 0, garageSaleId: NEAR_SALE }));
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

describe("items' premium calls right after the payment that allows them", () => {
  it(`reserves and searches 100 miles at once after confirm-subscription, ${MEMBERS} members in a row`, async () => {
    let copyBehind = 0;
    for (let n = 0; n < MEMBERS; n += 1) {
      const member = await stack.register();
      await stack.subscribe(member);
      const reserved = await reserve(member, freeItems[n]!);
      const searched = await wideSearch(member);
      if (!(await stack.copySaysPremium(member.userId))) copyBehind += 1;
      expect({ n, status: reserved.status, reserved: reserved.body.is_reserved, error: reserved.body.error }).toEqual({
        n,
        status: 200,
        reserved: true,
        error: undefined,
      });
      expect(searched.status).toBe(200);
      expect({ n, far: searched.body.find((result: { id: number }) => result.id === farItem)?.distance }).toEqual({
        n,
        far: expect.any(Number),
      });
      members.push(member);
    }
    process.stdout.write(
      `[membership] items: ${copyBehind} of ${MEMBERS} reserves came before items' copy knew of the payment (deliveries held ${DELIVERY_DELAY_MS} ms)\n`,
    );
    // The premise: items' own copy had not heard of most of these payments yet.
    expect(copyBehind).toBeGreaterThanOrEqual(MEMBERS * 0.8);
  }, 120_000);

  it(`refuses a reserve and caps the radius at once after a refund, ${MEMBERS} members in a row`, async () => {
    await waitFor(
      async () => (await Promise.all(members.map((member) => stack.copySaysPremium(member.userId)))).every(Boolean),
      30_000,
      "every payment in items' copy",
    );
    let copyBehind = 0;
    for (const [n, member] of members.entries()) {
      await stack.refund(member);
      const refused = await reserve(member, freeItems[MEMBERS + n]!);
      const searched = await wideSearch(member);
      if (await stack.copySaysPremium(member.userId)) copyBehind += 1;
      expect({ n, status: refused.status, body: refused.body }).toEqual({ n, status: 403, body: { error: PREMIUM_REQUIRED } });
      expect(searched.status).toBe(200);
      expect({ n, far: searched.body.some((result: { id: number }) => result.id === farItem) }).toEqual({ n, far: false });
      expect(searched.body.length).toBeGreaterThan(0);
    }
    process.stdout.write(`[membership] items: ${copyBehind} of ${MEMBERS} refused reserves came before items' copy knew of the refund\n`);
    expect(copyBehind).toBeGreaterThanOrEqual(MEMBERS * 0.8);
  }, 120_000);

  it("lets items' copy decide when payments cannot be asked", async () => {
    const paid = await stack.register();
    await stack.subscribe(paid);
    const refunded = members[0]!;
    await waitFor(() => stack.copySaysPremium(paid.userId), 10_000, "the payment in items' copy");
    await stack.payments.close();
    const started = Date.now();
    expect((await reserve(paid, freeItems[2 * MEMBERS]!)).status).toBe(200);
    expect((await wideSearch(paid)).body.some((result: { id: number }) => result.id === farItem)).toBe(true);
    expect((await reserve(refunded, freeItems[2 * MEMBERS + 1]!)).body).toEqual({ error: PREMIUM_REQUIRED });
    // Asked once, refused at once: no retry window spent on a payments that is down.
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
