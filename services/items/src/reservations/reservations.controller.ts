import { Body, Controller, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import {
  collectBodySchema,
  ratingBodySchema,
  type CollectBody,
  type HostedReservation,
  type Item,
  type MyReservation,
  type RatingBody,
  type Reservation,
  type TokenClaims,
} from '@garage/contracts';
import { CurrentUser, IdPipe, SignedIn, ZodPipe } from '@garage/service-kit';
import { Collecting } from './collecting.js';
import { ReservationPayments } from './paying.js';
import { Payouts } from './payouts.js';
import { Ratings } from './ratings.js';
import { ReservationEndings } from './reservation-endings.js';
import { ReservationLists } from './reservation-lists.js';
import { Reserving } from './reserving.js';

@Controller('api/items')
export class ReserveController {
  constructor(@Inject(Reserving) private readonly reserving: Reserving) {}

  /** The contract's reserve (200 item with `is_reserved: true`), plus the reservation it opened. */
  @Post(':id/reserve')
  @SignedIn()
  @HttpCode(200)
  reserve(@CurrentUser() caller: TokenClaims, @Param('id', IdPipe) id: number): Promise<Item & { reservation: Reservation }> {
    return this.reserving.reserve(caller, id);
  }
}

/** Premium calls beyond the contract (docs/api-premium.md). */
@Controller('api/reservations')
export class ReservationsController {
  constructor(
    @Inject(ReservationLists) private readonly lists: ReservationLists,
    @Inject(ReservationPayments) private readonly payments: ReservationPayments,
    @Inject(ReservationEndings) private readonly endings: ReservationEndings,
    @Inject(Collecting) private readonly collecting: Collecting,
    @Inject(Ratings) private readonly ratings: Ratings,
  ) {}

  @Get('mine')
  @SignedIn()
  mine(@CurrentUser() caller: TokenClaims): Promise<MyReservation[]> {
    return this.lists.mine(caller);
  }

  @Get('by-sale/:saleId')
  @SignedIn()
  ofSale(@CurrentUser() caller: TokenClaims, @Param('saleId', IdPipe) saleId: number): Promise<HostedReservation[]> {
    return this.lists.ofSale(caller, saleId);
  }

  @Get(':id')
  @SignedIn()
  get(@CurrentUser() caller: TokenClaims, @Param('id', IdPipe) id: number): Promise<Reservation> {
    return this.payments.get(caller, id);
  }

  @Post(':id/pay')
  @SignedIn()
  @HttpCode(200)
  pay(@CurrentUser() caller: TokenClaims, @Param('id', IdPipe) id: number): Promise<Reservation> {
    return this.payments.pay(caller, id);
  }

  @Post(':id/cancel')
  @SignedIn()
  @HttpCode(200)
  cancel(@CurrentUser() caller: TokenClaims, @Param('id', IdPipe) id: number): Promise<Reservation> {
    return this.endings.cancel(caller, id);
  }

  @Post(':id/collect')
  @SignedIn()
  @HttpCode(200)
  collect(
    @CurrentUser() caller: TokenClaims,
    @Param('id', IdPipe) id: number,
    @Body(new ZodPipe(collectBodySchema)) body: CollectBody,
  ): Promise<HostedReservation> {
    return this.collecting.collect(caller, id, body);
  }

  @Post(':id/rating')
  @SignedIn()
  @HttpCode(201)
  rate(
    @CurrentUser() caller: TokenClaims,
    @Param('id', IdPipe) id: number,
    @Body(new ZodPipe(ratingBodySchema)) body: RatingBody,
  ): Promise<{ stars: number; review: string | null }> {
    return this.ratings.rate(caller, id, body);
  }
}

@Controller('api/payouts')
export class PayoutsController {
  constructor(@Inject(Payouts) private readonly payouts: Payouts) {}

  /** The host's payout account (Stripe Connect Express) and the link to finish setting it up. */
  @Post('onboarding')
  @SignedIn()
  @HttpCode(200)
  onboarding(@CurrentUser() caller: TokenClaims): Promise<{ url: string; accountId: string }> {
    return this.payouts.onboarding(caller);
  }
}
