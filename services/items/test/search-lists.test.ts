import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CATEGORIES, CONDITIONS, greatCircleMiles, usToday } from '@garage/contracts';
import type { Viewer } from '@garage/service-kit';
import { searchQuery, type SearchCriteria } from '../src/index.js';
import { CHANGES_KEPT_GENERATIONS, SearchRepository, type SearchRow } from '../src/search/search.repository.js';
import { toResult } from '../src/search/search.service.js';
import { daysFromNow, ItemsHarness, newId } from './harness.js';

/**
 * A search answered from a match list (words searched before, nothing changed since) must return
 * exactly what the SQL of the same search returns: same items, same order, same distances.
 */
let h: ItemsHarness;
let repository: SearchRepository;
const host = newId();
const WORDS = ['lamp', 'chair', 'table', 'clock', 'bike', 'guitar'];
const EXTRA = ['vintage', 'oak', 'brass', 'red', 'small', 'antique'];
const PLACES = [
  { latitude: 39.8, longitude: -89.65 },
  { latitude: 39.84, longitude: -88.95 },
  { latitude: 40.11, longitude: -88.24 },
  { latitude: 41.88, longitude: -87.63 },
  { latitude: 38.63, longitude: -90.2 },
];
const today = daysFromNow(-1);
const sales: number[] = [];

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  return { next, pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]! };
}

