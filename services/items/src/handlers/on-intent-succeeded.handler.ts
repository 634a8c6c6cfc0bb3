import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { AnyEvent } from '@garage/contracts';
import { InboxContext, InboxHandler } from '@garage/service-kit';
import { ReservationPayments } from '../reservations/paying.js';

/**
 * A reservation paid by card while the shopper never came back to the pay step: payments verified
 * and deduplicated the provider's webhook and says so with `payment.intent_succeeded`. Applying it
 * twice, or after the pay step already did, changes nothing (the reservation is no longer pending).
 */
@Controller()
export class OnIntentSucceededHandler {
  constructor(@Inject(ReservationPayments) private readonly payments: ReservationPayments) {}

  @InboxHandler('items.reservation-paid', ['payment.intent_succeeded'])
  async handle(@Payload() event: AnyEvent, @Ctx() context: unknown): Promise<void> {
    const { manager, emit } = InboxContext.of(context);
    if (event.type !== 'payment.intent_succeeded') return;
    const data = event.data;
    await this.payments.applyPayment(
      {
        id: data.paymentIntentId,
        status: 'succeeded',
        amountCents: data.amountCents,
        currency: data.currency,
        userId: data.userId,
        purpose: data.purpose,
      },
      manager,
      emit,
    );
  }
}
