import { Inject, Injectable } from '@nestjs/common';
import { cappedRadius, roundMiles, SaleDays, usToday, widerThanFree, type ItemSearchQuery, type SearchResult } from '@garage/contracts';
import { Clock, compress, MIN_COMPRESSED_BYTES, type ContentEncoding, type Viewer } from '@garage/service-kit';
import { addressVisibleAtOf, saleDayOf, toItem, type SaleAudience } from '../items/item.row.js';
import { UsersRepository } from '../projections/users.repository.js';
import { AnswerCache, type Answer } from './answer-cache.js';
import { SearchRepository, type SearchCriteria, type SearchRow } from './search.repository.js';

/**
 * Search as the API answers it: the radius capped by membership, the rows from the repository,
 * each shaped for the viewer. Popular searches repeat, so the finished answer (JSON text) is kept
 * and served again while it is still what the search would answer: after one read of the two
 * generations, an answer is known true if the shown generation has not moved, or if the match list
 * it was picked from has the same content and none of the items, sales and sellers it shows are
 * among the rows changed since (ShownGeneration logs them). Answers differ only between
 * visitors and signed-in users, so those are the two kinds kept. An answer is kept from the second
 * time its search is asked: a radius around one person's location seldom comes again.
 *
 * A popular kept answer goes out compressed to a client that takes it (a browser always does),
 * compressed once and kept so: it then sends some 6 times fewer bytes, and costs less processor
 * time per request than the JSON did. Compressing costs about as much as three sends save, so an
 * answer is compressed from its third reuse; a fresh answer goes out as it is (measured side by
 * side; see docs/decisions.md).
 */
@Injectable()
export class SearchService {
  private readonly answers = new AnswerCache();

