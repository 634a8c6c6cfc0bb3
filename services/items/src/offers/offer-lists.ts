import { Inject, Injectable } from '@nestjs/common';
import type { Offer, OffersQuery, TokenClaims } from '@garage/contracts';
import { Clock } from '@garage/service-kit';
import { OfferExpiryJob } from './offer-expiry.job.js';
import { toOffer } from './offer.view.js';
import { OffersRepository } from './offers.repository.js';

/** The caller's offers: those they made (`buyer`) or those made on their items (`host`). */
@Injectable()
export class OfferLists {
  constructor(
    @Inject(OffersRepository) private readonly offers: OffersRepository,
    @Inject(OfferExpiryJob) private readonly expiry: OfferExpiryJob,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async list(caller: TokenClaims, query: OffersQuery): Promise<Offer[]> {
    // The caller's offers past their time are written expired (and announced) first; any still held
    // by a write in flight read expired anyway.
    await this.expiry.sweep(caller.userId);
    const rows = await this.offers.list(caller.userId, query.role, query.itemId);
    const now = this.clock.now();
    return rows.map((row) => toOffer(row, now));
  }
}
