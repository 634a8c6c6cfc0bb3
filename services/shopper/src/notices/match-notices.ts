import type { Emit } from '@garage/event-bus';
import type { CreatedMatch } from '../matching/matches.repository.js';

/** Asks notifications to tell each member of their new matches, as their saved search says (instant, digest, or the bell only). */
export function requestMatchNotices(emit: Emit, matches: CreatedMatch[]): void {
  for (const match of matches) {
    emit('notice.requested', 1, {
      userId: match.user_id,
      kind: 'match',
      key: `match:${match.saved_search_id}:${match.item_id}`,
      title: match.title,
      message: match.message,
      savedSearchId: match.saved_search_id,
      itemId: match.item_id,
      saleId: match.sale_id,
      data: match.data,
      delivery: match.delivery,
    });
  }
}
