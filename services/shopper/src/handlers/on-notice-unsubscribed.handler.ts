import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { AnyEvent } from '@garage/contracts';
import { InboxContext, InboxHandler } from '@garage/service-kit';
import { SavedSearchesRepository } from '../saved-searches/saved-searches.repository.js';

/**
 * A one-click link in an email (notifications answers it) stopped the emails of a saved search, or
 * of all of a member's daily searches: the searches say so, and their next matches stay in the app.
 */
@Controller()
export class OnNoticeUnsubscribedHandler {
  constructor(@Inject(SavedSearchesRepository) private readonly searches: SavedSearchesRepository) {}

  @InboxHandler('shopper.notice-unsubscribed', ['notice.unsubscribed'])
  async handle(@Payload() event: AnyEvent, @Ctx() context: unknown): Promise<void> {
    if (event.type !== 'notice.unsubscribed') return;
    const { manager } = InboxContext.of(context);
    const { scope, savedSearchId, userId } = event.data;
    if (scope === 'search' && savedSearchId !== null) await this.searches.stopEmails(manager, { savedSearchId });
    if (scope === 'digest' && userId !== null) await this.searches.stopEmails(manager, { dailyOfUser: userId });
  }
}
