import { Inject, Injectable } from '@nestjs/common';
import { approximateSalePoint } from '@garage/contracts';
import { communitySalePrintout, saleHoursOn, streetOnly } from '@garage/print';
import { Clock, notFound, SERVICE_CONFIG, type Viewer } from '@garage/service-kit';
import { siteUrl, type SalesConfig } from '../config.js';
import { addressHidden } from '../sales/sale.row.js';
import { toCommunitySale } from './community-sale.row.js';
import { CommunitySaleMembersRepository } from './community-sale-members.repository.js';
import { CommunitySalesRepository } from './community-sales.repository.js';
import { COMMUNITY_SALE_NOT_FOUND } from './community-sales.service.js';

/**
 * The printout of a community sale (made by the print library): its map and its numbered list of
 * approved sales. A member's copy has each sale's address, except a sale whose host has not let it
 * show yet (its street, and its pin within a block, as in every list); a visitor's only its street,
 * and the address never leaves this service for a visitor.
 */
@Injectable()
export class CommunitySalePrintService {
  constructor(
    @Inject(CommunitySalesRepository) private readonly communitySales: CommunitySalesRepository,
    @Inject(CommunitySaleMembersRepository) private readonly members: CommunitySaleMembersRepository,
    @Inject(SERVICE_CONFIG) private readonly config: SalesConfig,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async printout(id: number, viewer: Viewer): Promise<Buffer> {
    const view = await this.communitySales.findView(id);
    if (!view) throw notFound(COMMUNITY_SALE_NOT_FOUND);
    const communitySale = toCommunitySale(view);
    // Pending sales are the organiser's business, not a printout's.
    const sales = await this.members.list(id, { organizer: false, userId: null });
    const member = viewer !== null;
    const dates = communitySale.days.map((day) => day.date);
    const now = this.clock.now();
    return communitySalePrintout({
      name: communitySale.name,
      description: communitySale.description ?? '',
      days: communitySale.days,
      rainDate: communitySale.rainDate,
      latitude: communitySale.latitude,
      longitude: communitySale.longitude,
      radiusMiles: communitySale.radiusMiles,
      zipCodes: communitySale.zipCodes,
      pageUrl: `${siteUrl(this.config)}/community-sales/${id}`,
      audience: member ? 'member' : 'visitor',
      entries: sales.map((sale) => {
        const hidden = addressHidden(sale, now);
        const point = hidden ? approximateSalePoint(sale.id, sale.latitude, sale.longitude) : sale;
        return {
          number: sale.community_sale_number!,
          title: sale.title,
          address: member && !hidden ? sale.address : null,
          street: streetOnly(sale.address),
          latitude: point.latitude,
          longitude: point.longitude,
          hours: saleHoursOn(
            { startDate: sale.start_date, endDate: sale.end_date, startTime: sale.start_time, endTime: sale.end_time },
            dates,
          ),
          categories: sale.categories,
          itemCount: sale.item_count,
        };
      }),
    });
  }
}
