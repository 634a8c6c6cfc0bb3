import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  PREMIUM_REQUIRED,
  type CollectBody,
  type HostedReservation,
  type Item,
  type MyReservation,
  type RatingBody,
  type Reservation,
  type TokenClaims,
} from '@garage/contracts';
import { Outbox, type Emit } from '@garage/event-bus';
import { PaymentProvider, providerCall, RESERVATION_PURPOSE, type ProviderIntent } from '@garage/payments';
import { ApiError, badRequest, Clock, conflict, forbidden, LOGGER, notFound, SERVICE_CONFIG, type Logger } from '@garage/service-kit';
import type { ItemsConfig } from '../config.js';
import { toSnapshot } from '../items/item.row.js';
import { ItemsRepository } from '../items/items.repository.js';
import { ItemsService } from '../items/items.service.js';
import { SalesRepository } from '../projections/sales.repository.js';
import { UsersRepository } from '../projections/users.repository.js';
import { LedgerRepository } from './ledger.repository.js';
import { PickupCodeGuard, type CollectOutcome } from './pickup-code-guard.js';
import { ReservationEndings } from './reservation-endings.js';
import { ReservationsRepository, toReservationSnapshot, type ReservationRow } from './reservations.repository.js';

export const RESERVATION_CURRENCY = 'usd';
const RESERVATION_NOT_FOUND = 'Reservation not found';
/** A wrong pickup code: told apart from the collect's other refusals, since only it counts as a guess. */
class WrongPickupCode extends ApiError {
  constructor() {
    super(HttpStatus.BAD_REQUEST, 'Pickup code does not match');
  }
}

/**
 * Premium members reserve items, paid upfront and collected during the sale's hours (spec section
 * 1): a reserve holds the item for `RESERVATION_HOLD_MINUTES` while the shopper pays through the
 * payment provider; paid, the shopper gets a pickup code; the host checks it at the sale and marks
 * the item collected, which sells it and pays the host out; the shopper may then rate the host.
 */
