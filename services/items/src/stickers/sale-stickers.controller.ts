import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import type { TokenClaims } from '@garage/contracts';
import { CurrentUser, IdPipe, SignedIn } from '@garage/service-kit';
import { SaleStickersService } from './sale-stickers.service.js';

/** What the controller sets on Fastify's reply. */
interface Reply {
  header(name: string, value: string): unknown;
}

/** Under `/api/sales`, but the items service's: the gateway sends this one path here. */
@Controller('api/sales')
export class SaleStickersController {
  constructor(@Inject(SaleStickersService) private readonly stickers: SaleStickersService) {}

  /** The price stickers as a PDF, shown in the browser (and saved under a name that says what it is). */
  @Get(':id/stickers.pdf')
  @SignedIn()
  async print(
    @CurrentUser() caller: TokenClaims,
    @Param('id', IdPipe) id: number,
    @Res({ passthrough: true }) reply: Reply,
  ): Promise<Buffer> {
    const pdf = await this.stickers.stickers(caller.userId, id);
    void reply.header('content-type', 'application/pdf');
    void reply.header('content-disposition', `inline; filename="price-stickers-${id}.pdf"`);
    return pdf;
  }
}
