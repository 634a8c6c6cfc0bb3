import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { ROUTE_PLAN_MAX_SALES, type CommunitySaleFilters, type RoutePlanBody } from '@garage/contracts';
import type { KnownCommunitySale, KnownSale } from '@garage/event-bus';
import { badRequest, InjectDataSource, notFound } from '@garage/service-kit';
import { CommunitySalesRepository } from '../projections/community-sales.repository.js';

/** The sales a route plan visits, and each one's number in its community sale (when the plan is made from one). */
export interface SelectedSales {
  saleIds: number[];
  /** Sale id → number, for a plan made from a community sale. */
  numbers: Map<number, number> | null;
}

/**
 * Which sales a route plan visits: the `saleIds` named, or, from `communitySaleId`, the sales
 * approved in that community sale (by number) narrowed by `filters`: its `numbers`, the sales with
 * an item in one of `categories`, the sales with an item matching `q` (read as item search reads
 * words). Categories and words are answered from this service's own copy of items (the one saved
 * searches are matched against), not by asking items: it already holds every item's sale, category
 * and words, and a plan is one query over at most 400 sales.
 *
 * A community sale this copy has not heard of yet is asked of the sales service, whose answer names
 * its sales and their numbers.
 */
@Injectable()
export class CommunitySaleSelection {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(CommunitySalesRepository) private readonly communitySales: CommunitySalesRepository,
  ) {}

  async of(body: RoutePlanBody): Promise<SelectedSales> {
    if (body.communitySaleId === null) return { saleIds: body.saleIds, numbers: null };
    const communitySale = await this.communitySales.findOrAsk(body.communitySaleId);
    if (!communitySale) throw notFound('Community sale not found');
    if (communitySale.status === 'cancelled') throw fieldError('communitySaleId', 'This community sale is cancelled');
    let approved = communitySale.salesFromOwner ? numbered(communitySale.salesFromOwner) : await this.approvedSales(communitySale.id);
    // None here would refuse the caller: the sales' approvals may still be on their way, so the owner is asked once.
    if (approved.length === 0 && !communitySale.salesFromOwner)
      approved = numbered((await this.communitySales.ask(communitySale.id))?.salesFromOwner ?? []);
    if (approved.length === 0) throw fieldError('communitySaleId', 'This community sale has no sales yet');
    const chosen = await this.narrowed(approved, body.filters);
    if (chosen.length === 0) throw fieldError('filters', 'No sale of this community sale matches the filters');
    if (chosen.length > ROUTE_PLAN_MAX_SALES) {
      throw fieldError('filters', `At most ${ROUTE_PLAN_MAX_SALES} sales per plan: choose fewer with the filters`);
    }
    chosen.sort((a, b) => a.number - b.number);
    return { saleIds: chosen.map((sale) => sale.id), numbers: new Map(chosen.map((sale) => [sale.id, sale.number])) };
  }

  private approvedSales(communitySaleId: number): Promise<Array<{ id: number; number: number }>> {
    return this.dataSource.query(
      `SELECT id, community_sale_number AS number FROM sales
       WHERE community_sale_id = $1 AND community_sale_status = 'approved' AND community_sale_number IS NOT NULL AND NOT deleted`,
      [communitySaleId],
    );
  }

  private async narrowed(
    sales: Array<{ id: number; number: number }>,
    filters: CommunitySaleFilters | null,
  ): Promise<Array<{ id: number; number: number }>> {
    if (!filters) return sales;
    let chosen = sales;
    if (filters.numbers.length > 0) {
      const numbers = new Set(filters.numbers);
      chosen = chosen.filter((sale) => numbers.has(sale.number));
    }
    if (chosen.length > 0 && (filters.categories.length > 0 || filters.q !== null)) {
      const rows: Array<{ sale_id: number }> = await this.dataSource.query(
        `SELECT s.id AS sale_id FROM unnest($1::int[]) AS s(id)
         WHERE ($2::text[] IS NULL OR EXISTS (
                 SELECT 1 FROM items i WHERE i.garage_sale_id = s.id AND NOT i.deleted AND NOT i.is_sold AND i.category = ANY($2::text[])))
           AND ($3::text IS NULL OR EXISTS (
                 SELECT 1 FROM items i WHERE i.garage_sale_id = s.id AND NOT i.deleted AND NOT i.is_sold
                   AND i.words @@ websearch_to_tsquery('english', $3::text)))`,
        [chosen.map((sale) => sale.id), filters.categories.length > 0 ? filters.categories : null, filters.q],
      );
      const matching = new Set(rows.map((row) => row.sale_id));
      chosen = chosen.filter((sale) => matching.has(sale.id));
    }
    return chosen;
  }
}

/** The approved sales of the owner's answer, with their numbers. */
function numbered(sales: NonNullable<KnownCommunitySale['salesFromOwner']>): Array<{ id: number; number: number }> {
  return sales
    .filter((entry) => entry.status === 'approved' && entry.number !== null)
    .map((entry) => ({ id: entry.saleId, number: entry.number! }));
}

/** A stop's number in its community sale: the plan's own choice, else the sale's standing there. */
export function communitySaleNumberOf(selected: SelectedSales, sale: KnownSale): number | null {
  const chosen = selected.numbers?.get(sale.id);
  if (chosen !== undefined) return chosen;
  return sale.community_sale_status === 'approved' ? (sale.community_sale_number ?? null) : null;
}

function fieldError(field: string, message: string) {
  return badRequest(message, [{ field, message }]);
}
