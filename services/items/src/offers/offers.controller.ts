import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import { offerBodySchema, offersQuerySchema, type Offer, type OfferBody, type OffersQuery, type TokenClaims } from '@garage/contracts';
import { CurrentUser, IdPipe, SignedIn, ZodPipe } from '@garage/service-kit';
import { AnsweringOffers } from './answering-offers.js';
import { MakingOffers } from './making-offers.js';
import { OfferLists } from './offer-lists.js';

/** Offers on items and their answers (premium to make; libs/contracts/src/operations/offers.ts). */
@Controller('api')
export class OffersController {
  constructor(
    @Inject(MakingOffers) private readonly making: MakingOffers,
    @Inject(AnsweringOffers) private readonly answering: AnsweringOffers,
    @Inject(OfferLists) private readonly lists: OfferLists,
  ) {}

  @Post('items/:id/offers')
  @SignedIn()
  @HttpCode(201)
  make(
    @CurrentUser() caller: TokenClaims,
    @Param('id', IdPipe) id: number,
    @Body(new ZodPipe(offerBodySchema)) body: OfferBody,
  ): Promise<Offer> {
    return this.making.make(caller, id, body);
  }

  @Get('offers')
  @SignedIn()
  list(@CurrentUser() caller: TokenClaims, @Query(new ZodPipe(offersQuerySchema)) query: OffersQuery): Promise<Offer[]> {
    return this.lists.list(caller, query);
  }

  @Post('offers/:id/accept')
  @SignedIn()
  @HttpCode(200)
  accept(@CurrentUser() caller: TokenClaims, @Param('id', IdPipe) id: number): Promise<Offer> {
    return this.answering.answer(caller, id, 'accept');
  }

  @Post('offers/:id/decline')
  @SignedIn()
  @HttpCode(200)
  decline(@CurrentUser() caller: TokenClaims, @Param('id', IdPipe) id: number): Promise<Offer> {
    return this.answering.answer(caller, id, 'decline');
  }

  @Post('offers/:id/counter')
  @SignedIn()
  @HttpCode(200)
  counter(
    @CurrentUser() caller: TokenClaims,
    @Param('id', IdPipe) id: number,
    @Body(new ZodPipe(offerBodySchema)) body: OfferBody,
  ): Promise<Offer> {
    return this.answering.answer(caller, id, 'counter', body.amount);
  }

  @Post('offers/:id/withdraw')
  @SignedIn()
  @HttpCode(200)
  withdraw(@CurrentUser() caller: TokenClaims, @Param('id', IdPipe) id: number): Promise<Offer> {
    return this.answering.answer(caller, id, 'withdraw');
  }
}