  constructor(
    @Inject(SearchRepository) private readonly repository: SearchRepository,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** The answer to a search, as JSON text; a kept one compressed in `encoding` if it is given and the text is large enough. */
  async search(query: ItemSearchQuery, viewer: Viewer, encoding?: ContentEncoding): Promise<SearchBody> {
    const words = query.q?.trim() ?? '';
    // Blank words find nothing, except inside one community sale, where they list all its items.
    if (!words && query.communitySaleId === undefined) return { body: '[]' };
    const now = this.clock.now();
    let near;
    if (query.latitude !== undefined && query.longitude !== undefined) {
      // Membership changes the answer only past the free cap: only then is payments asked.
      const premium = viewer !== null && widerThanFree(query.radius) && (await this.users.isPremiumAskingPayments(viewer.userId, now));
      near = { latitude: query.latitude, longitude: query.longitude, radiusMiles: cappedRadius(query.radius, premium) };
    }
    const criteria: SearchCriteria = {
      words,
      category: query.category,
      condition: query.condition,
      maxPrice: query.maxPrice,
      near,
      notEndedBefore: usToday(now),
      limit: query.limit,
      offset: query.offset,
      withSeller: viewer !== null,
      communitySaleId: query.communitySaleId,
    };
    const key = `${viewer ? 'member' : 'visitor'} ${JSON.stringify(criteria)}`;
    const kept = this.answers.peek(key);
    if (kept && (kept.until ?? Infinity) > now.getTime() && (await this.stillTrue(kept, criteria))) {
      const body = bodyOf(kept, encoding);
      this.answers.keep(key, kept);
      return body;
    }
    const { rows, shown, revision } = await this.repository.search(criteria);
    const days = new SaleDays(now);
    const json = JSON.stringify(rows.map((row) => toResult(row, viewer, now, days)));
    if (shown !== null) {
      const answer: Answer = {
        json,
        compressed: {},
        reuses: 0,
        shown,
        revision,
        items: new Set(rows.map((row) => row.id)),
        sales: new Set(rows.map((row) => row.s_id!)),
        users: new Set(rows.map((row) => row.s_user_id!)),
        until: firstChange(rows, now, days),
      };
      this.answers.keep(key, kept === undefined ? null : answer);
    }
    return { body: json };
  }

  /** Whether a kept answer is what the search would answer now; if so, it is marked true at now. */
  private async stillTrue(kept: Answer, criteria: SearchCriteria): Promise<boolean> {
    const now = await this.repository.generations();
    if (BigInt(kept.shown) >= BigInt(now.shown)) return true;
    if (kept.revision === null) return false;
    if ((await this.repository.listRevision(criteria, now.generation)) !== kept.revision) return false;
    const changes = await this.repository.shownChanges(kept.shown, now.shown);
    if (!changes) return false;
    const shows = { i: kept.items, s: kept.sales, u: kept.users };
    if (changes.some((change) => shows[change.kind].has(change.id))) return false;
    kept.shown = now.shown;
    return true;
  }
}

/**
 * The first moment after `now` the answer changes by the clock alone, with no event: one of the
 * rows' sales lets its address show, or its hours end on its day (it reads `ended`) or that day
 * ends (`ended` and what was said lapse).
 */
function firstChange(rows: SearchRow[], now: Date, days: SaleDays): number | null {
  let first: number | null = null;
  const consider = (at: number | null | undefined) => {
    if (at !== null && at !== undefined && at > now.getTime() && (first === null || at < first)) first = at;
  };
  for (const row of rows) {
    if (row.s_address_visible_from) consider(addressVisibleAtOf(row)?.getTime());
    const sale = saleDayOf(row, days);
    if (sale && row.s_status !== 'cancelled') consider(days.nextChange(saleHoursOf(row), sale.day));
  }
  return first;
}

const saleHoursOf = (row: SearchRow) => ({
  start_date: row.s_start_date!,
  end_date: row.s_end_date!,
  start_time: row.s_start_time!,
  end_time: row.s_end_time!,
});

/** What is sent: the JSON text, or its bytes compressed in `encoding`. */
export interface SearchBody {
  body: string | Buffer;
  encoding?: ContentEncoding;
}

/** Reuses of a kept answer before it is worth compressing. */
const REUSES_BEFORE_COMPRESSING = 2;

/** A kept answer's body for a client that takes `encoding`: compressed once per answer and encoding. */
function bodyOf(answer: Answer, encoding: ContentEncoding | undefined): SearchBody {
  answer.reuses += 1;
  if (!encoding || answer.reuses <= REUSES_BEFORE_COMPRESSING || answer.json.length < MIN_COMPRESSED_BYTES) return { body: answer.json };
  return { body: (answer.compressed[encoding] ??= compress(answer.json, encoding)), encoding };
}

/** An item plus where and when its sale is; the seller's name only for a signed-in viewer. */
export function toResult(row: SearchRow, viewer: Viewer, now: Date, days: SaleAudience['days'] = new SaleDays(now)): SearchResult {
  // Built field by field, not spread from the item: this runs for every row of every search. The
  // answer is shared by every member, so a sale's place is shown as to a member who is not its host.
  const item = toItem(row, { viewer, now, shared: true, days });
  const result: SearchResult = {
    id: item.id,
    user_id: item.user_id,
    title: item.title,
    description: item.description,
    category: item.category,
    price: item.price,
    original_price: item.original_price,
    condition: item.condition,
    dimensions: item.dimensions,
    weight: item.weight,
    brand: item.brand,
    image_urls: item.image_urls,
    is_reserved: item.is_reserved,
    is_sold: item.is_sold,
    garage_sale_id: item.garage_sale_id,
    created_at: item.created_at,
    sale_title: row.s_title ?? '',
    sale: item.sale,
    city: row.s_city ?? '',
    state: row.s_state ?? '',
    start_date: row.s_start_date ?? '',
    first_name: viewer ? row.u_first_name : null,
    last_name: viewer ? row.u_last_name : null,
  };
  if (row.distance !== null) result.distance = roundMiles(row.distance);
  return result;
}
