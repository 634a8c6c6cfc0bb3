import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { AnyEvent } from '@garage/contracts';
import { InboxContext, InboxHandler } from '@garage/service-kit';
import { MembershipNotices } from '../membership-notices/membership-notices.js';

/** Membership events from payments become notices to the member (bell and email). */
@Controller()
export class OnMembershipChangedHandler {
  constructor(@Inject(MembershipNotices) private readonly notices: MembershipNotices) {}

  @InboxHandler('notifications.membership-notices', [
    'payment.succeeded',
    'membership.cancelled',
    'membership.renewal_due',
    'membership.renewal_failed',
    'membership.refunded',
  ])
  async handle(@Payload() event: AnyEvent, @Ctx() context: unknown): Promise<void> {
    const { manager } = InboxContext.of(context);
    await this.notices.send(manager, event);
  }
}
