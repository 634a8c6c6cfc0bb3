import { Inject, Injectable } from '@nestjs/common';
import {
  cappedRadius,
  usToday,
  widerThanFree,
  type Sale,
  type SaleForm,
  type SaleListQuery,
  type SaleStatus,
  type SaleUpdate,
} from '@garage/contracts';
import { Outbox } from '@garage/event-bus';
import { badRequest, Clock, forbidden, notFound, SERVICE_CONFIG, timeZoneAt, type Viewer } from '@garage/service-kit';
import type { SalesConfig } from '../config.js';
import { CommunitySalePages } from '../community-sales/community-sale-pages.js';
import { Geocoder } from '../geocoding/geocoder.port.js';
import { SaleViews, type Client } from '../stats/sale-views.js';
import { UsersRepository } from '../users/users.repository.js';
import { SaleDayReader } from '../live-status/sale-day.js';
import { MarkdownsRepository } from '../markdowns/markdowns.repository.js';
import { readerOf, toSale, toSnapshot, type SaleRecord } from './sale.row.js';
import { SalesRepository, type SaleFields } from './sales.repository.js';

const SALE_NOT_FOUND = 'Sale not found';
const NOT_THE_OWNER = 'Only the host of this sale can change it';

@Injectable()
export class SalesService {
  constructor(
    @Inject(SalesRepository) private readonly sales: SalesRepository,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(Geocoder) private readonly geocoder: Geocoder,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) private readonly config: SalesConfig,
    @Inject(CommunitySalePages) private readonly communitySalePages: CommunitySalePages,
    @Inject(SaleViews) private readonly views: SaleViews,
    @Inject(MarkdownsRepository) private readonly markdowns: MarkdownsRepository,
  ) {}

  /**
   * Browse: active sales that have not ended, overlapping the date and hour filters; with a
   * location, those within the radius (clamped to the caller's cap), nearest first; else soonest first.
   */
  async browse(query: SaleListQuery, viewer: Viewer): Promise<Sale[]> {
    if (query.startTime && query.endTime && query.endTime <= query.startTime) {
      const message = 'End time must be after the start time';
      throw badRequest(message, [{ field: 'endTime', message }]);
    }
    const now = this.clock.now();
    const near =
      query.latitude !== undefined && query.longitude !== undefined
        ? { latitude: query.latitude, longitude: query.longitude, radiusMiles: await this.radiusFor(query.radius, viewer, now) }
        : undefined;
    const views = await this.sales.browse({
      now,
      startDate: query.startDate,
      endDate: query.endDate,
      startTime: query.startTime,
      endTime: query.endTime,
      paymentMethod: query.paymentMethod,
      near,
      limit: this.config.SALES_LIST_LIMIT,
    });
    const reader = readerOf(viewer, now);
    const day = new SaleDayReader(now);
    return views.map((view) => toSale(view, reader, day));
  }

  /** One sale; a read by anyone but its host counts as a view (`client` tells visitors apart). */
  async get(id: number, viewer: Viewer, client: Client): Promise<Sale> {
    const view = await this.sales.findView(id);
    if (!view) throw notFound(SALE_NOT_FOUND);
    this.views.read(view, viewer, client);
    return toSale(view, readerOf(viewer, this.clock.now()));
  }

  async mine(userId: number): Promise<Sale[]> {
    const now = this.clock.now();
    const reader = readerOf({ userId }, now);
    const day = new SaleDayReader(now);
    return (await this.sales.findByOwner(userId)).map((view) => toSale(view, reader, day));
  }

  async create(userId: number, form: SaleForm): Promise<Sale> {
    const fields = await this.fieldsOf(form);
    return this.outbox.transaction(async (manager, emit) => {
      const record = await this.sales.insert(manager, userId, fields);
      // The items named with the sale travel in its event; the items service, which knows who owns
      // them, moves the host's ones in as it learns of the sale (see docs/decisions.md).
      const itemIds = [...new Set(form.itemIds ?? [])];
      emit('sale.created', record.version, { ...toSnapshot(record), ...(itemIds.length > 0 ? { item_ids: itemIds } : {}) });
      return toSale((await this.sales.findView(record.id, manager))!, readerOf({ userId }, this.clock.now()));
    });
  }

  async update(userId: number, id: number, form: SaleUpdate): Promise<Sale> {
    // Who may write is answered before the ZIP is looked up, so a stranger learns nothing from a 400.
    await this.ownSale(id, userId);
    const fields = await this.fieldsOf(form);
    const today = usToday(this.clock.now());
    const updated = await this.outbox.transaction(async (manager, emit) => {
      const current = await this.sales.lock(manager, id);
      if (!current) throw notFound(SALE_NOT_FOUND);
      // The start-date rule binds only a changed start date, so a running sale stays editable.
      if (form.startDate !== current.start_date && form.startDate < today) {
        const message = 'Start date cannot be in the past';
        throw badRequest(message, [{ field: 'startDate', message }]);
      }
      const record = await this.sales.update(manager, id, fields, nextStatus(current, form));
      // Its markdowns follow its zone; one its new days or hours no longer hold is cancelled.
      await this.markdowns.followSale(manager, id, fields.timeZone);
      emit('sale.updated', record.version, toSnapshot(record));
      return {
        sale: toSale((await this.sales.findView(id, manager))!, readerOf({ userId }, this.clock.now())),
        communitySaleId: record.community_sale_id,
      };
    });
    // A sale in a community sale is shown in its list: the list is built anew.
    this.communitySalePages.forget(updated.communitySaleId);
    return updated.sale;
  }

  /** Deletes the sale; its items stay (the items service frees them on `sale.deleted`). */
  async remove(userId: number, id: number): Promise<void> {
    const communitySaleId = await this.outbox.transaction(async (manager, emit) => {
      const current = await this.sales.lock(manager, id);
      if (!current) throw notFound(SALE_NOT_FOUND);
      if (current.user_id !== userId) throw forbidden(NOT_THE_OWNER);
      await this.sales.delete(manager, id);
      // It leaves its community sale with it (its number is never given again).
      if (current.community_sale_id !== null) {
        emit('community_sale.sale_left', current.version + 1, {
          communitySaleId: current.community_sale_id,
          saleId: id,
          hostId: current.user_id,
          status: current.community_sale_status!,
          number: current.community_sale_number,
          by: 'host',
        });
      }
      emit('sale.deleted', current.version + 1, { id: current.id, user_id: current.user_id });
      return current.community_sale_id;
    });
    this.communitySalePages.forget(communitySaleId);
  }

  private async ownSale(id: number, userId: number): Promise<void> {
    const view = await this.sales.findView(id);
    if (!view) throw notFound(SALE_NOT_FOUND);
    // The owner never changes, so this answer still holds when the write takes its lock.
    if (view.user_id !== userId) throw forbidden(NOT_THE_OWNER);
  }

  /** A visitor or a free user may search up to 50 miles, a premium user up to 100; more is clamped. */
  private async radiusFor(requested: number | undefined, viewer: Viewer, now: Date): Promise<number> {
    // Membership changes the answer only past the free cap: only then is payments asked.
    const premium = viewer !== null && widerThanFree(requested) && (await this.users.isPremiumAskingPayments(viewer.userId, now));
    return cappedRadius(requested, premium);
  }

  private async fieldsOf(form: SaleForm | SaleUpdate): Promise<SaleFields> {
    const point = await this.geocoder.locate(form.zipCode);
    if (!point) {
      const message = 'ZIP code not found';
      throw badRequest(message, [{ field: 'zipCode', message }]);
    }
    return {
      title: form.title,
      description: form.description,
      address: form.address,
      city: form.city,
      state: form.state,
      zipCode: form.zipCode,
      startDate: form.startDate,
      endDate: form.endDate,
      startTime: form.startTime,
      endTime: form.endTime,
      latitude: point.latitude,
      longitude: point.longitude,
      timeZone: timeZoneAt(point.latitude, point.longitude),
      paymentMethods: form.paymentMethods ?? [],
      addressVisibleFrom: form.addressVisibleFrom ?? null,
      messagesEnabled: form.messagesEnabled ?? null,
    };
  }
}

/**
 * The owner may cancel or re-activate. A completed sale that is rescheduled is active again (its
 * end is no longer behind it; if it still is, the lifecycle job completes it again).
 */
function nextStatus(current: SaleRecord, form: SaleUpdate): SaleStatus {
  if (form.status) return form.status;
  const rescheduled =
    form.startDate !== current.start_date ||
    form.endDate !== current.end_date ||
    form.startTime !== current.start_time ||
    form.endTime !== current.end_time;
  return current.status === 'completed' && rescheduled ? 'active' : current.status;
}
