import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import type { TokenClaims } from '@garage/contracts';
import { CurrentUser, IdPipe, SignedIn } from '@garage/service-kit';
import type { Reply } from '../community-sales/community-sale-pages.js';
import { SaleSignService } from './sale-sign.service.js';

@Controller('api/sales')
export class SaleSignController {
  constructor(@Inject(SaleSignService) private readonly signs: SaleSignService) {}

  /** The yard sign as a PDF, shown in the browser (and saved under a name that says what it is). */
  @Get(':id/sign.pdf')
  @SignedIn()
  async sign(
    @CurrentUser() caller: TokenClaims,
    @Param('id', IdPipe) id: number,
    @Res({ passthrough: true }) reply: Reply,
  ): Promise<Buffer> {
    const pdf = await this.signs.sign(caller.userId, id);
    void reply.header('content-type', 'application/pdf');
    void reply.header('content-disposition', `inline; filename="yard-sign-${id}.pdf"`);
    return pdf;
  }
}
