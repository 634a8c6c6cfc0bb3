import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** The record of who reserved which item and when (kept even if the owner later clears the flag). */
@Injectable()
export class ReservationsRepository {
  async record(manager: EntityManager, itemId: number, userId: number, at: Date): Promise<void> {
    await manager.query(`INSERT INTO reservations (item_id, user_id, reserved_at) VALUES ($1, $2, $3)`, [itemId, userId, at]);
  }
}
