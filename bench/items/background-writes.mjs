/**
 * What runs beside the search load in `bench:search`'s write scenarios: price changes at a steady
 * rate, and the freshness probe. Each returns a stop function that resolves to what it counted.
 */

/** Changes `perSecond` random items' prices while it runs: each change moves both search generations. */
export function writer(db, itemCount, perSecond) {
  let running = true;
  let changes = 0;
  const done = (async () => {
    while (running) {
      const id = 1 + Math.floor(Math.random() * itemCount);
      await db.query(`UPDATE items.items SET price_cents = CASE WHEN price_cents > 0 THEN price_cents - 1 ELSE 1 END WHERE id = $1`, [id]);
      changes += 1;
      await new Promise((resolve) => setTimeout(resolve, 1000 / perSecond));
    }
  })();
  return async () => {
    running = false;
    await done;
    return changes;
  };
}

/**
 * Freshness (issue 31: "a change is searchable within 1 s"): once a second, a new item with a word
 * no other item has, searched three times first (so the service keeps its empty list and answer),
 * is added; the time from the insert's commit to the first search through the gateway that shows
 * it is recorded. Each probe item is deleted afterwards, so the data stays as generated.
 */
export function freshnessProbe(db, gatewayUrl) {
  let running = true;
  const delays = [];
  const done = (async () => {
    for (let probe = 0; running; probe += 1) {
      const word = `probe${Date.now().toString(36)}x${probe}`;
      const searchFor = async () => (await (await fetch(`${gatewayUrl}/api/items/search?q=${word}`)).json()).map((result) => result.id);
      for (let ask = 0; ask < 3; ask += 1) await searchFor();
      const {
        rows: [{ id }],
      } = await db.query(
        `INSERT INTO items.items (user_id, garage_sale_id, title, category, price_cents, condition, sale_active, sale_latitude, sale_longitude, sale_end_date)
         SELECT s.user_id, s.id, $1, 'Other', 500, 'good', true, s.latitude, s.longitude, s.end_date
         FROM items.sales s WHERE s.status = 'active' AND s.end_date >= current_date ORDER BY s.id LIMIT 1
         RETURNING id`,
        [`Probe ${word}`],
      );
      const committed = performance.now();
      let searches = 1;
      for (; !(await searchFor()).includes(id); searches += 1) {
        if (performance.now() - committed > 10_000) throw new Error(`probe item ${id} not searchable after 10 s`);
      }
      delays.push({ ms: performance.now() - committed, searches });
      await db.query(`DELETE FROM items.items WHERE id = $1`, [id]);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  })();
  return async () => {
    running = false;
    await done;
    return delays;
  };
}
