import type { Offer, OfferChanged } from '@garage/contracts';

/**
 * An `offer.*` event's payload as items publishes it, for the services that consume offers
 * (messages, notifications): an open $20 offer on a $40 "Oak rocking chair" at sale 12, item 31,
 * made now and lasting 24 h, with `offer` overriding any field.
 */
export function offerChangedEvent(hostId: number, buyerId: number, offer: Partial<Offer>): OfferChanged {
  const now = new Date().toISOString();
  const itemId = offer.itemId ?? 31;
  return {
    offer: {
      id: 0,
      itemId,
      saleId: 12,
      buyerId,
      hostId,
      amount: 20,
      status: 'open',
      counterAmount: null,
      agreedAmount: null,
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      reservationId: null,
      message: null,
      createdAt: now,
      updatedAt: now,
      item: { id: itemId, title: 'Oak rocking chair', price: 40, imageUrls: [] },
      saleTitle: 'Spring Clean-out',
      ...offer,
    },
    hostId,
    buyerId,
    itemTitle: 'Oak rocking chair',
    saleTitle: 'Spring Clean-out',
  };
}
