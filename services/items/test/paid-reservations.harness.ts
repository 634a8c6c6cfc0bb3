import { expect } from '@jest/globals';
import { reservationSchema, type ReservationSnapshot } from '@garage/contracts';
import { PaymentProvider, SimulatedPaymentProvider } from '@garage/payment-provider';
import { ItemsHarness, newId } from './harness.js';

const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString();

/**
 * The paid reservations' cast on the items service with the simulated payment provider: a host,
 * a premium shopper who reserves and pays, and a premium stranger who may not see it; and the
 * steps and records the tests read. Start it in `beforeAll`, close it in `afterAll`.
 */
export class PaidReservations {
  h!: ItemsHarness;
  provider!: SimulatedPaymentProvider;
  readonly host = newId();
  readonly shopper = newId();
  readonly stranger = newId();

  async start(): Promise<void> {
    this.h = await ItemsHarness.launch({ RESERVATION_SWEEP_MS: '100' });
    this.provider = this.h.service.app.get(PaymentProvider) as SimulatedPaymentProvider;
    await this.h.user(this.host);
    await this.h.user(this.shopper, { premiumExpiresAt: inAMonth() });
    await this.h.user(this.stranger, { premiumExpiresAt: inAMonth() });
  }

  async close(): Promise<void> {
    await this.h?.close();
  }

  as = async (userId: number) => ({ authorization: await this.h.bearer(userId) });

  /** An item of the host's in a sale of theirs, reserved by the shopper; the reserve's answer. */
  reserved = async (saleId: number, price = 12.34) => {
    const item = await this.h.createItem(this.host, { garageSaleId: saleId, price });
    const response = await this.h
      .api()
      .post(`/api/items/${item.id}/reserve`)
      .set(await this.as(this.shopper));
    expect(response.status).toBe(200);
    return { item, reservation: reservationSchema.parse(response.body.reservation) };
  };

  pay = async (id: number) => {
    const response = await this.h
      .api()
      .post(`/api/reservations/${id}/pay`)
      .set(await this.as(this.shopper));
    expect(response.status).toBe(200);
    return reservationSchema.parse(response.body);
  };

  eventsOf = (id: number) => this.h.events.filter((e) => e.type.startsWith('reservation.') && (e.data as ReservationSnapshot).id === id);

  ledger = (id: number) =>
    this.h.query(`SELECT kind, amount_cents, status, provider_ref FROM reservation_ledger WHERE reservation_id = $1 ORDER BY id`, [id]);

  itemOf = async (id: number) => (await this.h.api().get(`/api/items/${id}`)).body;
}
