import { Inject, Injectable } from '@nestjs/common';
import { COMMUNITY_SALE_MAX_SALES, type CommunitySaleEntry } from '@garage/contracts';
import type { EntityManager } from 'typeorm';
import { Outbox, type Emit } from '@garage/event-bus';
import { Clock, conflict, forbidden, notFound, type ContentEncoding, type Viewer } from '@garage/service-kit';
import { SaleDayReader } from '../live-status/sale-day.js';
import { toSale, toSnapshot, type SaleReader, type SaleRecord } from '../sales/sale.row.js';
import { SalesRepository } from '../sales/sales.repository.js';
import { CommunitySaleMembersRepository, type MemberReader, type MemberView } from './community-sale-members.repository.js';
import { CommunitySalePages, type PageBody } from './community-sale-pages.js';
import { CommunitySalesRepository } from './community-sales.repository.js';
import { CANCELLED, COMMUNITY_SALE_NOT_FOUND, fieldError, NOT_THE_ORGANIZER } from './community-sales.service.js';
import { misfit } from './fit.js';

const NOT_A_MEMBER = 'Sale not in this community sale';
const NOT_THE_HOST = 'Only the host of this sale can do this';

/**
 * The sales in a community sale: join, approve, leave or remove, and the numbered list. Every write
 * locks the community sale's row first (then the sale's), so two hosts joining at once are numbered
 * one after the other, and a number once given is never given again.
 */
