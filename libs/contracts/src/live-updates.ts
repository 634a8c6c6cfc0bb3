import type { StoredLiveState } from './live-status.js';
import type { OfferStatus } from './offers.js';
import type { ReservationStatus } from './reservations.js';

/**
 * What `GET /api/updates` (server-sent events, one stream per signed-in tab) tells a member's tabs.
 * Each event is named after its `kind`, carries `id:` (the member's stream position, for
 * `Last-Event-ID`) and has the update as its JSON data. An update says what changed, never what
 * it says: the page asks the owning call again (a message's text is read from messages).
 */
export type LiveUpdate =
  /** A message was written in one of the member's conversations (by them in another tab, or to them). */
  | { kind: 'message'; conversationId: number; messageId: number }
  /** The member read a conversation (in another tab): the messages' unread counts changed. */
  | { kind: 'read'; conversationId: number; unreadCount: number }
  /** One of the member's offers (made, or on their item) changed: the page asks for its offers again. */
  | { kind: 'offer'; offerId: number; status: OfferStatus }
  /** The bell's unread count changed. */
  | { kind: 'alerts'; unreadCount: number }
  /** A reservation the member made, or one of an item they host, changed: the page asks for reservations again. */
  | { kind: 'reservation'; reservationId: number; itemId: number; status: ReservationStatus }
  /**
   * A sale's live state changed (the host's word, or shoppers' reports). Public, as on sale objects,
   * so it goes to every open stream (`LiveBroadcast`, decision 0276): no `id:`, not kept for resuming.
   */
  | { kind: 'sale'; saleId: number; liveState: StoredLiveState | null; liveStateAt: string | null };

export type LiveUpdateKind = LiveUpdate['kind'];

/** Every kind the stream sends today (the SPA listens for each by name). */
export const LIVE_UPDATE_KINDS: readonly LiveUpdateKind[] = ['message', 'read', 'offer', 'alerts', 'reservation', 'sale'];

/** One update as it travels to every gateway replica: whose it is and its place in their stream. */
export interface LiveUpdateEnvelope {
  userId: number;
  /** Position in the member's stream (`<ms>-<seq>`, increasing); the SSE `id:`. */
  id: string;
  update: LiveUpdate;
}

/**
 * One update for every open stream on every replica (public facts: a sale's live state). It has no
 * place in any member's stream: a tab that reconnects asks for what it shows again instead.
 */
export interface LiveBroadcast {
  everyone: true;
  update: Extract<LiveUpdate, { kind: 'sale' }>;
}
