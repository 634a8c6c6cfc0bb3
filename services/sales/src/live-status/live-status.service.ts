import { Inject, Injectable } from '@nestjs/common';
import {
  CHECK_IN_INTERVAL_MS,
  CHECK_IN_RADIUS_MILES,
  GHOST_REPORTS,
  greatCircleMiles,
  type CheckInBody,
  type CheckInResult,
  type Sale,
  type SaidLiveState,
  type StoredLiveState,
} from '@garage/contracts';
import { Outbox, type Emit } from '@garage/event-bus';
import { badRequest, Clock, conflict, forbidden, notFound, tooManyRequests } from '@garage/service-kit';
import type { EntityManager } from 'typeorm';
import { CommunitySalePages } from '../community-sales/community-sale-pages.js';
import { readerOf, toSale, toSnapshot, type SaleRecord } from '../sales/sale.row.js';
import { SalesRepository } from '../sales/sales.repository.js';
import { CheckInsRepository } from './check-ins.repository.js';
import { SaleDayReader } from './sale-day.js';

const SALE_NOT_FOUND = 'Sale not found';

/**
 * The host's word on the day (open, winding down, closed early) and shoppers' "Still going?"
 * answers. Every write holds the sale's row lock for its whole transaction, so concurrent check-ins
 * are counted one after the other (the hourly limit and the ghost count see each other) and only
 * ever wait on that one lock: they cannot deadlock.
 */
@Injectable()
export class LiveStatusService {
  constructor(
    @Inject(SalesRepository) private readonly sales: SalesRepository,
    @Inject(CheckInsRepository) private readonly checkIns: CheckInsRepository,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(CommunitySalePages) private readonly communitySalePages: CommunitySalePages,
  ) {}

  /** PUT /api/sales/{id}/live-status: owner only (another member: 404), on a day of the sale. */
  async say(userId: number, id: number, state: SaidLiveState): Promise<Sale> {
    const now = this.clock.now();
    const days = new SaleDayReader(now);
    const result = await this.outbox.transaction(async (manager, emit) => {
      // Written first and checked after (one statement, which also answers the sale object): a
      // refusal throws, so the transaction and the write roll back. The written row still has the
      // status, days and place the checks read.
      const view = await this.sales.setLiveStateView(manager, id, state, now, true);
      if (!view || view.user_id !== userId) throw notFound(SALE_NOT_FOUND);
      if (view.status === 'cancelled' || !days.dayOf(view).onDay) throw conflict('The sale is not on today');
      announce(emit, view);
      return { sale: toSale(view, readerOf({ userId }, now), days), communitySaleId: view.community_sale_id };
    });
    this.communitySalePages.forget(result.communitySaleId);
    return result.sale;
  }

  /**
   * POST /api/sales/{id}/check-ins. Refusals that are the shopper's place or the sale's hours are
   * checked before the limit, and nothing is written for them, so they never count against it.
   */
  async checkIn(userId: number, id: number, body: CheckInBody): Promise<CheckInResult> {
    const now = this.clock.now();
    const days = new SaleDayReader(now);
    const result = await this.outbox.transaction(async (manager, emit) => {
      const current = await this.sales.lock(manager, id);
      if (!current) throw notFound(SALE_NOT_FOUND);
      if (current.user_id === userId) throw forbidden('The host cannot check in at their own sale');
      const day = days.dayOf(current);
      if (current.status !== 'active' || !day.duringHours) throw conflict('The sale is not open now');
      if (greatCircleMiles(body, current) > CHECK_IN_RADIUS_MILES) {
        const message = 'You are too far from this sale to check in';
        throw badRequest(message, [{ field: 'latitude', message }]);
      }
      // The limit, the answer and its count (and a "going"'s confirmation) in one statement.
      const after = body.going ? current.host_said_at : reportsSince(current, now);
      const answer = await this.checkIns.answer(
        manager,
        { saleId: id, userId, ...body, saleDate: day.today, at: now },
        CHECK_IN_INTERVAL_MS,
        after,
        body.going,
      );
      const { checkIn, lastAt } = answer;
      if (!checkIn) {
        throw tooManyRequests(
          (lastAt!.getTime() + CHECK_IN_INTERVAL_MS - now.getTime()) / 1000,
          'You already answered for this sale in the last hour',
        );
      }
      const record = answer.confirmation
        ? { ...current, ...answer.confirmation }
        : await this.weighReports(manager, emit, current, days.storedToday(current, day), answer.answering, now);
      return { checkIn, record };
    });
    const { checkIn, record } = result;
    // Its confirmations (and perhaps its state) show in its community sale's list too.
    this.communitySalePages.forget(record.community_sale_id);
    const { live_state, live_state_at, confirmed_at, confirmed_count } = days.read(record);
    return {
      check_in: { id: checkIn.id, sale_id: checkIn.sale_id, going: checkIn.going, created_at: checkIn.created_at.toISOString() },
      live_state,
      live_state_at,
      confirmed_at,
      confirmed_count,
    };
  }

  /**
   * A "not going": with `GHOST_REPORTS` of them from distinct shoppers in the last hour and no host
   * word since, the sale is likely over (stored and announced once). A sale its host already closed
   * early today stays so: the reports only agree with it.
   */
  private async weighReports(
    manager: EntityManager,
    emit: Emit,
    current: SaleRecord,
    stored: StoredLiveState | null,
    reports: number,
    now: Date,
  ): Promise<SaleRecord> {
    if (stored === 'likely_over' || stored === 'closed_early') return current;
    if (reports < GHOST_REPORTS) return current;
    const record = await this.sales.setLiveState(manager, current.id, 'likely_over', now, false);
    announce(emit, record);
    return record;
  }
}

/** Reports weigh from the last hour, or from the host's word if it came later. */
function reportsSince(current: SaleRecord, now: Date): Date {
  const hourAgo = new Date(now.getTime() - CHECK_IN_INTERVAL_MS);
  return current.host_said_at && current.host_said_at > hourAgo ? current.host_said_at : hourAgo;
}

/** A live state change is a new version of the sale, announced like any other change. */
function announce(emit: Emit, record: SaleRecord): void {
  emit('sale.updated', record.version, { ...toSnapshot(record), cause: { change: 'live_state' } });
}
