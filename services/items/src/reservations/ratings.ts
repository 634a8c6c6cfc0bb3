import { Inject, Injectable } from '@nestjs/common';
import type { RatingBody, TokenClaims } from '@garage/contracts';
import { Outbox } from '@garage/event-bus';
import { conflict, notFound } from '@garage/service-kit';
import { RESERVATION_NOT_FOUND } from './reservation.view.js';
import { ReservationsRepository } from './reservations.repository.js';

/** After a pickup, the shopper rates the host once; auth keeps the host's average from `reservation.rated`. */
@Injectable()
export class Ratings {
  constructor(
    @Inject(ReservationsRepository) private readonly reservations: ReservationsRepository,
    @Inject(Outbox) private readonly outbox: Outbox,
  ) {}

  async rate(caller: TokenClaims, id: number, body: RatingBody): Promise<{ stars: number; review: string | null }> {
    await this.outbox.transaction(async (manager, emit) => {
      const reservation = await this.reservations.findById(id, manager, true);
      if (!reservation || reservation.user_id !== caller.userId) throw notFound(RESERVATION_NOT_FOUND);
      if (reservation.status !== 'collected') throw conflict('Only a collected reservation can be rated');
      const rating = { reservationId: id, hostId: reservation.host_id, userId: caller.userId, stars: body.stars, review: body.review };
      if (!(await this.reservations.insertRating(manager, rating))) throw conflict('You have already rated this reservation');
      emit('reservation.rated', 1, {
        reservation_id: id,
        host_id: reservation.host_id,
        user_id: caller.userId,
        stars: body.stars,
        review: body.review,
      });
    });
    return { stars: body.stars, review: body.review };
  }
}
