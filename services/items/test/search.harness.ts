import { ItemsHarness, newId } from './harness.js';

export type Result = { id: number; title: string; distance?: number; first_name: string | null; sale: Record<string, unknown> };

/** Springfield IL, where the search tests' own sale is. */
export const springfield = { latitude: 39.8, longitude: -89.65 };

/**
 * The item search tests' world on the items service: a seller (Sam Seller, with a phone and a
 * rating), a free shopper, a premium member and one whose membership lapsed; the seller's sales
 * in Springfield and about 37, 75 and 185 miles from it (Chicago), a cancelled one and one whose
 * last day is long past. Start it in `beforeAll`, close it in `afterAll`.
 */
export class SearchWorld {
  h!: ItemsHarness;
  readonly host = newId();
  readonly shopper = newId();
  readonly premium = newId();
  readonly lapsed = newId();
  readonly here = newId();
  readonly near = newId();
  readonly far = newId();
  readonly chicago = newId();
  readonly cancelled = newId();
  readonly ended = newId();

  async start(): Promise<void> {
    const h = (this.h = await ItemsHarness.launch());
    const host = this.host;
    await h.user(host, { firstName: 'Sam', lastName: 'Seller', phone: '555-0199', rating: 4.2 });
    await h.user(this.shopper);
    await h.user(this.premium, { premiumExpiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString() });
    await h.user(this.lapsed, { premiumExpiresAt: new Date(Date.now() - 86_400_000).toISOString() });
    await h.sale(this.here, host, { title: 'Springfield Sale', city: 'Springfield', state: 'IL', ...springfield });
    await h.sale(this.near, host, { title: 'Decatur Sale', city: 'Decatur', latitude: 39.8, longitude: -88.95 });
    await h.sale(this.far, host, { title: 'Champaign Sale', city: 'Champaign', latitude: 39.8, longitude: -88.24 });
    await h.sale(this.chicago, host, { title: 'Chicago Sale', city: 'Chicago', latitude: 41.88, longitude: -87.63 });
    await h.sale(this.cancelled, host, { status: 'cancelled' });
    // Still "active" (its status lags), but its last day is long past.
    await h.sale(this.ended, host, { start_date: '2000-01-01', end_date: '2000-01-02' });
  }

  async close(): Promise<void> {
    await this.h?.close();
  }

  search = async (query: Record<string, string | number>, userId?: number) => {
    const request = this.h.api().get('/api/items/search').query(query);
    if (userId) request.set('authorization', await this.h.bearer(userId));
    const response = await request;
    if (response.status !== 200) throw new Error(`search ${JSON.stringify(query)}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body as Result[];
  };

  titles = (results: Result[]) => results.map((result) => result.title);

  /** An item of the seller's, in `saleId` (none if null). */
  item = (saleId: number | null, body: Record<string, unknown>) =>
    this.h.createItem(this.host, { garageSaleId: saleId, category: 'Other', price: 10, ...body });
}