const key = (rows: SearchRow[]) => rows.map((row) => `${row.id}@${row.distance === null ? '-' : row.distance.toFixed(6)}`);
const inSql = async (criteria: SearchCriteria): Promise<SearchRow[]> => {
  const { sql, params } = searchQuery(criteria);
  return h.service.dataSource.query(sql, params);
};
beforeAll(async () => {
  h = await ItemsHarness.launch();
  repository = h.service.app.get(SearchRepository);
  await h.user(host);
  for (const place of PLACES) {
    const id = newId();
    await h.sale(id, host, { ...place, start_date: daysFromNow(1), end_date: daysFromNow(2) });
    sales.push(id);
  }
  const draw = random(7);
  for (let n = 0; n < 240; n += 1) {
    const words = [draw.pick(WORDS), draw.pick(EXTRA), ...(draw.next() < 0.4 ? [draw.pick(WORDS)] : [])];
    await h.createItem(host, {
      garageSaleId: draw.pick(sales),
      title: words.join(' '),
      description: draw.next() < 0.5 ? `${draw.pick(EXTRA)} ${draw.pick(WORDS)} in fine shape` : undefined,
      category: draw.pick(CATEGORIES),
      condition: draw.pick(CONDITIONS),
      price: Math.round(draw.next() * 20_000) / 100,
    });
  }
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe('search from a match list', () => {
  it('is built on the second search of the same words, then answers with one read of the 50 rows', async () => {
    const criteria: SearchCriteria = { words: 'lamp', notEndedBefore: today };
    const first = await h.statementsDuring(() => repository.search(criteria));
    expect(first.some((sql) => sql.includes('string_agg'))).toBe(false);
    const second = await h.statementsDuring(() => repository.search(criteria));
    expect(second.filter((sql) => sql.includes('string_agg'))).toHaveLength(1);
    const third = await h.statementsDuring(() => repository.search({ ...criteria, maxPrice: 50 }));
    expect(third).toHaveLength(1);
    expect(third[0]).toContain('ANY($1::int[])');
  });

  it('does not read the seller for a visitor, in SQL or from a list', async () => {
    const criteria: SearchCriteria = { words: 'guitar', notEndedBefore: today, withSeller: false };
    for (let round = 0; round < 3; round += 1) {
      let answer!: Awaited<ReturnType<SearchRepository['search']>>;
      const statements = await h.statementsDuring(async () => (answer = await repository.search(criteria)));
      expect(statements.join('\n')).not.toMatch(/\busers\b/);
      expect(answer.rows.length).toBeGreaterThan(0);
      expect(answer.rows.every((row) => row.u_first_name === null && row.u_phone === null && row.u_rating === null)).toBe(true);
      expect(key(answer.rows)).toEqual(key(await inSql({ ...criteria, withSeller: true })));
    }
  });

  it('answers every filter exactly as the SQL of the same search', async () => {
    const draw = random(11);
    for (const words of [...WORDS, 'vintage lamp', 'oak OR brass', 'chair -red']) {
      // Twice, so the words have a list; the comparisons below are all answered from it.
      await repository.search({ words, notEndedBefore: today });
      await repository.search({ words, notEndedBefore: today });
      for (let n = 0; n < 12; n += 1) {
        const place = draw.pick(PLACES);
        const center = { latitude: place.latitude + 0.01, longitude: place.longitude - 0.02 };
        // Half the radii fall just inside or just outside another sale, where a wrong distance shows.
        const radiusMiles =
          draw.next() < 0.5 ? draw.pick([5, 10, 25, 50, 100]) : greatCircleMiles(center, draw.pick(PLACES)) * draw.pick([0.999, 1.001]);
        const criteria: SearchCriteria = {
          words,
          notEndedBefore: today,
          ...(draw.next() < 0.3 ? { category: draw.pick(CATEGORIES) } : {}),
          ...(draw.next() < 0.3 ? { condition: draw.pick(CONDITIONS) } : {}),
          ...(draw.next() < 0.4 ? { maxPrice: draw.pick([5, 49.99, 50, 100, 150.25]) } : {}),
          ...(draw.next() < 0.6 ? { near: { ...center, radiusMiles } } : {}),
          ...(draw.next() < 0.3 ? { limit: draw.pick([1, 5, 20]), offset: draw.pick([0, 3, 20]) } : {}),
        };
        const queries = await h.statementsDuring(async () => {
          expect(key((await repository.search(criteria)).rows)).toEqual(key(await inSql(criteria)));
        });
        // The repository's own read was the list's reread, not a ranking in SQL.
        expect(queries.filter((sql) => sql.includes('ts_rank'))).toHaveLength(1);
      }
    }
  });

  it('builds one list however many searches ask for it at once', async () => {
    const criteria: SearchCriteria = { words: 'guitar brass', notEndedBefore: today };
    await repository.search(criteria);
    const queries = await h.statementsDuring(() => Promise.all(Array.from({ length: 20 }, () => repository.search(criteria))));
    expect(queries.filter((sql) => sql.includes('string_agg'))).toHaveLength(1);
  });

  it('drops a list once anything searchable changes, and answers the change', async () => {
    const criteria: SearchCriteria = { words: 'clock', notEndedBefore: today };
    await repository.search(criteria);
    const { rows: before } = await repository.search(criteria);
    expect(before.length).toBeGreaterThan(0);
    const gone = before[0]!;
    await h
      .api()
      .put(`/api/items/${gone.id}`)
      .set('authorization', await h.bearer(host))
      .send({ garageSaleId: gone.garage_sale_id, title: gone.title, category: gone.category, price: 1, isSold: true })
      .expect(200);
    const { rows: after } = await repository.search(criteria);
    expect(after.map((row) => row.id)).not.toContain(gone.id);
    expect(key(after)).toEqual(key(await inSql(criteria)));
  });

  it('brings a list up to date from the change log, exactly as SQL ranks: new, sold, repriced and renamed items', async () => {
    const draw = random(23);
    const words = ['lamp', 'chair', 'table OR bike'];
    for (const each of words) {
      await repository.search({ words: each, notEndedBefore: today });
      await repository.search({ words: each, notEndedBefore: today });
    }
    const ids = (await h.query<{ id: number }>(`SELECT id FROM items ORDER BY id`)).map((row) => row.id);
    const statements: string[] = [];
    for (let round = 0; round < 8; round += 1) {
      const made = await h.createItem(host, {
        garageSaleId: draw.pick(sales),
        title: `${draw.pick(WORDS)} ${draw.pick(EXTRA)}`,
        category: draw.pick(CATEGORIES),
        price: Math.round(draw.next() * 20_000) / 100,
      });
      ids.push(made.id);
      await h.query(`UPDATE items SET is_sold = NOT is_sold WHERE id = $1`, [draw.pick(ids)]);
      await h.query(`UPDATE items SET price_cents = $2 WHERE id = $1`, [draw.pick(ids), Math.round(draw.next() * 20_000)]);
      await h.query(`UPDATE items SET title = $2 WHERE id = $1`, [
        draw.pick(ids),
        `${draw.pick(WORDS)} ${draw.pick(WORDS)} ${draw.pick(EXTRA)}`,
      ]);
      await h.query(`DELETE FROM items WHERE id = $1`, [draw.pick(ids)]);
      for (const each of words) {
        const place = draw.pick(PLACES);
        for (const criteria of [
          { words: each, notEndedBefore: today },
          { words: each, notEndedBefore: today, maxPrice: 100 },
          { words: each, notEndedBefore: today, near: { ...place, radiusMiles: 40 } },
        ] satisfies SearchCriteria[]) {
          statements.push(
            ...(await h.statementsDuring(async () =>
              expect(key((await repository.search(criteria)).rows)).toEqual(key(await inSql(criteria))),
            )),
          );
        }
      }
    }
    // Every list was brought up to date from the log, never ranked anew.
    expect(statements.filter((sql) => sql.includes('item_search_changes')).length).toBeGreaterThanOrEqual(words.length * 8);
    expect(statements.filter((sql) => sql.includes(`LIMIT ${150_001}`))).toEqual([]);
  });

  it('brings the lists searched at once up to date in one query, each from its own generation', async () => {
    const draw = random(31);
    const words = [...WORDS, 'vintage lamp', 'oak OR brass', 'chair -red', 'small'];
    for (const each of words) {
      await repository.search({ words: each, notEndedBefore: today });
      await repository.search({ words: each, notEndedBefore: today });
    }
    const ids = (await h.query<{ id: number }>(`SELECT id FROM items ORDER BY id`)).map((row) => row.id);
    // Three rounds of changes, each followed by searches of only some of the words: the lists are
    // left behind by one, two or three rounds.
    for (let round = 0; round < 3; round += 1) {
      const made = await h.createItem(host, { garageSaleId: draw.pick(sales), title: `${draw.pick(WORDS)} ${draw.pick(EXTRA)}` });
      ids.push(made.id);
      await h.query(`UPDATE items SET price_cents = $2 WHERE id = $1`, [draw.pick(ids), Math.round(draw.next() * 20_000)]);
      await h.query(`UPDATE items SET title = $2 WHERE id = $1`, [draw.pick(ids), `${draw.pick(WORDS)} ${draw.pick(EXTRA)}`]);
      for (const each of words.filter((_, index) => index % 3 === round)) await repository.search({ words: each, notEndedBefore: today });
    }
    await h.query(`UPDATE items SET is_sold = true WHERE id = $1`, [draw.pick(ids)]);
    const statements = await h.statementsDuring(async () => {
      const answers = await Promise.all(words.map((each) => repository.search({ words: each, notEndedBefore: today })));
      for (const [index, each] of words.entries()) {
        expect(key(answers[index]!.rows)).toEqual(key(await inSql({ words: each, notEndedBefore: today })));
      }
    });
    // The first list asks alone; the others wait for the next query and share it. The searches
    // reach their catch-up at slightly different times, so it may take another query or two, but
    // never one per list.
    const catchUps = statements.filter((sql) => sql.includes('item_search_changes'));
    expect(catchUps.length).toBeGreaterThanOrEqual(1);
    expect(catchUps.length).toBeLessThan(words.length / 2);
    expect(statements.filter((sql) => sql.includes(`LIMIT ${150_001}`))).toEqual([]);
  });

  it('ranks a list anew once it is further behind than the pruned log reaches', async () => {
    const criteria: SearchCriteria = { words: 'bike', notEndedBefore: today };
    await repository.search(criteria);
    await repository.search(criteria);
    await h.query(`UPDATE search_generation SET n = n + $1 WHERE id = 1`, [CHANGES_KEPT_GENERATIONS]);
    await h.createItem(host, { garageSaleId: sales[0], title: 'bike brass bell' });
    expect(await repository.pruneChanges()).toBeGreaterThan(0);
    const statements = await h.statementsDuring(async () =>
      expect(key((await repository.search(criteria)).rows)).toEqual(key(await inSql(criteria))),
    );
    expect(statements.filter((sql) => sql.includes(`LIMIT ${150_001}`))).toHaveLength(1);
    expect((await repository.search(criteria)).rows.map((row) => row.title)).toContain('bike brass bell');
  });
});

describe('kept answers', () => {
  it('learn of every change when the shown generation gains a digit (as 999 → 1000): the log is read in number order', async () => {
    const [{ n }] = await h.query<{ n: string }>(`SELECT n::text FROM shown_generation WHERE id = 1`);
    const before = 10 ** String(Number(n) + 4).length - 3;
    await h.query(`UPDATE shown_generation SET n = $1 WHERE id = 1`, [before]);
    expect(await repository.shownChanges(String(before), String(before))).toEqual([]);
    // Each statement is its own transaction: one generation each, the last three of more digits.
    for (let change = 0; change < 5; change += 1) await h.query(`UPDATE users SET first_name = $2 WHERE id = $1`, [host, `Host ${change}`]);
    expect(await repository.shownChanges(String(before), String(before + 5))).toEqual(
      [1, 2, 3, 4, 5].map((step) => ({ generation: BigInt(before + step), kind: 'u', id: host })),
    );
    expect(await repository.shownChanges(String(before + 2), String(before + 5))).toHaveLength(3);
  });

  it('answer over HTTP exactly as a fresh search would, through every kind of change', async () => {
    const draw = random(31);
    const shopper = newId();
    await h.user(shopper);
    const notEndedBefore = usToday(new Date());
    const words = ['lamp', 'clock OR guitar', 'oak table'];
    const ids = (await h.query<{ id: number }>(`SELECT id FROM items ORDER BY id`)).map((row) => row.id);
    const changes = [
      async () =>
        ids.push((await h.createItem(host, { garageSaleId: draw.pick(sales), title: `${draw.pick(WORDS)} ${draw.pick(EXTRA)}` })).id),
      () => h.query(`UPDATE items SET is_reserved = NOT is_reserved WHERE id = $1`, [draw.pick(ids)]),
      () => h.query(`UPDATE items SET is_sold = NOT is_sold WHERE id = $1`, [draw.pick(ids)]),
      () => h.query(`UPDATE items SET price_cents = $2 WHERE id = $1`, [draw.pick(ids), Math.round(draw.next() * 20_000)]),
      () => h.query(`UPDATE sales SET title = $2 WHERE id = $1`, [draw.pick(sales), `Sale ${draw.next()}`]),
      () => h.query(`UPDATE users SET first_name = $2 WHERE id = $1`, [host, `Host ${draw.next()}`]),
      () => h.query(`UPDATE items SET description = 'unrelated' WHERE id = $1`, [draw.pick(ids)]),
    ];
    for (let round = 0; round < 24; round += 1) {
      await draw.pick(changes)();
      for (const each of words) {
        for (const viewer of [null, { userId: shopper } as Viewer]) {
          const { sql, params } = searchQuery({ words: each, notEndedBefore });
          const fresh = JSON.stringify(
            ((await h.service.dataSource.query(sql, params)) as SearchRow[]).map((row) => toResult(row, viewer, new Date())),
          );
          for (let again = 0; again < 2; again += 1) {
            const request = h.api().get('/api/items/search').query({ q: each });
            if (viewer) request.set('authorization', await h.bearer(shopper));
            expect((await request.expect(200)).text).toEqual(fresh);
          }
        }
      }
    }
  });
});
