import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { AnyEvent } from '@garage/contracts';
import { Clock, InboxContext, InboxHandler } from '@garage/service-kit';
import { requestMarkdownNotices } from '../notices/markdown-notices.js';

/** A sale-wide markdown applied: its people are told once (markdown-notices). */
@Controller()
export class OnMarkdownAppliedHandler {
  constructor(@Inject(Clock) private readonly clock: Clock) {}

  @InboxHandler('shopper.markdown-applied', ['markdown.applied'])
  async handle(@Payload() event: AnyEvent, @Ctx() context: unknown): Promise<void> {
    const { manager, emit } = InboxContext.of(context);
    if (event.type !== 'markdown.applied') return;
    await requestMarkdownNotices(manager, emit, event.data, this.clock.now());
  }
}
