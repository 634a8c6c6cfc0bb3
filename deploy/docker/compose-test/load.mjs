/** Clients through nginx under which restarts and replicas are checked. */
import { api, isoDay, newSale, register, word } from './client.mjs';

const SEARCH_WORDS = ['lamp', 'chair', 'table', 'bike', 'book', 'toy', 'tools', 'brass'];

/** Clients of mixed searches and writes through nginx until `stop()`; counts every answer. */
export async function startLoad(clients, { writes = true } = {}) {
  const accounts = await Promise.all(Array.from({ length: clients }, () => register('load')));
  const sales = await Promise.all(accounts.map((account) => newSale(account)));
  const stats = { requests: 0, failed: 0, byStatus: {}, errors: [], latencies: [], items: new Map(), dependent: [], dependentFailed: 0 };
  for (const sale of sales) stats.items.set(sale.id, 0);
  let running = true;
  const timed = async (fn) => {
    const t0 = performance.now();
    try {
      return await fn();
    } finally {
      stats.latencies.push(performance.now() - t0);
      stats.requests += 1;
    }
  };
  const request = async (method, url, account, body) => {
    try {
      return await timed(() => api(method, url, { token: account?.token, body }));
    } catch (error) {
      stats.failed += 1;
      const key = error.status ?? 'network';
      stats.byStatus[key] = (stats.byStatus[key] ?? 0) + 1;
      if (stats.errors.length < 10) stats.errors.push(`${new Date().toISOString().slice(11, 23)} ${error.message}`);
      return null;
    }
  };
  const client = async (i) => {
    const account = accounts[i];
    let sale = sales[i];
    while (running) {
      const roll = Math.random();
      if (roll < 0.5 || !writes) {
        await request('GET', `/api/items/search?q=${SEARCH_WORDS[Math.floor(Math.random() * SEARCH_WORDS.length)]}`);
      } else if (roll < 0.6) {
        await request('GET', '/api/sales');
      } else if (roll < 0.65) {
        await request('GET', '/api/alerts/unread-count', account);
      } else if (roll < 0.8) {
        await request('GET', `/api/sales/${sale.id}`);
      } else if (roll < 0.96) {
        const item = await request('POST', '/api/items', account, {
          title: `${SEARCH_WORDS[i % SEARCH_WORDS.length]} ${word()}`,
          category: 'Other',
          price: 3,
          condition: 'good',
          garageSaleId: sale.id,
        });
        if (item) stats.items.set(sale.id, stats.items.get(sale.id) + 1);
      } else {
        // A new sale, and at once an item in it: the items replica that takes the item may not
        // have applied the sale's event yet, and then asks sales.
        const fresh = await request('POST', '/api/sales', account, {
          title: `Sale ${word()}`,
          description: 'More.',
          address: '1 Main St',
          city: 'Springfield',
          state: 'IL',
          zipCode: '62701',
          startDate: isoDay(0),
          endDate: isoDay(1),
          startTime: '00:00',
          endTime: '23:59',
        });
        if (!fresh) continue;
        stats.items.set(fresh.id, 0);
        const t0 = performance.now();
        const item = await request('POST', '/api/items', account, {
          title: `chair ${word()}`,
          category: 'Other',
          price: 3,
          condition: 'good',
          garageSaleId: fresh.id,
        });
        stats.dependent.push(performance.now() - t0);
        if (item) {
          stats.items.set(fresh.id, 1);
          sale = fresh;
        } else stats.dependentFailed += 1;
      }
    }
  };
  const loops = accounts.map((_, i) => client(i));
  const t0 = Date.now();
  return {
    stats,
    sales: () => [...stats.items.entries()],
    async stop() {
      running = false;
      await Promise.all(loops);
      stats.seconds = (Date.now() - t0) / 1000;
      return stats;
    },
  };
}