@Injectable()
export class CommunitySaleEntriesService {
  constructor(
    @Inject(CommunitySalesRepository) private readonly communitySales: CommunitySalesRepository,
    @Inject(CommunitySaleMembersRepository) private readonly members: CommunitySaleMembersRepository,
    @Inject(SalesRepository) private readonly sales: SalesRepository,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(CommunitySalePages) private readonly pages: CommunitySalePages,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /**
   * The numbered list as JSON. What visitors see, and what members see who are neither the
   * organiser nor have a sale pending in it, is one answer each, kept a moment (`CommunitySalePages`),
   * as is who those two kinds of reader are.
   */
  async list(id: number, viewer: Viewer, encoding?: ContentEncoding): Promise<PageBody> {
    const readers = JSON.parse(
      (
        await this.pages.answer(id, 'readers', undefined, async () => {
          const found = await this.communitySales.readers(id, this.clock.now());
          if (!found) throw notFound(COMMUNITY_SALE_NOT_FOUND);
          return JSON.stringify(found);
        })
      ).body as string,
    ) as { organizerId: number; pendingHosts: number[]; hiddenHosts?: number[] };
    // A shared answer is read as by no one in particular: a sale whose address is not shown yet is
    // approximated in it; its host gets an answer of their own, with their sale whole.
    const build = async (reader: MemberReader) => {
      const now = this.clock.now();
      const audience: SaleReader = { signedIn: viewer !== null, userId: reader.userId, now };
      const days = new SaleDayReader(now);
      return JSON.stringify((await this.members.list(id, reader)).map((view) => toEntry(view, audience, days)));
    };
    if (viewer === null) return this.pages.answer(id, 'sales visitor', encoding, () => build({ organizer: false, userId: null }));
    const organizer = viewer.userId === readers.organizerId;
    if (organizer || readers.pendingHosts.includes(viewer.userId) || readers.hiddenHosts?.includes(viewer.userId)) {
      return { body: await build({ organizer, userId: viewer.userId }) };
    }
    return this.pages.answer(id, 'sales member', encoding, () => build({ organizer: false, userId: null }));
  }

  /** The host joins with their sale; joining again answers the entry as it is (`created: false`). */
  async join(userId: number, id: number, saleId: number): Promise<{ entry: CommunitySaleEntry; created: boolean }> {
    return this.written(id, async (manager, emit) => {
      const communitySale = await this.communitySales.lock(manager, id);
      if (!communitySale) throw notFound(COMMUNITY_SALE_NOT_FOUND);
      const sale = await this.sales.lock(manager, saleId);
      if (!sale) throw notFound('Sale not found');
      if (sale.user_id !== userId) throw forbidden(NOT_THE_HOST);
      if (sale.community_sale_id === id) return { entry: await this.entryOf(manager, saleId, userId), created: false };
      if (communitySale.status === 'cancelled') throw conflict(CANCELLED);
      if (sale.community_sale_id !== null) throw fieldError('saleId', 'This sale is already in another community sale');
      if (sale.status !== 'active') throw fieldError('saleId', 'Only an active sale can join');
      const reason = misfit(sale, communitySale);
      if (reason) throw fieldError('saleId', reason);
      if ((await this.members.count(manager, id)) >= COMMUNITY_SALE_MAX_SALES) {
        throw fieldError('saleId', `This community sale is full (${COMMUNITY_SALE_MAX_SALES} sales)`);
      }
      const approved = !communitySale.requires_approval;
      const number = approved ? await this.communitySales.takeNumber(manager, id) : null;
      const record = await this.members.setMembership(manager, saleId, {
        communitySaleId: id,
        status: approved ? 'approved' : 'pending',
        number,
      });
      this.announce(emit, record, 'joined', id);
      return { entry: await this.entryOf(manager, saleId, userId), created: true };
    });
  }

  /** The organiser approves a pending sale, which takes the next number; approving again answers the same. */
  async approve(userId: number, id: number, saleId: number): Promise<CommunitySaleEntry> {
    return this.written(id, async (manager, emit) => {
      const communitySale = await this.communitySales.lock(manager, id);
      if (!communitySale) throw notFound(COMMUNITY_SALE_NOT_FOUND);
      if (communitySale.organizer_id !== userId) throw forbidden(NOT_THE_ORGANIZER);
      const sale = await this.sales.lock(manager, saleId);
      if (!sale || sale.community_sale_id !== id) throw notFound(NOT_A_MEMBER);
      if (sale.community_sale_status === 'approved') return this.entryOf(manager, saleId, userId);
      if (communitySale.status === 'cancelled') throw conflict(CANCELLED);
      const number = await this.communitySales.takeNumber(manager, id);
      const record = await this.members.setMembership(manager, saleId, { communitySaleId: id, status: 'approved', number });
      this.announce(emit, record, 'approved', id);
      return this.entryOf(manager, saleId, userId);
    });
  }

  /** The sale's host leaves, or the organiser removes it; its number goes with it, never to be given again. */
  async leave(userId: number, id: number, saleId: number): Promise<void> {
    await this.written(id, async (manager, emit) => {
      const communitySale = await this.communitySales.lock(manager, id);
      if (!communitySale) throw notFound(COMMUNITY_SALE_NOT_FOUND);
      const sale = await this.sales.lock(manager, saleId);
      if (!sale || sale.community_sale_id !== id) throw notFound(NOT_A_MEMBER);
      const by = sale.user_id === userId ? 'host' : communitySale.organizer_id === userId ? 'organizer' : null;
      if (by === null) throw forbidden('Only the sale’s host or the organiser can do this');
      const record = await this.members.setMembership(manager, saleId, null);
      emit('sale.updated', record.version, { ...toSnapshot(record, true), cause: { communitySaleId: id, change: 'left' } });
      emit('community_sale.sale_left', record.version, {
        communitySaleId: id,
        saleId,
        hostId: sale.user_id,
        status: sale.community_sale_status!,
        number: sale.community_sale_number,
        by,
      });
    });
  }

  /** A write in one transaction; the kept answers of the community sale are forgotten once it is in. */
  private async written<R>(id: number, work: (manager: EntityManager, emit: Emit) => Promise<R>): Promise<R> {
    try {
      return await this.outbox.transaction(work);
    } finally {
      this.pages.forget(id);
    }
  }

  private announce(emit: Emit, record: SaleRecord, change: 'joined' | 'approved', id: number) {
    emit('sale.updated', record.version, { ...toSnapshot(record), cause: { communitySaleId: id, change } });
    emit(change === 'joined' ? 'community_sale.sale_joined' : 'community_sale.sale_approved', record.version, {
      communitySaleId: id,
      saleId: record.id,
      hostId: record.user_id,
      status: record.community_sale_status!,
      number: record.community_sale_number,
    });
  }

  /** The entry as its host (who just wrote it) or the organiser sees it (the organiser as any member). */
  private async entryOf(manager: EntityManager, saleId: number, userId: number): Promise<CommunitySaleEntry> {
    const view = (await this.members.one(manager, saleId))!;
    const now = this.clock.now();
    return toEntry(view, { signedIn: true, userId, now }, new SaleDayReader(now));
  }
}

function toEntry(view: MemberView, reader: SaleReader, days: SaleDayReader): CommunitySaleEntry {
  return {
    number: view.community_sale_number,
    status: view.community_sale_status,
    sale: toSale(view, reader, days),
    categories: view.categories,
  };
}
