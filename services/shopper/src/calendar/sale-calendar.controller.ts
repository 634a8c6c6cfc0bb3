import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CurrentViewer, IdPipe, type Viewer } from '@garage/service-kit';
import { sendCalendar } from './calendar-reply.js';
import { SaleCalendarService } from './sale-calendar.service.js';

/** `GET /api/sales/{id}/calendar.ics`: public; the gateway routes this one path of /api/sales here. */
@Controller('api/sales')
export class SaleCalendarController {
  constructor(@Inject(SaleCalendarService) private readonly calendars: SaleCalendarService) {}

  @Get(':id/calendar.ics')
  async calendar(
    @Param('id', IdPipe) id: number,
    @CurrentViewer() viewer: Viewer,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    return sendCalendar(reply, await this.calendars.calendar(id, viewer));
  }
}
