import { Inject, Injectable } from '@nestjs/common';
import {
  DEFAULT_RADIUS_MILES,
  FREE_MAX_RADIUS_MILES,
  PREMIUM_MAX_RADIUS_MILES,
  type ItemSearchQuery,
  type SearchResult,
} from '@garage/contracts';
import { Clock, dateAtOffset, type Viewer } from '@garage/service-kit';
import { toItem } from '../items/item.row.js';
import { UsersRepository } from '../projections/users.repository.js';
import { SearchRepository, type SearchRow } from './search.repository.js';

/** Hawaii (UTC−10) is the last US state to finish a day: a sale is over only once its date has passed there. */
const LATEST_US_OFFSET_HOURS = -10;

@Injectable()
export class SearchService {
  constructor(
    @Inject(SearchRepository) private readonly repository: SearchRepository,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async search(query: ItemSearchQuery, viewer: Viewer): Promise<SearchResult[]> {
    const words = query.q?.trim() ?? '';
    if (!words) return [];
    const now = this.clock.now();
    let near;
    if (query.latitude !== undefined && query.longitude !== undefined) {
      // A larger radius is clamped, not refused: 50 miles for visitors and free users, 100 for premium.
      const cap = viewer && (await this.users.isPremium(viewer.userId, now)) ? PREMIUM_MAX_RADIUS_MILES : FREE_MAX_RADIUS_MILES;
      near = { latitude: query.latitude, longitude: query.longitude, radiusMiles: Math.min(query.radius ?? DEFAULT_RADIUS_MILES, cap) };
    }
    const rows = await this.repository.search({
      words,
      category: query.category,
      condition: query.condition,
      maxPrice: query.maxPrice,
      near,
      notEndedBefore: dateAtOffset(now, LATEST_US_OFFSET_HOURS),
    });
    return rows.map((row) => toResult(row, viewer));
  }
}

/** An item plus where and when its sale is; the seller's name only for a signed-in viewer. */
function toResult(row: SearchRow, viewer: Viewer): SearchResult {
  const item = toItem(row, viewer);
  return {
    ...item,
    city: row.s_city ?? '',
    state: row.s_state ?? '',
    start_date: row.s_start_date ?? '',
    sale_title: row.s_title ?? '',
    first_name: viewer ? row.u_first_name : null,
    last_name: viewer ? row.u_last_name : null,
    ...(row.distance === null ? {} : { distance: Math.round(row.distance * 10) / 10 }),
  };
}
