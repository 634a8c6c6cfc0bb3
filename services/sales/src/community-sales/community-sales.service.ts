import { Inject, Injectable } from '@nestjs/common';
import {
  cappedRadius,
  usToday,
  widerThanFree,
  type CommunitySale,
  type CommunitySaleBody,
  type CommunitySaleInternal,
  type CommunitySaleListQuery,
} from '@garage/contracts';
import type { EntityManager } from 'typeorm';
import { Outbox, type Emit } from '@garage/event-bus';
import {
  badRequest,
  Clock,
  conflict,
  forbidden,
  notFound,
  SERVICE_CONFIG,
  timeZoneAt,
  type ContentEncoding,
  type Viewer,
} from '@garage/service-kit';
import type { SalesConfig } from '../config.js';
import { Geocoder } from '../geocoding/geocoder.port.js';
import { toSnapshot, type SaleRecord } from '../sales/sale.row.js';
import { SalesRepository } from '../sales/sales.repository.js';
import { UsersRepository } from '../users/users.repository.js';
import { toCommunitySale, toCommunitySaleSnapshot, type CommunitySaleRecord } from './community-sale.row.js';
import { CommunitySaleMembersRepository, type SaleMove } from './community-sale-members.repository.js';
import { CommunitySalesRepository, type CommunitySaleFields } from './community-sales.repository.js';
import { CommunitySalePages, type PageBody } from './community-sale-pages.js';
import { misfit } from './fit.js';
import { MarkdownsRepository } from '../markdowns/markdowns.repository.js';

export const COMMUNITY_SALE_NOT_FOUND = 'Community sale not found';
export const NOT_THE_ORGANIZER = 'Only the organiser of this community sale can do this';
export const CANCELLED = 'This community sale is cancelled';

