import { Inject, Injectable } from '@nestjs/common';
import { SaleDays, type AvailabilityBody, type AvailabilityItem, type TokenClaims } from '@garage/contracts';
import { Clock } from '@garage/service-kit';
import { toItem, type ItemRow } from '../items/item.row.js';
import { ItemsRepository } from '../items/items.repository.js';
import { conflictReason, windowsOverlap } from './conflict-reason.js';

/**
 * Which of the caller's unsold items can join a sale held at the given dates and hours: an item
 * cannot be in two places at once, so one that sits in another active sale whose dates and hours
 * overlap is marked unavailable, with the reason. The picker still lets the host select it.
 */
@Injectable()
export class AvailabilityService {
  constructor(
    @Inject(ItemsRepository) private readonly items: ItemsRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async check(caller: TokenClaims, window: AvailabilityBody): Promise<AvailabilityItem[]> {
    const rows = await this.items.listByOwner(caller.userId, false);
    const now = this.clock.now();
    const days = new SaleDays(now);
    return rows.map((row) => {
      const conflicting = this.conflicts(row, window);
      return {
        ...toItem(row, { viewer: caller, now, days }),
        is_available: !conflicting,
        conflict_reason: conflicting
          ? conflictReason({ title: row.s_title ?? '', startDate: row.s_start_date!, endDate: row.s_end_date!, address: row.s_address })
          : null,
      };
    });
  }

  private conflicts(row: ItemRow, window: AvailabilityBody): boolean {
    if (row.s_id === null || row.s_status !== 'active' || row.s_id === window.currentSaleId) return false;
    if (!row.s_start_date || !row.s_end_date || !row.s_start_time || !row.s_end_time) return false;
    return windowsOverlap(window, {
      startDate: row.s_start_date,
      endDate: row.s_end_date,
      startTime: row.s_start_time,
      endTime: row.s_end_time,
    });
  }
}
