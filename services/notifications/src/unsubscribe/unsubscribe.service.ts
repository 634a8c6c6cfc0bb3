import { Inject, Injectable } from '@nestjs/common';
import type { UnsubscribeResult } from '@garage/contracts';
import { Outbox } from '@garage/event-bus';
import { badRequest } from '@garage/service-kit';
import { UnsubscribeTokens } from '../email/unsubscribe-tokens.js';
import { UsersRepository } from '../users/users.repository.js';

/** The notices the "sales you follow" setting and its link stop the emails of (drop-outs have a setting of their own). */
const SALE_UPDATE_KINDS = `'sale_cancelled', 'sale_deleted', 'sale_changed', 'community_sale_cancelled', 'community_sale_moved'`;

/**
 * The one-click unsubscribe of every email: the signed token says what to stop, no sign-in needed.
 * Notices not yet emailed stop here at once; the saved searches themselves are shopper's, told by
 * `notice.unsubscribed` (so the search reads "emails off" and its next matches stay in the app).
 * Idempotent: a second click (or a mail client's RFC 8058 POST after the person's click) answers
 * the same.
 */
@Injectable()
export class UnsubscribeService {
  constructor(
    @Inject(UnsubscribeTokens) private readonly tokens: UnsubscribeTokens,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(Outbox) private readonly outbox: Outbox,
  ) {}

  async unsubscribe(token: string): Promise<UnsubscribeResult> {
    const target = this.tokens.verify(token);
    if (!target) throw badRequest('This unsubscribe link is not valid', [{ field: 'token', message: 'Invalid unsubscribe token' }]);
    return this.outbox.transaction(async (manager, emit) => {
      switch (target.kind) {
        case 'search': {
          await manager.query(
            `UPDATE alerts SET email_status = 'none' WHERE saved_search_id = $1 AND email_status IN ('pending', 'digest')`,
            [target.savedSearchId],
          );
          // The name the search had when it last matched (the link comes from one of its emails).
          const [named]: Array<{ name: string | null }> = await manager.query(
            `SELECT data->>'searchName' AS name FROM alerts WHERE saved_search_id = $1 ORDER BY id DESC LIMIT 1`,
            [target.savedSearchId],
          );
          emit('notice.unsubscribed', 1, { scope: 'search', savedSearchId: target.savedSearchId, userId: null });
          return {
            unsubscribed: true,
            what: named?.name ? `emails for your saved search "${named.name}"` : 'emails for this saved search',
          };
        }
        case 'digest':
          await manager.query(`UPDATE alerts SET email_status = 'none' WHERE user_id = $1 AND kind = 'match' AND email_status = 'digest'`, [
            target.userId,
          ]);
          emit('notice.unsubscribed', 1, { scope: 'digest', savedSearchId: null, userId: target.userId });
          return { unsubscribed: true, what: 'your daily digest of saved-search matches' };
        case 'sale-updates':
          await this.users.setSaleUpdateEmails(target.userId, false, manager);
          await manager.query(
            `UPDATE alerts SET email_status = 'none' WHERE user_id = $1 AND kind IN (${SALE_UPDATE_KINDS}) AND email_status = 'pending'`,
            [target.userId],
          );
          return {
            unsubscribed: true,
            what: 'emails about sales you saved or planned, and community sales you follow (cancelled or rescheduled)',
          };
        case 'drop-outs':
          await this.users.setDropOutEmails(target.userId, false, manager);
          await manager.query(
            `UPDATE alerts SET email_status = 'none' WHERE user_id = $1 AND kind = 'sale_dropped_out' AND email_status = 'pending'`,
            [target.userId],
          );
          return {
            unsubscribed: true,
            what: 'emails when a sale you saved, planned or follow closes early, is cancelled on the day or is likely over',
          };
      }
    });
  }
}
