import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CommunitySaleMembership } from '@garage/contracts';
import { ItemsHarness, newId, saleSnapshot } from './harness.js';

/**
 * A community sale's page searches its items: `GET /api/items/search?communitySaleId=` answers
 * the items of the sales approved in it, as the sales projection learns them from `sale.*` and the
 * membership events; blank words list them all, newest first.
 */
let h: ItemsHarness;
const hostA = newId();
const hostB = newId();
const shopper = newId();
const communitySale = newId();
const otherCommunitySale = newId();
const first = newId();
const joining = newId();
const elsewhere = newId();
const alone = newId();

type Result = { id: number; title: string; garage_sale_id: number; first_name: string | null; sale: { address: string | null } };
const search = async (query: Record<string, string | number>, userId?: number): Promise<Result[]> => {
  const request = h.api().get('/api/items/search').query(query);
  if (userId) request.set('authorization', await h.bearer(userId));
  const response = await request;
  if (response.status !== 200) throw new Error(`search ${JSON.stringify(query)}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as Result[];
};
const titles = (results: Result[]) => results.map((result) => result.title);
const membership = (saleId: number, hostId: number, overrides: Partial<CommunitySaleMembership> = {}): CommunitySaleMembership => ({
  communitySaleId: communitySale,
  saleId,
  hostId,
  status: 'approved',
  number: null,
  ...overrides,
});
const kept = async (saleId: number) =>
  (await h.query(`SELECT community_sale_id, community_sale_status, community_sale_number, version FROM sales WHERE id = $1`, [saleId]))[0];

beforeAll(async () => {
  h = await ItemsHarness.launch();
  await h.user(hostA, { firstName: 'Ann', lastName: 'Host' });
  await h.user(hostB, { firstName: 'Bob', lastName: 'Host' });
  await h.user(shopper);
  // In the community sale from the start, number 1.
  await h.sale(first, hostA, {
    title: 'Maple St',
    community_sale_id: communitySale,
    community_sale_status: 'approved',
    community_sale_number: 1,
  });
  await h.sale(joining, hostB, { title: 'Oak St' });
  await h.sale(elsewhere, hostA, {
    title: 'Elm St',
    community_sale_id: otherCommunitySale,
    community_sale_status: 'approved',
    community_sale_number: 1,
  });
  await h.sale(alone, hostB, { title: 'Pine St' });
  await h.createItem(hostA, { garageSaleId: first, title: 'Brass lamp', category: 'Home & Garden' });
  await h.createItem(hostA, { garageSaleId: first, title: 'Oak bookshelf', category: 'Furniture' });
  await h.createItem(hostB, { garageSaleId: joining, title: 'Floor lamp', category: 'Home & Garden' });
  await h.createItem(hostA, { garageSaleId: elsewhere, title: 'Desk lamp', category: 'Home & Garden' });
  await h.createItem(hostB, { garageSaleId: alone, title: 'Table lamp', category: 'Home & Garden' });
});

afterAll(async () => {
  await h?.close();
});

describe('GET /api/items/search?communitySaleId=', () => {
  it('answers only the items of its approved sales: all of them, newest first, for blank words; ranked matches for words', async () => {
    expect(titles(await search({ communitySaleId: communitySale }))).toEqual(['Oak bookshelf', 'Brass lamp']);
    expect(titles(await search({ communitySaleId: communitySale, q: '' }))).toEqual(['Oak bookshelf', 'Brass lamp']);
    expect(titles(await search({ communitySaleId: communitySale, q: 'lamps' }))).toEqual(['Brass lamp']);
    expect(titles(await search({ communitySaleId: communitySale, category: 'Furniture' }))).toEqual(['Oak bookshelf']);
    expect(titles(await search({ communitySaleId: otherCommunitySale, q: 'lamp' }))).toEqual(['Desk lamp']);
    // Outside a community sale, blank words still find nothing; words search every sale.
    expect(await search({ q: '' })).toEqual([]);
    expect(titles(await search({ q: 'lamp' })).sort()).toEqual(['Brass lamp', 'Desk lamp', 'Floor lamp', 'Table lamp']);
    expect(await search({ communitySaleId: newId() })).toEqual([]);
  });

  it('follows a sale joining (pending: not yet), being approved, and leaving, whichever of its two events comes first', async () => {
    // Asked three times, so its answer is kept: a change must still show at once.
    for (let i = 0; i < 3; i += 1) expect(titles(await search({ communitySaleId: communitySale, q: 'lamp' }))).toEqual(['Brass lamp']);

    await h.publishAndApply('community_sale.sale_joined', 2, membership(joining, hostB, { status: 'pending' }));
    expect(await kept(joining)).toEqual({
      community_sale_id: communitySale,
      community_sale_status: 'pending',
      community_sale_number: null,
      version: 1,
    });
    expect(titles(await search({ communitySaleId: communitySale, q: 'lamp' }))).toEqual(['Brass lamp']);
    // The sale's own snapshot of the same version carries the same fields, and applies in full.
    await h.sale(joining, hostB, { title: 'Oak St', community_sale_id: communitySale, community_sale_status: 'pending' }, 2);

    await h.publishAndApply('community_sale.sale_approved', 3, membership(joining, hostB, { number: 2 }));
    expect(await kept(joining)).toMatchObject({ community_sale_status: 'approved', community_sale_number: 2, version: 2 });
    expect(titles(await search({ communitySaleId: communitySale, q: 'lamp' })).sort()).toEqual(['Brass lamp', 'Floor lamp']);
    expect(titles(await search({ communitySaleId: communitySale }))).toEqual(['Floor lamp', 'Oak bookshelf', 'Brass lamp']);

    // Leaving comes as the sale's snapshot first (no community sale fields: in none); the late
    // membership event of an older version changes nothing.
    await h.sale(joining, hostB, { title: 'Oak St' }, 4);
    await h.publishAndApply('community_sale.sale_approved', 3, membership(joining, hostB, { number: 2 }));
    expect(await kept(joining)).toEqual({ community_sale_id: null, community_sale_status: null, community_sale_number: null, version: 4 });
    expect(titles(await search({ communitySaleId: communitySale, q: 'lamp' }))).toEqual(['Brass lamp']);
  });

  it('applies a sale moved by its community sale (its `cause` is not a column) and keeps its place in it', async () => {
    const moved = {
      ...saleSnapshot(first, hostA, { title: 'Maple St', start_date: '2099-06-10', end_date: '2099-06-10' }),
      community_sale_id: communitySale,
      community_sale_status: 'approved' as const,
      community_sale_number: 1,
      cause: { communitySaleId: communitySale, change: 'moved_to_rain_date' as const },
    };
    await h.publishAndApply('sale.updated', 2, moved);
    expect(await kept(first)).toMatchObject({ community_sale_id: communitySale, community_sale_number: 1, version: 2 });
    expect((await h.query(`SELECT to_char(start_date, 'YYYY-MM-DD') AS d FROM sales WHERE id = $1`, [first]))[0]).toEqual({
      d: '2099-06-10',
    });
    expect(titles(await search({ communitySaleId: communitySale }))).toEqual(['Oak bookshelf', 'Brass lamp']);
  });

  it('shows an item listed in one of its sales at once, though the answer before was kept, and keeps it through changes elsewhere', async () => {
    for (let i = 0; i < 3; i += 1) expect(titles(await search({ communitySaleId: communitySale, q: 'mirror' }))).toEqual([]);
    await h.createItem(hostB, { garageSaleId: alone, title: 'Hall mirror' });
    expect(titles(await search({ communitySaleId: communitySale, q: 'mirror' }))).toEqual([]);
    await h.createItem(hostA, { garageSaleId: first, title: 'Gilt mirror' });
    expect(titles(await search({ communitySaleId: communitySale, q: 'mirror' }))).toEqual(['Gilt mirror']);
    const [{ n }] = await h.query(`SELECT n::int FROM community_sale_search_revisions WHERE community_sale_id = $1`, [communitySale]);
    await h.createItem(hostB, { garageSaleId: alone, title: 'Wall mirror' });
    expect(titles(await search({ communitySaleId: communitySale, q: 'mirror' }))).toEqual(['Gilt mirror']);
    expect(await h.query(`SELECT n::int FROM community_sale_search_revisions WHERE community_sale_id = $1`, [communitySale])).toEqual([
      { n },
    ]);
  });

  it('shows a visitor no address and no host name, and a member both', async () => {
    const [visitor] = await search({ communitySaleId: communitySale, q: 'bookshelf' });
    expect(visitor).toMatchObject({ first_name: null, sale: { address: null } });
    const [member] = await search({ communitySaleId: communitySale, q: 'bookshelf' }, shopper);
    expect(member).toMatchObject({ first_name: 'Ann', sale: { address: '12 Oak St' } });
  });

  it('answers 400 for a communitySaleId that is not an id', async () => {
    const response = await h.api().get('/api/items/search').query({ communitySaleId: 'abc' }).expect(400);
    expect(JSON.stringify(response.body)).toContain('communitySaleId');
  });
});
