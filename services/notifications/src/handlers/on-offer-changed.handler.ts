import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { OFFER_EVENTS, offerAnsweredAtOnce, offerAudience, type AnyEvent, type OfferChanged, type OfferEventType } from '@garage/contracts';
import type { EntityManager } from 'typeorm';
import { InboxContext, InboxHandler, LiveUpdatesPublisher } from '@garage/service-kit';
import { tellTheBell } from '../alerts/bell-count.js';
import { AlertEmailJob } from '../email/alert-email.job.js';

const isOfferEvent = (event: AnyEvent): event is Extract<AnyEvent, { type: OfferEventType }> =>
  (OFFER_EVENTS as readonly string[]).includes(event.type);

const dollars = (amount: number) => `$${amount.toFixed(2)}`;

/** What the member told of an offer's change reads in the bell and the email. */
export function offerAlert(type: OfferEventType, data: OfferChanged): { title: string; message: string } {
  const { offer, itemTitle } = data;
  const item = `"${itemTitle}"`;
  switch (type) {
    case 'offer.created':
      return offer.status === 'accepted'
        ? {
            title: `Offer accepted on ${item}`,
            message: `Your auto-accept price took an offer of ${dollars(offer.amount)} on ${item}; it is reserved for the shopper to pay.`,
          }
        : {
            title: `New offer on ${item}`,
            message: `A shopper offered ${dollars(offer.amount)} for ${item}. Accept, counter or decline it within 24 hours.`,
          };
    case 'offer.countered':
      return {
        title: `Counter-offer on ${item}`,
        message: `The seller countered your offer on ${item} at ${dollars(offer.counterAmount ?? offer.amount)}.`,
      };
    case 'offer.accepted':
      return offer.counterAmount !== null
        ? {
            title: `Counter accepted on ${item}`,
            message: `The shopper accepted your counter of ${dollars(offer.agreedAmount ?? offer.counterAmount)} on ${item}; it is reserved for them to pay.`,
          }
        : {
            title: `Offer accepted on ${item}`,
            message: `The seller accepted your offer of ${dollars(offer.agreedAmount ?? offer.amount)} on ${item}. Pay to reserve it, then collect it with your pickup code.`,
          };
    case 'offer.declined':
      if (offer.message) return { title: `Offer declined on ${item}`, message: offer.message };
      return offer.counterAmount !== null
        ? {
            title: `Counter declined on ${item}`,
            message: `The shopper declined your counter of ${dollars(offer.counterAmount)} on ${item}.`,
          }
        : { title: `Offer declined on ${item}`, message: `The seller declined your offer of ${dollars(offer.amount)} on ${item}.` };
    case 'offer.expired':
      return { title: `Offer expired on ${item}`, message: `The offer on ${item} expired without an answer.` };
    case 'offer.withdrawn':
      return { title: `Offer withdrawn on ${item}`, message: `The shopper withdrew their offer of ${dollars(offer.amount)} on ${item}.` };
    default:
      return { title: `Offer on ${item}`, message: `An offer on ${item} changed.` };
  }
}

/**
 * The host's "new offer" email waits this long: the floor's or auto-accept price's answer follows
 * the offer within milliseconds (same transaction at items), and takes the alert back or rewords it
 * only while its email is unsent. Without the wait, the email job could win that race.
 */
const NEW_OFFER_EMAIL_DELAY_SECONDS = 10;

/**
 * An offer changed (items' `offer.*`): the other side of the move hears of it in the bell, by email
 * unless they turned offer emails off (decision 0232), and both members' open tabs are told at once
 * (the mover's other tabs too), so each sees the other's move without reloading. Once per change:
 * the alert's key is the offer and its version.
 */
@Controller()
export class OnOfferChangedHandler {
  constructor(
    @Inject(AlertEmailJob) private readonly emails: AlertEmailJob,
    @Inject(LiveUpdatesPublisher) private readonly live: LiveUpdatesPublisher,
  ) {}

  @InboxHandler('notifications.offer-changed', [...OFFER_EVENTS])
  async handle(@Payload() event: AnyEvent, @Ctx() context: unknown): Promise<void> {
    if (!isOfferEvent(event)) return;
    const { manager } = InboxContext.of(context);
    const { offer } = event.data;
    const { title, message } = offerAlert(event.type, event.data);
    let stored = false;
    let emailed = false;
    for (const userId of offerAudience(event.type, event.data)) {
      const rows: Array<{ email_status: string }> = await manager.query(
        `INSERT INTO alerts (user_id, kind, item_id, sale_id, title, message, data, change_key, email_status, email_next_at)
         VALUES ($1, 'offer', $2, $3, $4, $5, jsonb_build_object('offerId', $6::integer, 'status', $7::text), $8,
                 CASE WHEN coalesce((SELECT offer_emails FROM users WHERE id = $1), true) THEN 'pending' ELSE 'none' END,
                 CASE WHEN $9::boolean THEN now() + make_interval(secs => ${NEW_OFFER_EMAIL_DELAY_SECONDS}) END)
         ON CONFLICT (user_id, change_key) WHERE change_key IS NOT NULL DO NOTHING RETURNING email_status`,
        [
          userId,
          offer.itemId,
          offer.saleId,
          title,
          message,
          offer.id,
          offer.status,
          `offer:${offer.id}:${event.version}:${event.type}`,
          event.type === 'offer.created',
        ],
      );
      if (rows.length === 0) continue;
      stored = true;
      emailed ||= rows[0]!.email_status === 'pending';
      await tellTheBell(manager, this.live, userId);
    }
    if (offerAnsweredAtOnce(event.type, event.data)) await this.answeredAtOnce(manager, event.type, event.data);
    if (emailed) this.emails.soon();
    // A redelivery of a change someone was told of tells nobody again; one told to nobody (a floor's
    // decline) still refreshes the shopper's other tabs, once per event (the inbox sees to that).
    if (!stored && offerAudience(event.type, event.data).length > 0) return;
    const update = { kind: 'offer', offerId: offer.id, status: offer.status } as const;
    this.live.send(event.data.buyerId, update);
    this.live.send(event.data.hostId, update);
  }

  /**
   * The host's floor or auto-accept price answered the offer as it was made: the host's "new offer"
   * alert becomes what became of it. Below the floor it goes, with its email if not sent yet (the
   * host asked not to hear of such offers); taken by the auto-accept price, it says so.
   */
  private async answeredAtOnce(manager: EntityManager, type: OfferEventType, data: OfferChanged): Promise<void> {
    const made = `offer:${data.offer.id}:%:offer.created`;
    if (type === 'offer.declined') {
      await manager.query(
        `DELETE FROM alerts WHERE user_id = $1 AND kind = 'offer' AND change_key LIKE $2 AND email_status IN ('pending', 'none')`,
        [data.hostId, made],
      );
    } else {
      const { title, message } = offerAlert('offer.created', data);
      await manager.query(`UPDATE alerts SET title = $3, message = $4 WHERE user_id = $1 AND kind = 'offer' AND change_key LIKE $2`, [
        data.hostId,
        made,
        title,
        message,
      ]);
    }
    await tellTheBell(manager, this.live, data.hostId);
  }
}
