import { Inject, Injectable } from '@nestjs/common';
import { MARKDOWN_NOT_FOUND, MARKDOWN_NOT_SCHEDULED, zonedTimeToUtc, type Markdown, type MarkdownCreate } from '@garage/contracts';
import { Outbox } from '@garage/event-bus';
import { badRequest, Clock, conflict, notFound, timeZoneAt } from '@garage/service-kit';
import { SalesRepository } from '../sales/sales.repository.js';
import type { SaleRecord } from '../sales/sale.row.js';
import { MarkdownsRepository, toMarkdown } from './markdowns.repository.js';

const SALE_NOT_FOUND = 'Sale not found';

/**
 * A host's scheduled markdowns. Every call is the owner's: anyone else is answered as if the sale
 * (or the markdown) did not exist, so a stranger learns nothing.
 */
@Injectable()
export class MarkdownsService {
  constructor(
    @Inject(MarkdownsRepository) private readonly markdowns: MarkdownsRepository,
    @Inject(SalesRepository) private readonly sales: SalesRepository,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async schedule(userId: number, body: MarkdownCreate): Promise<Markdown> {
    return this.outbox.transaction(async (manager) => {
      // Locked so a concurrent edit of the sale's days cannot slip between the check and the insert.
      const sale = await this.sales.lock(manager, body.saleId);
      if (!sale || sale.user_id !== userId) throw notFound(SALE_NOT_FOUND);
      if (sale.status !== 'active') throw conflict('The sale is not active');
      const dueAt = dueAtOf(sale, body.startsAt, this.clock.now());
      return toMarkdown(await this.markdowns.insert(manager, sale.id, body.percentOff, body.startsAt, dueAt));
    });
  }

  async list(userId: number, saleId: number): Promise<Markdown[]> {
    const sale = await this.sales.find(saleId);
    if (!sale || sale.user_id !== userId) throw notFound(SALE_NOT_FOUND);
    return (await this.markdowns.listForSale(saleId)).map(toMarkdown);
  }

  async cancel(userId: number, id: number): Promise<void> {
    await this.outbox.transaction(async (manager) => {
      const markdown = await this.markdowns.lock(manager, id);
      if (!markdown || markdown.host_id !== userId) throw notFound(MARKDOWN_NOT_FOUND);
      if (markdown.status !== 'scheduled') throw conflict(MARKDOWN_NOT_SCHEDULED);
      await this.markdowns.cancel(manager, id);
    });
  }
}

/**
 * The instant `startsAt` names on the sale's clock, if it is a moment the sale is on (one of its
 * days, within its hours) and still ahead; otherwise a 400 naming `startsAt`.
 */
export function dueAtOf(sale: SaleRecord, startsAt: string, now: Date): Date {
  const date = startsAt.slice(0, 10);
  const time = startsAt.slice(11, 16);
  const refuse = (message: string) => badRequest(message, [{ field: 'startsAt', message }]);
  if (date < sale.start_date || date > sale.end_date) throw refuse('Starts at must be on one of the sale’s days');
  if (time < sale.start_time || time >= sale.end_time) {
    throw refuse(`Starts at must be within the sale’s hours (${sale.start_time}–${sale.end_time})`);
  }
  const dueAt = zonedTimeToUtc(date, time, timeZoneAt(sale.latitude, sale.longitude));
  if (dueAt.getTime() <= now.getTime()) throw refuse('Starts at must be in the future');
  return dueAt;
}
