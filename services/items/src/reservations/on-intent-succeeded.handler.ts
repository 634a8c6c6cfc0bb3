import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AnyEvent, EventType } from '@garage/contracts';
import type { Emit, EventHandler } from '@garage/event-bus';
import { ReservationsService } from './reservations.service.js';

/**
 * A reservation paid by card while the shopper never came back to the pay step: payments verified
 * and deduplicated the provider's webhook and says so with `payment.intent_succeeded`. Applying it
 * twice, or after the pay step already did, changes nothing (the reservation is no longer pending).
 */
@Injectable()
export class OnIntentSucceededHandler implements EventHandler {
  readonly id = 'items.reservation-paid';
  readonly events: EventType[] = ['payment.intent_succeeded'];

  constructor(@Inject(ReservationsService) private readonly reservations: ReservationsService) {}

  async handle(event: AnyEvent, manager: EntityManager, _headers: unknown, emit: Emit): Promise<void> {
    if (event.type !== 'payment.intent_succeeded') return;
    const data = event.data;
    await this.reservations.applyPayment(
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
