import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { UnsubscribeResult } from '@garage/contracts';
import { badRequest, InjectDataSource } from '@garage/service-kit';
import { UnsubscribeTokens } from '../notifications/unsubscribe-tokens.js';
import { UsersRepository } from '../projections/users.repository.js';
import { SavedSearchesRepository } from './saved-searches.repository.js';

/**
 * The one-click unsubscribe of every email: the signed token says what to stop, no sign-in needed.
 * Idempotent: a second click (or a mail client's RFC 8058 POST after the person's click) answers
 * the same.
 */
@Injectable()
export class UnsubscribeService {
  constructor(
    @Inject(UnsubscribeTokens) private readonly tokens: UnsubscribeTokens,
    @Inject(SavedSearchesRepository) private readonly searches: SavedSearchesRepository,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async unsubscribe(token: string): Promise<UnsubscribeResult> {
    const target = this.tokens.verify(token);
    if (!target) throw badRequest('This unsubscribe link is not valid', [{ field: 'token', message: 'Invalid unsubscribe token' }]);
    return this.dataSource.transaction(async (manager) => {
      switch (target.kind) {
        case 'search': {
          const [name] = await this.searches.stopEmails(manager, { savedSearchId: target.savedSearchId });
          // A deleted search sends nothing any more: the link still answers kindly.
          return { unsubscribed: true, what: name ? `emails for your saved search "${name}"` : 'emails for this saved search' };
        }
        case 'digest':
          await this.searches.stopEmails(manager, { dailyOfUser: target.userId });
          return { unsubscribed: true, what: 'your daily digest of saved-search matches' };
        case 'sale-updates':
          await this.users.setSaleUpdateEmails(target.userId, false, manager);
          await manager.query(
            `UPDATE alerts SET email_status = 'none' WHERE user_id = $1 AND kind <> 'match' AND email_status = 'pending'`,
            [target.userId],
          );
          return { unsubscribed: true, what: 'emails about sales you saved or planned (cancelled or rescheduled)' };
      }
    });
  }
}
