import { Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { InjectDataSource } from '@garage/service-kit';

/** The reservations of a sale's items, whatever became of them, and how many were picked up. */
@Injectable()
export class SaleStatsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async reservations(saleId: number): Promise<{ reservations: number; pickups: number }> {
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS reservations, count(*) FILTER (WHERE status = 'collected')::int AS pickups
         FROM reservations WHERE sale_id = $1`,
      [saleId],
    );
    return { reservations: row?.reservations ?? 0, pickups: row?.pickups ?? 0 };
  }
}
