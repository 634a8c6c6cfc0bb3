import { Inject, Injectable } from '@nestjs/common';
import { addDays } from '@garage/contracts';
import { yardSign, type PrintDay } from '@garage/print';
import { notFound, SERVICE_CONFIG } from '@garage/service-kit';
import { siteUrl, type SalesConfig } from '../config.js';
import { SalesRepository } from './sales.repository.js';

/** The longest run of days a sign lists one by one; a longer sale is printed as its first and last day. */
const DAYS_LISTED = 31;

/**
 * The host's yard sign (made by the print library): the sale's title, its days and hours on its own
 * clock, a space for an arrow, and a QR code to the sale's page. The host's alone: to anyone else the
 * sale is not there (404), as every owner-only call answers.
 */
@Injectable()
export class SaleSignService {
  constructor(
    @Inject(SalesRepository) private readonly sales: SalesRepository,
    @Inject(SERVICE_CONFIG) private readonly config: SalesConfig,
  ) {}

  async sign(userId: number, id: number): Promise<Buffer> {
    const sale = await this.sales.find(id);
    if (!sale || sale.user_id !== userId) throw notFound('Sale not found');
    return yardSign({
      title: sale.title,
      days: saleDays(sale),
      pageUrl: `${siteUrl(this.config)}/sales/${id}`,
      arrow: 'blank',
    });
  }
}

/** Each day of the sale with its hours (the same hours every day, as a sale has them). */
export function saleDays(sale: { start_date: string; end_date: string; start_time: string; end_time: string }): PrintDay[] {
  const days: PrintDay[] = [];
  for (let date = sale.start_date; date <= sale.end_date && days.length < DAYS_LISTED; date = addDays(date, 1)) {
    days.push({ date, startTime: sale.start_time, endTime: sale.end_time });
  }
  const last = days.at(-1);
  if (last && last.date < sale.end_date) days.push({ date: sale.end_date, startTime: sale.start_time, endTime: sale.end_time });
  return days;
}
