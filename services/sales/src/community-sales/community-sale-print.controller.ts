import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import { CurrentViewer, IdPipe, type Viewer } from '@garage/service-kit';
import type { Reply } from './community-sale-pages.js';
import { CommunitySalePrintService } from './community-sale-print.service.js';

@Controller('api/community-sales')
export class CommunitySalePrintController {
  constructor(@Inject(CommunitySalePrintService) private readonly printing: CommunitySalePrintService) {}

  /** The printout as a PDF, shown in the browser (and saved under a name that says what it is). */
  @Get(':id/print.pdf')
  async print(@Param('id', IdPipe) id: number, @CurrentViewer() viewer: Viewer, @Res({ passthrough: true }) reply: Reply): Promise<Buffer> {
    const pdf = await this.printing.printout(id, viewer);
    void reply.header('content-type', 'application/pdf');
    void reply.header('content-disposition', `inline; filename="community-sale-${id}.pdf"`);
    return pdf;
  }
}
