import { Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { InjectDataSource } from '@garage/service-kit';

/** The "Still going?" answers a sale has had, for its stats. */
export interface CheckInTotals {
  going: number;
  notGoing: number;
}

/**
 * Where a sale's stats get its check-in totals. An abstract class so Nest can inject it by type;
 * the check-ins feature owns the table, and the stats only read its totals through this.
 */
export abstract class CheckInCounter {
  abstract totals(saleId: number): Promise<CheckInTotals>;
}

/** The totals straight from the check-ins table, `sale_check_ins(sale_id, user_id, going, created_at)`. */
@Injectable()
export class SaleCheckInsCounter extends CheckInCounter {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
  }

  async totals(saleId: number): Promise<CheckInTotals> {
    const [row] = await this.dataSource.query(
      `SELECT count(*) FILTER (WHERE going)::int AS going, count(*) FILTER (WHERE NOT going)::int AS not_going
         FROM sale_check_ins WHERE sale_id = $1`,
      [saleId],
    );
    return { going: row?.going ?? 0, notGoing: row?.not_going ?? 0 };
  }
}
