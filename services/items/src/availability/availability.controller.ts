import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { availabilityBodySchema, type AvailabilityBody, type AvailabilityItem, type TokenClaims } from '@garage/contracts';
import { CurrentUser, SignedIn, ZodPipe } from '@garage/service-kit';
import { AvailabilityService } from './availability.service.js';

@Controller('api/items')
export class AvailabilityController {
  constructor(@Inject(AvailabilityService) private readonly availability: AvailabilityService) {}

  @Post('availability')
  @SignedIn()
  @HttpCode(200)
  check(
    @CurrentUser() caller: TokenClaims,
    @Body(new ZodPipe(availabilityBodySchema)) body: AvailabilityBody,
  ): Promise<AvailabilityItem[]> {
    return this.availability.check(caller, body);
  }
}
