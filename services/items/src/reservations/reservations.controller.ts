import { Controller, HttpCode, Inject, Param, Post } from '@nestjs/common';
import type { Item, TokenClaims } from '@garage/contracts';
import { CurrentUser, IdPipe, SignedIn } from '@garage/service-kit';
import { ReservationsService } from './reservations.service.js';

@Controller('api/items')
export class ReservationsController {
  constructor(@Inject(ReservationsService) private readonly reservations: ReservationsService) {}

  @Post(':id/reserve')
  @SignedIn()
  @HttpCode(200)
  reserve(@CurrentUser() caller: TokenClaims, @Param('id', IdPipe) id: number): Promise<Item> {
    return this.reservations.reserve(caller, id);
  }
}