/** Community sales themselves: organise, edit, list, cancel, move to the rain date. */
@Injectable()
export class CommunitySalesService {
  constructor(
    @Inject(CommunitySalesRepository) private readonly communitySales: CommunitySalesRepository,
    @Inject(CommunitySaleMembersRepository) private readonly members: CommunitySaleMembersRepository,
    @Inject(SalesRepository) private readonly sales: SalesRepository,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(Geocoder) private readonly geocoder: Geocoder,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) private readonly config: SalesConfig,
    @Inject(CommunitySalePages) private readonly pages: CommunitySalePages,
    @Inject(MarkdownsRepository) private readonly markdowns: MarkdownsRepository,
  ) {}

  async list(query: CommunitySaleListQuery, viewer: Viewer): Promise<CommunitySale[]> {
    const now = this.clock.now();
    let sale: SaleRecord | null = null;
    if (query.saleId !== undefined) {
      sale = await this.sales.find(query.saleId);
      // Only the host asks which community sales their sale fits; to anyone else it is no sale.
      if (!sale || viewer === null || sale.user_id !== viewer.userId) throw notFound('Sale not found');
    }
    const fitting = sale
      ? { latitude: sale.latitude, longitude: sale.longitude, zipCode: sale.zip_code, startDate: sale.start_date, endDate: sale.end_date }
      : undefined;
    const near =
      query.latitude !== undefined && query.longitude !== undefined
        ? { latitude: query.latitude, longitude: query.longitude, radiusMiles: await this.radiusFor(query.radius, viewer, now) }
        : undefined;
    const views = await this.communitySales.list({
      today: usToday(now),
      startDate: query.startDate,
      endDate: query.endDate,
      near,
      fitting,
      limit: this.config.SALES_LIST_LIMIT,
    });
    return (sale ? views.filter((view) => misfit(sale, view) === null) : views).map(toCommunitySale);
  }

  /** The community sale as JSON, the same for everyone: kept a moment (`CommunitySalePages`). */
  async get(id: number, encoding?: ContentEncoding): Promise<PageBody> {
    return this.pages.answer(id, 'community sale', encoding, async () => {
      const view = await this.communitySales.findView(id);
      if (!view) throw notFound(COMMUNITY_SALE_NOT_FOUND);
      return JSON.stringify(toCommunitySale(view));
    });
  }

  async create(organizerId: number, body: CommunitySaleBody): Promise<CommunitySale> {
    const today = usToday(this.clock.now());
    if (body.days[0]!.date < today) throw fieldError('days.0.date', 'The first day cannot be in the past');
    const fields = await this.fieldsOf(body);
    return this.outbox.transaction(async (manager, emit) => {
      const record = await this.communitySales.insert(manager, organizerId, fields);
      emit('community_sale.created', record.version, toCommunitySaleSnapshot(record));
      return toCommunitySale((await this.communitySales.findView(record.id, manager))!);
    });
  }

  async update(userId: number, id: number, body: CommunitySaleBody): Promise<CommunitySale> {
    // Who may write is answered before ZIPs are looked up, so a stranger learns nothing from a 400.
    const current = await this.communitySales.findView(id);
    if (!current) throw notFound(COMMUNITY_SALE_NOT_FOUND);
    if (current.organizer_id !== userId) throw forbidden(NOT_THE_ORGANIZER);
    const fields = await this.fieldsOf(body);
    const today = usToday(this.clock.now());
    return this.written(id, async (manager, emit) => {
      const locked = await this.ownLocked(manager, id, userId);
      if (locked.status === 'cancelled') throw conflict(CANCELLED);
      // As with a sale, the past-date rule binds only a changed first day, so a running one stays editable.
      if (body.days[0]!.date !== locked.days[0]?.date && body.days[0]!.date < today) {
        throw fieldError('days.0.date', 'The first day cannot be in the past');
      }
      const record = await this.communitySales.update(manager, id, fields);
      emit('community_sale.updated', record.version, toCommunitySaleSnapshot(record));
      return toCommunitySale((await this.communitySales.findView(id, manager))!);
    });
  }

  /** Cancels it; its sales stay as their hosts left them. Cancelling again answers the same. */
  async cancel(userId: number, id: number): Promise<CommunitySale> {
    return this.written(id, async (manager, emit) => {
      const locked = await this.ownLocked(manager, id, userId);
      if (locked.status === 'scheduled') {
        const saleIds = (await this.members.lockAll(manager, id)).map((sale) => sale.id);
        const record = await this.communitySales.setStatus(manager, id, 'cancelled');
        emit('community_sale.cancelled', record.version, { ...toCommunitySaleSnapshot(record), saleIds });
      }
      return toCommunitySale((await this.communitySales.findView(id, manager))!);
    });
  }

  /**
   * Moves it to its rain date: one day with the first day's hours, and every sale in it to that
   * date in the same transaction. A sale keeps its hours when they make a day (opening before
   * closing), else takes the community sale's. Each sale's move is a `sale.updated` with its cause,
   * so shopper tells people once, on `community_sale.moved_to_rain_date`.
   */
  async moveToRainDate(userId: number, id: number): Promise<CommunitySale> {
    const today = usToday(this.clock.now());
    return this.written(id, async (manager, emit) => {
      const locked = await this.ownLocked(manager, id, userId);
      if (locked.status === 'cancelled') throw conflict(CANCELLED);
      if (locked.rain_date === null) throw fieldError('rainDate', 'This community sale has no rain date');
      if (locked.rain_date < today) throw fieldError('rainDate', 'The rain date is in the past');
      const first = locked.days[0]!;
      const day = { date: locked.rain_date, startTime: first.startTime, endTime: first.endTime };
      const sales = await this.members.lockAll(manager, id);
      const moves: SaleMove[] = sales.map((sale) => {
        const ownHours = sale.start_time < sale.end_time;
        return {
          saleId: sale.id,
          startTime: ownHours ? sale.start_time : day.startTime,
          endTime: ownHours ? sale.end_time : day.endTime,
          timeZone: timeZoneAt(sale.latitude, sale.longitude),
        };
      });
      const moved = await this.members.moveAll(manager, day.date, moves);
      // A markdown was set for the old day's clock: it is cancelled, not carried to a day the host did not choose.
      for (const move of moves) await this.markdowns.followSale(manager, move.saleId, move.timeZone);
      const record = await this.communitySales.moveTo(manager, id, day);
      for (const sale of moved) {
        emit('sale.updated', sale.version, { ...toSnapshot(sale), cause: { communitySaleId: id, change: 'moved_to_rain_date' } });
      }
      emit('community_sale.moved_to_rain_date', record.version, {
        ...toCommunitySaleSnapshot(record),
        saleIds: moved.map((sale) => sale.id),
        previousDays: locked.days,
      });
      return toCommunitySale((await this.communitySales.findView(id, manager))!);
    });
  }

  /** This service's word on one community sale, for a service whose projection has not heard of it. */
  async internal(id: number): Promise<CommunitySaleInternal> {
    const view = await this.communitySales.findView(id);
    if (!view) throw notFound(COMMUNITY_SALE_NOT_FOUND);
    const { distance: _distance, ...communitySale } = toCommunitySale(view);
    const sales = (await this.members.members(id)).map((row) => ({
      saleId: row.id,
      number: row.community_sale_number,
      status: row.community_sale_status,
    }));
    return { communitySale, sales };
  }

  /** A write in one transaction; the kept answers of the community sale are forgotten once it is in. */
  private async written<R>(id: number, work: (manager: EntityManager, emit: Emit) => Promise<R>): Promise<R> {
    try {
      return await this.outbox.transaction(work);
    } finally {
      this.pages.forget(id);
    }
  }

  private async ownLocked(manager: EntityManager, id: number, userId: number): Promise<CommunitySaleRecord> {
    const locked = await this.communitySales.lock(manager, id);
    if (!locked) throw notFound(COMMUNITY_SALE_NOT_FOUND);
    if (locked.organizer_id !== userId) throw forbidden(NOT_THE_ORGANIZER);
    return locked;
  }

  /** A visitor or a free user may search up to 50 miles, a premium user up to 100; more is clamped. */
  private async radiusFor(requested: number | undefined, viewer: Viewer, now: Date): Promise<number> {
    const premium = viewer !== null && widerThanFree(requested) && (await this.users.isPremiumAskingPayments(viewer.userId, now));
    return cappedRadius(requested, premium);
  }

  /** The form with its centre: given, or for a ZIP list the middle of its ZIPs' centres (each must exist). */
  private async fieldsOf(body: CommunitySaleBody): Promise<CommunitySaleFields> {
    let latitude = body.latitude;
    let longitude = body.longitude;
    if (body.zipCodes.length > 0) {
      const points = await Promise.all(body.zipCodes.map((zip) => this.geocoder.locate(zip)));
      const missing = points.findIndex((point) => point === null);
      if (missing >= 0) throw fieldError(`zipCodes.${missing}`, 'ZIP code not found');
      latitude = mean(points.map((point) => point!.latitude));
      longitude = mean(points.map((point) => point!.longitude));
    }
    return {
      name: body.name,
      description: body.description,
      latitude: latitude!,
      longitude: longitude!,
      radiusMiles: body.zipCodes.length > 0 ? null : body.radiusMiles,
      zipCodes: body.zipCodes,
      days: body.days,
      rainDate: body.rainDate,
      coverImageUrl: body.coverImageUrl,
      requiresApproval: body.requiresApproval,
    };
  }
}

export function fieldError(field: string, message: string) {
  return badRequest(message, [{ field, message }]);
}

function mean(values: number[]): number {
  return Math.round((values.reduce((sum, value) => sum + value, 0) / values.length) * 1e6) / 1e6;
}
