import type { EntityManager } from 'typeorm';

/** The advisory-lock namespace of the shopper's per-sale lock (any constant unique to this purpose). */
const SALE_LOCK_NAMESPACE = 6006;

/**
 * Serialises, per sale, the handlers that decide whether items of that sale are visible: an item
 * joining a sale and the sale turning active may arrive together (the broker hands a consumer
 * several messages at once). Without the lock each transaction could miss the other's uncommitted
 * change, and the item would never be matched; with it, the second one sees the first one's
 * commit. A transaction-level lock: it is released at commit or rollback. Taken before any row
 * lock, always, so two handlers never wait on each other in opposite orders.
 */
export async function lockSale(manager: EntityManager, saleId: number): Promise<void> {
  await manager.query(`SELECT pg_advisory_xact_lock($1, $2)`, [SALE_LOCK_NAMESPACE, saleId]);
}