@Injectable()
export class ReservationsService {
  constructor(
    @Inject(ItemsRepository) private readonly items: ItemsRepository,
    @Inject(ItemsService) private readonly itemsService: ItemsService,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(SalesRepository) private readonly sales: SalesRepository,
    @Inject(ReservationsRepository) private readonly reservations: ReservationsRepository,
    @Inject(LedgerRepository) private readonly ledger: LedgerRepository,
    @Inject(ReservationEndings) private readonly endings: ReservationEndings,
    @Inject(PaymentProvider) private readonly provider: PaymentProvider,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) private readonly config: ItemsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(PickupCodeGuard) private readonly pickupCodes: PickupCodeGuard,
  ) {}

  async reserve(caller: TokenClaims, itemId: number): Promise<Item & { reservation: Reservation }> {
    const now = this.clock.now();
    // A member who has just paid may be ahead of `user.premium_activated`: auth is asked before refusing.
    if (!(await this.users.isPremiumOrAsk(caller.userId, now))) throw forbidden(PREMIUM_REQUIRED);
    const reservation = await this.outbox.transaction(async (manager, emit) => {
      const item = await this.items.reserve(manager, itemId, caller.userId);
      if (!item) throw await this.whyNot(manager, itemId, caller.userId);
      emit('item.reserved', item.version, { ...toSnapshot(item), reserved_by: caller.userId, reserved_at: now.toISOString() });
      const created = await this.reservations.insert(manager, {
        itemId: item.id,
        userId: caller.userId,
        hostId: item.user_id,
        saleId: item.garage_sale_id,
        itemTitle: item.title,
        amountCents: item.price_cents,
        currency: RESERVATION_CURRENCY,
        reservedAt: now,
        expiresAt: new Date(now.getTime() + this.config.RESERVATION_HOLD_MINUTES * 60_000),
      });
      emit('reservation.created', created.version, toReservationSnapshot(created));
      // A free item has nothing to pay: it is paid at once and gets its pickup code.
      if (created.amount_cents === 0) return (await this.markPaid(manager, emit, created, now)) ?? created;
      return created;
    });
    // The intent is made after the commit: no provider call holds the item's row lock, so the
    // race's losers are answered at once. If the provider is down now, paying makes it later.
    const intent = await this.ensureIntent(reservation).catch((error: unknown) => {
      this.logger.warn(
        { err: String(error), reservationId: reservation.id },
        'payment intent not created at reserve; the pay step retries',
      );
      return null;
    });
    const item = await this.itemsService.get(itemId, caller);
    return { ...item, reservation: toReservation(await this.fresh(reservation.id), intent) };
  }

  /** One reservation of the caller's, with its client secret while it waits for payment. */
  async get(caller: TokenClaims, id: number): Promise<Reservation> {
    const reservation = await this.ownReservation(caller, id);
    const intent = reservation.status === 'pending' ? await this.ensureIntent(reservation) : null;
    return toReservation(await this.fresh(id), intent);
  }

  /**
   * The shopper says they paid: the provider is asked (the simulated one succeeds here; with Stripe
   * the card step already ran in the browser), and a succeeded payment marks it paid. The verified
   * webhook (`payment.intent_succeeded` from payments) does the same when the shopper never comes back.
   */
  async pay(caller: TokenClaims, id: number): Promise<Reservation> {
    const reservation = await this.ownReservation(caller, id);
    if (reservation.status === 'paid' || reservation.status === 'collected') return toReservation(reservation, null);
    if (reservation.status !== 'pending') throw conflict(endedMessage(reservation));
    const intent = await this.ensureIntent(reservation);
    if (!intent) throw conflict(endedMessage(reservation));
    const reported = await providerCall(() => this.provider.checkPayment(intent.id));
    if (!reported || reported.status !== 'succeeded') throw badRequest('Payment has not succeeded');
    await this.applyPayment(reported);
    const after = await this.fresh(id);
    if (after.status !== 'paid' && after.status !== 'collected') throw conflict(endedMessage(after));
    return toReservation(after, null);
  }

  /**
   * A succeeded payment of a reservation (from the pay step or the provider's webhook), applied once:
   * a pending reservation becomes paid; one that ended before the money came (its hold lapsed, the
   * host cancelled) is refunded at once.
   */
  async applyPayment(intent: ProviderIntent, manager?: EntityManager, emit?: Emit): Promise<void> {
    if (intent.purpose !== RESERVATION_PURPOSE) return;
    const work = async (m: EntityManager, e: Emit) => {
      const reservation = await this.reservations.findByIntent(m, intent.id);
      if (!reservation) {
        this.logger.warn({ paymentIntentId: intent.id }, 'payment of no known reservation ignored');
        return;
      }
      if (intent.amountCents !== reservation.amount_cents) {
        this.logger.warn(
          { paymentIntentId: intent.id, reservationId: reservation.id },
          'payment amount differs from the reservation; ignored',
        );
        return;
      }
      if (reservation.status === 'pending') {
        await this.markPaid(m, e, reservation, this.clock.now());
      } else if (reservation.status === 'lapsed' || reservation.status === 'cancelled') {
        await this.recordCharge(m, reservation);
        const refunded = await this.reservations.refundLate(m, reservation.id);
        if (refunded) {
          await this.endings.recordRefund(m, refunded);
          e('reservation.refunded', refunded.version, toReservationSnapshot(refunded));
        }
      }
    };
    if (manager && emit) await work(manager, emit);
    else await this.outbox.transaction(work);
  }

  /** The shopper cancels: allowed until the sale starts; a paid reservation is refunded in full. */
  async cancel(caller: TokenClaims, id: number): Promise<Reservation> {
    await this.outbox.transaction(async (manager, emit) => {
      const reservation = await this.reservations.findById(id, manager, true);
      if (!reservation || reservation.user_id !== caller.userId) throw notFound(RESERVATION_NOT_FOUND);
      if (reservation.status !== 'pending' && reservation.status !== 'paid') throw conflict(endedMessage(reservation));
      if (await this.reservations.saleStarted(manager, reservation.sale_id, this.clock.now()))
        throw conflict('A reservation can only be cancelled before the sale starts');
      await this.endings.end(manager, emit, [reservation], 'shopper_cancelled', true);
    });
    const after = await this.fresh(id);
    if (after.payment_intent_id && after.status === 'cancelled')
      await this.provider.cancelIntent(after.payment_intent_id).catch(() => undefined);
    return toReservation(after, null);
  }

  async mine(caller: TokenClaims): Promise<MyReservation[]> {
    const rows = await this.reservations.listForShopper(caller.userId);
    return rows.map((row) => ({
      ...toReservation(row, null),
      item: { id: row.item_id, title: row.item_title, image_urls: (row.image_urls as string[] | null) ?? [] },
      sale:
        row.sale_id !== null && row.start_date
          ? {
              id: row.sale_id,
              title: row.sale_title as string,
              address: row.address as string | null,
              city: row.city as string | null,
              state: row.state as string | null,
              start_date: row.start_date as string,
              end_date: row.end_date as string,
              start_time: row.start_time as string,
              end_time: row.end_time as string,
            }
          : null,
    }));
  }

  /** The reservations of one of the caller's sales (host only). */
  async ofSale(caller: TokenClaims, saleId: number): Promise<HostedReservation[]> {
    const sale = await this.sales.findOrAsk(saleId);
    if (!sale || sale.deleted || sale.user_id !== caller.userId) throw notFound('Sale not found or unauthorized');
    const rows = await this.reservations.listForSale(saleId);
    return rows.map(toHosted);
  }

  /**
   * The host checks the shopper's pickup code and hands the item over: the item is sold, the
   * reservation collected, and a transfer of its amount to the host is added to the ledger.
   */
  async collect(caller: TokenClaims, id: number, body: CollectBody): Promise<HostedReservation> {
    // Only the host's attempts count against the code's limits: anyone else is told nothing more
    // than for an unknown id, and cannot lock the host out.
    const found = await this.reservations.findById(id);
    if (!found || found.host_id !== caller.userId) throw notFound(RESERVATION_NOT_FOUND);
    await this.pickupCodes.take(id, caller.userId);
    let outcome: CollectOutcome = 'other';
    try {
      await this.collectWithCode(caller, id, body);
      outcome = 'collected';
    } catch (error) {
      if (error instanceof WrongPickupCode) outcome = 'wrong-code';
      throw error;
    } finally {
      await this.pickupCodes.settle(found, caller.userId, outcome);
    }
    const [row] = (await this.ofSaleRow(id))!;
    return row!;
  }

  private async collectWithCode(caller: TokenClaims, id: number, body: CollectBody): Promise<void> {
    await this.outbox.transaction(async (manager, emit) => {
      const reservation = await this.reservations.findById(id, manager, true);
      if (!reservation || reservation.host_id !== caller.userId) throw notFound(RESERVATION_NOT_FOUND);
      if (reservation.status === 'collected') throw conflict('Reservation is already collected');
      if (reservation.status !== 'paid')
        throw conflict(reservation.status === 'pending' ? 'Reservation is not paid yet' : endedMessage(reservation));
      if (reservation.pickup_code !== body.pickupCode) throw new WrongPickupCode();
      const collected = (await this.reservations.markCollected(manager, id, this.clock.now()))!;
      const item = await this.items.markSold(manager, reservation.item_id);
      if (item) emit('item.updated', item.version, toSnapshot(item));
      await this.ledger.record(manager, {
        reservationId: id,
        kind: 'transfer',
        amountCents: collected.amount_cents,
        currency: collected.currency,
        provider: this.provider.name,
      });
      emit('reservation.collected', collected.version, toReservationSnapshot(collected));
    });
  }

  /** After a pickup, the shopper rates the host once; auth keeps the host's average from `reservation.rated`. */
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

  /** A payout account for the host (opened once) and the link to its onboarding. */
  async payoutOnboarding(caller: TokenClaims): Promise<{ url: string; accountId: string }> {
    let accountId = await this.ledger.payoutAccount(this.items.manager(), caller.userId, this.provider.name);
    if (!accountId) {
      const account = await providerCall(() =>
        this.provider.createPayoutAccount({ userId: caller.userId, email: null, idempotencyKey: `payout-account-${caller.userId}` }),
      );
      accountId = await this.ledger.savePayoutAccount(caller.userId, this.provider.name, account.id);
    }
    const returnUrl = this.config.PAYOUT_RETURN_URL;
    const link = await providerCall(() => this.provider.onboardingLink(accountId!, returnUrl, returnUrl));
    return { url: link.url, accountId };
  }

  private async ofSaleRow(id: number): Promise<HostedReservation[] | null> {
    const reservation = await this.fresh(id);
    if (reservation.sale_id === null) return null;
    const rows = await this.reservations.listForSale(reservation.sale_id);
    return rows.filter((row) => row.id === id).map(toHosted);
  }

  private async markPaid(manager: EntityManager, emit: Emit, reservation: ReservationRow, at: Date): Promise<ReservationRow | null> {
    const paid = await this.reservations.markPaid(manager, reservation.id, at);
    if (!paid) return null;
    if (paid.amount_cents > 0) await this.recordCharge(manager, paid);
    emit('reservation.paid', paid.version, toReservationSnapshot(paid));
    return paid;
  }

  private recordCharge(manager: EntityManager, reservation: ReservationRow) {
    return this.ledger.record(manager, {
      reservationId: reservation.id,
      kind: 'charge',
      amountCents: reservation.amount_cents,
      currency: reservation.currency,
      provider: this.provider.name,
      doneRef: reservation.payment_intent_id ?? undefined,
    });
  }

  /**
   * The reservation's payment intent, made once: the idempotency key names the reservation, so a
   * retry (a reserve whose provider call failed, a second pay) gets the same intent and secret.
   */
  private async ensureIntent(reservation: ReservationRow): Promise<{ id: string; clientSecret: string } | null> {
    if (reservation.status !== 'pending' || reservation.amount_cents === 0) return null;
    const created = await providerCall(() =>
      this.provider.createIntent({
        userId: reservation.user_id,
        amountCents: reservation.amount_cents,
        currency: reservation.currency,
        purpose: RESERVATION_PURPOSE,
        description: `Garage reservation #${reservation.id}: ${reservation.item_title}`.slice(0, 200),
        idempotencyKey: `reservation-${reservation.id}-${new Date(reservation.reserved_at).getTime()}`,
      }),
    );
    if (!reservation.payment_intent_id) await this.reservations.setIntent(reservation.id, created.id);
    return { id: created.id, clientSecret: created.clientSecret };
  }

  private async ownReservation(caller: TokenClaims, id: number): Promise<ReservationRow> {
    const reservation = await this.reservations.findById(id);
    if (!reservation || reservation.user_id !== caller.userId || reservation.status === ('legacy' as string))
      throw notFound(RESERVATION_NOT_FOUND);
    return reservation;
  }

  private async fresh(id: number): Promise<ReservationRow> {
    return (await this.reservations.findById(id))!;
  }

  /**
   * Explains a reserve that matched no row: the conditional update already decided, this only words
   * it. It reads through the transaction's own connection: asking the pool for a second one while
   * holding the first deadlocks once every connection is held by a reserve waiting for the winner.
   */
  private async whyNot(manager: EntityManager, itemId: number, userId: number) {
    const item = await this.items.findById(itemId, manager);
    if (!item) return notFound('Item not found');
    if (item.user_id === userId) return conflict('You cannot reserve your own item');
    if (item.is_sold) return conflict('Item is already sold');
    return conflict('Item is already reserved');
  }
}

