import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { Matches1763700001000 } from '../src/migrations/1763700001000-matches.js';
import { ShopperHarness, newId } from './harness.js';

/**
 * An install from before matches were shopper's own record: its match alerts become matches (so a
 * search keeps its count, and an item it matched never matches it again), the rest stay behind.
 */
let h: ShopperHarness;

beforeAll(async () => {
  h = await ShopperHarness.launch();
});

afterAll(async () => {
  await h?.close();
});

it('makes a match of every match alert, with the delivery its email had', async () => {
  const user = newId();
  await h.user(user, { premium: true });
  const [search] = await h.query<{ id: number }>(
    `INSERT INTO saved_searches (user_id, name, q, query, lexemes, words_required, frequency)
     SELECT $1, 'Lamps', 'lamp', q, query_lexemes(q), true, 'instant' FROM websearch_to_tsquery('english', 'lamp') q RETURNING id`,
    [user],
  );
  await h.query(
    `INSERT INTO alerts (user_id, kind, saved_search_id, item_id, sale_id, title, message, email_status)
     VALUES ($1, 'match', $2, 7, 3, 'New match', 'Lamp', 'sent'),
            ($1, 'match', $2, 8, 3, 'New match', 'Lamp', 'digest'),
            ($1, 'match', $2, 9, 3, 'New match', 'Lamp', 'none'),
            ($1, 'match', NULL, 10, 3, 'New match', 'Lamp of a deleted search', 'sent'),
            ($1, 'sale_cancelled', NULL, NULL, 3, 'Cancelled', 'Gone', 'sent')`,
    [user, search!.id],
  );
  const runner = h.service.dataSource.createQueryRunner();
  try {
    await runner.query(`DROP TABLE matches`);
    await new Matches1763700001000().up(runner);
  } finally {
    await runner.release();
  }
  expect(await h.query(`SELECT saved_search_id, item_id, delivery FROM matches ORDER BY item_id`)).toEqual([
    { saved_search_id: search!.id, item_id: 7, delivery: 'instant' },
    { saved_search_id: search!.id, item_id: 8, delivery: 'digest' },
    { saved_search_id: search!.id, item_id: 9, delivery: 'in_app' },
  ]);
  const listed = await h
    .api()
    .get(`/api/saved-searches/${search!.id}`)
    .set('authorization', await h.bearer(user))
    .expect(200);
  expect(listed.body.alertCount).toBe(3);
});
