import { Inject, Injectable } from '@nestjs/common';
import type { HostedReservation, MyReservation, TokenClaims } from '@garage/contracts';
import { notFound } from '@garage/service-kit';
import { SalesRepository } from '../projections/sales.repository.js';
import { toHosted, toReservation } from './reservation.view.js';
import { ReservationsRepository } from './reservations.repository.js';

/** The shopper's reservations, and the reservations of a host's sale. */
@Injectable()
export class ReservationLists {
  constructor(
    @Inject(ReservationsRepository) private readonly reservations: ReservationsRepository,
    @Inject(SalesRepository) private readonly sales: SalesRepository,
  ) {}

  async mine(caller: TokenClaims): Promise<MyReservation[]> {
    const rows = await this.reservations.listForShopper(caller.userId);
    return rows.map((row) => ({
      ...toReservation(row, null),
      item: { id: row.item_id, title: row.item_title, image_urls: (row.image_urls as string[] | null) ?? [] },
      sale:
        row.sale_id !== null && row.start_date
          ? {
              id: row.sale_id,
              title: row.sale_title as string,
              address: row.address as string | null,
              city: row.city as string | null,
              state: row.state as string | null,
              start_date: row.start_date as string,
              end_date: row.end_date as string,
              start_time: row.start_time as string,
              end_time: row.end_time as string,
            }
          : null,
    }));
  }

  /** The reservations of one of the caller's sales (host only). */
  async ofSale(caller: TokenClaims, saleId: number): Promise<HostedReservation[]> {
    const sale = await this.sales.findOrAsk(saleId);
    if (!sale || sale.deleted || sale.user_id !== caller.userId) throw notFound('Sale not found or unauthorized');
    const rows = await this.reservations.listForSale(saleId);
    return rows.map(toHosted);
  }
}
