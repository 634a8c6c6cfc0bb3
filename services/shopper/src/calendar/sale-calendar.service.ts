import { Inject, Injectable } from '@nestjs/common';
import { Clock, notFound, SERVICE_CONFIG, timeZoneAt, type Viewer } from '@garage/service-kit';
import type { SaleRow } from '@garage/event-bus';
import { siteUrl, type ShopperConfig } from '../config.js';
import { SalesRepository } from '../projections/sales.repository.js';
import { plannablePlace } from '../route-plans/sale-place.js';
import type { CalendarEvent } from './calendar.types.js';
import { calendarFile } from './ics.js';

/**
 * Only if a sale has no coordinates (its ZIP could not be placed); sales are geocoded when written,
 * so this is a fallback that never applies to a sale created through the API.
 */
const FALLBACK_TIME_ZONE = 'America/Chicago';

/**
 * "Add to calendar" on a sale: one event in the sale's own time zone (looked up from its
 * location), recurring daily with the daily hours when the sale runs several days. Visitors get
 * the city and state only, as everywhere (contract, "What a visitor may see").
 */
@Injectable()
export class SaleCalendarService {
  constructor(
    @Inject(SalesRepository) private readonly sales: SalesRepository,
    @Inject(SERVICE_CONFIG) private readonly config: ShopperConfig,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async calendar(saleId: number, viewer: Viewer): Promise<{ filename: string; body: string }> {
    // "Add to calendar" on a sale created a moment ago may come before its sale.created: the sales
    // service is asked for it then.
    const sale = await this.sales.findOrAsk(saleId);
    if (!sale || sale.deleted) throw notFound('Sale not found');
    return { filename: `garage-sale-${saleId}.ics`, body: calendarFile([this.eventOf(sale, viewer)]) };
  }

  private eventOf(sale: SaleRow, viewer: Viewer): CalendarEvent {
    const url = `${siteUrl(this.config)}/sales/${sale.id}`;
    // Before the host lets the address show, a member who is not the host gets the street alone.
    const address = viewer?.userId === sale.user_id ? sale.address : plannablePlace(sale, this.clock.now()).address;
    const place = viewer ? `${address}, ${sale.city}, ${sale.state} ${sale.zip_code}` : `${sale.city}, ${sale.state}`;
    const multiDay = sale.end_date > sale.start_date;
    // Daily hours that end before they start (a sale open overnight) make one span, not a daily event.
    const daily = multiDay && sale.end_time > sale.start_time;
    return {
      uid: `sale-${sale.id}@garage`,
      title: sale.status === 'cancelled' ? `Cancelled: ${sale.title}` : sale.title,
      description: [sale.description, `Details: ${url}`].filter(Boolean).join('\n\n'),
      location: place,
      url,
      startDate: sale.start_date,
      startTime: sale.start_time,
      endDate: daily ? sale.start_date : sale.end_date,
      endTime: sale.end_time,
      timeZone: sale.latitude !== null && sale.longitude !== null ? timeZoneAt(sale.latitude, sale.longitude) : FALLBACK_TIME_ZONE,
      ...(daily ? { dailyUntil: sale.end_date } : {}),
    };
  }
}
