import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { AnyEvent } from '@garage/contracts';
import { InboxContext, InboxHandler, LOGGER, type Logger } from '@garage/service-kit';
import { toSnapshot } from '../users/user.row.js';
import { UsersRepository } from '../users/users.repository.js';

/**
 * A seller's rating is the average of the stars shoppers gave them after collecting a reserved
 * item (`reservation.rated`), and `rating_count` how many gave one. The rating is kept once per
 * reservation and the figures recomputed from all of them; a change is published as `user.updated`,
 * so sales and items show the new rating wherever they show the seller.
 */
@Controller()
export class OnReservationRatedHandler {
  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @InboxHandler('auth.ratings.on-reservation-rated', ['reservation.rated'])
  async handle(@Payload() event: AnyEvent, @Ctx() context: unknown): Promise<void> {
    const { manager, emit } = InboxContext.of(context);
    if (event.type !== 'reservation.rated') return;
    const { reservation_id, host_id, user_id, stars, review } = event.data;
    // Ratings of one host applied at once are serialised on the host's row, so each recount sees the others.
    await manager.query(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, [host_id]);
    const inserted: unknown[] = await manager.query(
      `INSERT INTO host_ratings (reservation_id, host_id, rated_by, stars, review) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (reservation_id) DO NOTHING RETURNING 1`,
      [reservation_id, host_id, user_id, stars, review],
    );
    if (inserted.length === 0) return;
    const [updated]: [unknown[], number] = await manager.query(
      `UPDATE users u SET rating = round(r.average, 2), rating_count = r.n, version = u.version + 1, updated_at = now()
       FROM (SELECT avg(stars) AS average, count(*)::int AS n FROM host_ratings WHERE host_id = $1) r
       WHERE u.id = $1 RETURNING u.id`,
      [host_id],
    );
    if (updated.length === 0) {
      this.logger.warn({ eventId: event.id, hostId: host_id }, 'rating of an unknown host kept; no user to update');
      return;
    }
    const host = (await this.users.findById(host_id, manager))!;
    emit('user.updated', host.version, toSnapshot(host));
  }
}
