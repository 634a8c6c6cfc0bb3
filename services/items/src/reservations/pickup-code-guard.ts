import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { RATE_LIMITS } from '@garage/contracts';
import { Outbox } from '@garage/event-bus';
import { DEV_DEFAULTS, MemoryRateLimiter, RedisRateLimiter, SERVICE_CONFIG, tooManyRequests, type RateLimiter } from '@garage/service-kit';
import type { ItemsConfig } from '../config.js';
import { toReservationSnapshot, type ReservationRow } from './reservations.repository.js';

export const RESERVATION_LOCKED = 'Too many wrong pickup codes for this reservation. Try again later.';
export const HOST_LOCKED = 'Too many wrong pickup codes. Try again later.';

/** How a collect attempt ended, for the counts. */
export type CollectOutcome = 'collected' | 'wrong-code' | 'other';

/**
 * Limits pickup-code guessing (a code has about 30 bits): after PICKUP_CODE_FAILURES_PER_RESERVATION
 * wrong codes for one reservation, collecting it is locked for PICKUP_CODE_LOCK_SECONDS and its
 * shopper is told (`reservation.pickup_locked`, an alert in the app); a host may enter at most
 * PICKUP_CODE_FAILURES_PER_HOST wrong codes an hour over all their reservations. Beyond either,
 * `429` with `Retry-After`, whatever the code.
 *
 * As with sign-ins, an attempt is counted (an atomic increment) before the code is checked, so
 * however many arrive at once, no more than the limit are ever checked; an attempt that was not a
 * wrong code gives its count back, and the right code clears the reservation's count. The counts
 * are kept in Redis in the stack, so every replica shares them; in this process in standalone.
 */
@Injectable()
export class PickupCodeGuard implements OnApplicationShutdown {
  private readonly limiter: RateLimiter;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: ItemsConfig,
    @Inject(Outbox) private readonly outbox: Outbox,
  ) {
    this.limiter =
      config.RATE_LIMIT_STORE === 'redis'
        ? new RedisRateLimiter(config.REDIS_URL ?? DEV_DEFAULTS.REDIS_URL, `${config.EVENT_QUEUE_PREFIX}:items:`)
        : new MemoryRateLimiter();
  }

  /** Counts an attempt of the host's at the reservation's code, or refuses it with 429. */
  async take(reservationId: number, hostId: number): Promise<void> {
    const lock = await this.limiter.peek(lockKey(reservationId), 0, this.config.PICKUP_CODE_LOCK_SECONDS);
    if (lock.count > 0) throw tooManyRequests(lock.retryAfter, RESERVATION_LOCKED);
    const [byReservation, byHost] = await Promise.all([
      this.limiter.hit(
        reservationKey(reservationId),
        this.config.PICKUP_CODE_FAILURES_PER_RESERVATION,
        RATE_LIMITS.pickupCodeFailuresPerReservation.windowSeconds,
      ),
      this.limiter.hit(hostKey(hostId), this.config.PICKUP_CODE_FAILURES_PER_HOST, RATE_LIMITS.pickupCodeFailuresPerHost.windowSeconds),
    ]);
    if (byReservation.allowed && byHost.allowed) {
      // The attempt that locks the reservation resets its count after setting the lock: one that
      // looked at the lock before it was set and counted after the reset would be a sixth check.
      const locked = await this.limiter.peek(lockKey(reservationId), 0, this.config.PICKUP_CODE_LOCK_SECONDS);
      if (locked.count === 0) return;
      await Promise.all([this.limiter.refund(reservationKey(reservationId)), this.limiter.refund(hostKey(hostId))]);
      throw tooManyRequests(locked.retryAfter, RESERVATION_LOCKED);
    }
    await Promise.all([this.limiter.refund(reservationKey(reservationId)), this.limiter.refund(hostKey(hostId))]);
    throw byHost.allowed ? tooManyRequests(byReservation.retryAfter, RESERVATION_LOCKED) : tooManyRequests(byHost.retryAfter, HOST_LOCKED);
  }

  /**
   * Settles the attempt `take` counted. A wrong code keeps its counts; the one that reaches the
   * limit locks the reservation and tells its shopper. The right code clears the reservation's
   * count and gives the host their attempt back; any other answer (not paid, already collected)
   * gives both back.
   */
  async settle(reservation: ReservationRow, hostId: number, outcome: CollectOutcome): Promise<void> {
    if (outcome === 'collected') {
      await Promise.all([this.limiter.reset(reservationKey(reservation.id)), this.limiter.refund(hostKey(hostId))]);
      return;
    }
    if (outcome === 'other') {
      await Promise.all([this.limiter.refund(reservationKey(reservation.id)), this.limiter.refund(hostKey(hostId))]);
      return;
    }
    const failures = await this.limiter.peek(
      reservationKey(reservation.id),
      this.config.PICKUP_CODE_FAILURES_PER_RESERVATION,
      RATE_LIMITS.pickupCodeFailuresPerReservation.windowSeconds,
    );
    if (failures.count < this.config.PICKUP_CODE_FAILURES_PER_RESERVATION) return;
    const lock = await this.limiter.hit(lockKey(reservation.id), 1, this.config.PICKUP_CODE_LOCK_SECONDS);
    // Its count starts again after the lock; only the attempt that set the lock tells the shopper.
    await this.limiter.reset(reservationKey(reservation.id));
    if (lock.count !== 1) return;
    const lockedUntil = new Date(Date.now() + this.config.PICKUP_CODE_LOCK_SECONDS * 1000).toISOString();
    await this.outbox.transaction(async (_manager, emit) => {
      emit('reservation.pickup_locked', reservation.version, { ...toReservationSnapshot(reservation), locked_until: lockedUntil });
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.limiter.close();
  }
}

const reservationKey = (id: number) => `pickup:reservation:${id}`;
const lockKey = (id: number) => `pickup:locked:${id}`;
const hostKey = (id: number) => `pickup:host:${id}`;
