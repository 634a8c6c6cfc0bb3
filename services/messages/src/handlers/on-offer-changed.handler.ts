import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { OFFER_EVENTS, offerMover, type AnyEvent, type OfferEventType } from '@garage/contracts';
import { InboxContext, InboxHandler, LiveUpdatesPublisher } from '@garage/service-kit';
import { ConversationsRepository } from '../conversations/conversations.repository.js';
import { messageOffer, offerText } from '../offers/offer-messages.js';

const isOfferEvent = (event: AnyEvent): event is Extract<AnyEvent, { type: OfferEventType }> =>
  (OFFER_EVENTS as readonly string[]).includes(event.type);

/**
 * Each change of an offer (items' `offer.*`) shows in the conversation of its shopper, sale and
 * item, started here if there is none (decision 0230): a message from whoever moved, with the
 * offer's state on it. Notifications tells the other side (the bell, the email); this only tells
 * both members' open tabs that the conversation has a new message.
 */
@Controller()
export class OnOfferChangedHandler {
  constructor(
    @Inject(ConversationsRepository) private readonly conversations: ConversationsRepository,
    @Inject(LiveUpdatesPublisher) private readonly live: LiveUpdatesPublisher,
  ) {}

  @InboxHandler('messages.offer-changed', [...OFFER_EVENTS])
  async handle(@Payload() event: AnyEvent, @Ctx() context: unknown): Promise<void> {
    if (!isOfferEvent(event)) return;
    const { manager } = InboxContext.of(context);
    const data = event.data;
    const { offer } = data;
    await this.conversations.insert(manager, data.buyerId, data.hostId, offer.saleId, offer.itemId);
    const conversation = await this.conversations.findSubject(data.buyerId, offer.saleId, offer.itemId, manager);
    if (!conversation) throw new Error(`conversation of offer ${offer.id} not found after insert`);
    const buyerMoved = offerMover(event.type, data) === 'buyer';
    const message = await this.conversations.insertMessage(manager, {
      conversationId: conversation.id,
      senderId: buyerMoved ? data.buyerId : data.hostId,
      recipientId: buyerMoved ? data.hostId : data.buyerId,
      text: offerText(event.type, data),
      flagged: false,
      // An offer is items' business, not a member's words: a block does not hide it (decision 0230).
      withheld: false,
      offer: { change: messageOffer(data), key: `offer:${offer.id}:${event.version}:${event.type}` },
    });
    if (!message) return;
    const written = { kind: 'message', conversationId: conversation.id, messageId: message.id } as const;
    this.live.send(data.buyerId, written);
    this.live.send(data.hostId, written);
  }
}
