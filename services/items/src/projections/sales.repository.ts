import { Inject, Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { SaleProjection } from '@garage/event-bus';
import { InjectDataSource, Owners } from '@garage/service-kit';

/**
 * The items service's copy of sales (see `SaleProjection`): which sales exist and who hosts them,
 * to accept a write naming one; search reads their place and dates from the items they hold.
 */
@Injectable()
export class SalesRepository extends SaleProjection {
  constructor(@InjectDataSource() dataSource: DataSource, @Inject(Owners) owners: Owners) {
    super(dataSource, (id) => owners.sale(id));
  }

  /**
   * Serialises a write into a sale this copy has not heard of yet (taken on the sales service's
   * word, with no row here to lock for share) with that sale's deletion being applied: whichever
   * commits second sees the other. A transaction-level advisory lock, taken before any row lock.
   */
  async lockSaleId(manager: EntityManager, saleId: number): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock($1, $2)`, [SALE_LOCK_NAMESPACE, saleId]);
  }
}

/** The advisory-lock namespace of `lockSaleId` (any constant unique to this purpose). */
const SALE_LOCK_NAMESPACE = 6003;