export function toReservation(row: ReservationRow, intent: { id: string; clientSecret: string } | null): Reservation {
  return {
    id: row.id,
    item_id: row.item_id,
    status: row.status,
    amount_cents: row.amount_cents,
    currency: row.currency,
    paymentIntentId: row.payment_intent_id ?? intent?.id ?? null,
    clientSecret: row.status === 'pending' ? (intent?.clientSecret ?? null) : null,
    expiresAt: new Date(row.expires_at).toISOString(),
    pickup_code: row.status === 'paid' || row.status === 'collected' ? row.pickup_code : null,
    end_reason: row.end_reason,
    created_at: new Date(row.reserved_at).toISOString(),
    paid_at: iso(row.paid_at),
    collected_at: iso(row.collected_at),
    rated: Boolean(row.rated),
  };
}

type HostedRow = Awaited<ReturnType<ReservationsRepository['listForSale']>>[number];

/** A row of the host's list: the shopper by name only (no email, no phone). */
function toHosted(row: HostedRow): HostedReservation {
  return {
    id: row.id,
    item_id: row.item_id,
    item_title: row.item_title,
    status: row.status,
    amount_cents: row.amount_cents,
    currency: row.currency,
    shopper_first_name: row.first_name,
    shopper_last_name: row.last_name,
    paid_at: iso(row.paid_at),
    collected_at: iso(row.collected_at),
  };
}

function iso(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

function endedMessage(reservation: ReservationRow): string {
  switch (reservation.status) {
    case 'lapsed':
      return 'The hold on this item has lapsed';
    case 'collected':
      return 'Reservation is already collected';
    case 'refunded':
      return 'Reservation was refunded';
    default:
      return 'Reservation was cancelled';
  }
}
