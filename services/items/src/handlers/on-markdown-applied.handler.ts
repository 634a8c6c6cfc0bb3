import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { AnyEvent } from '@garage/contracts';
import { InboxContext, InboxHandler } from '@garage/service-kit';
import { toSnapshot } from '../items/item.row.js';
import { MarkdownPrices } from '../markdowns/markdown-prices.js';

/**
 * A host's scheduled markdown is due (sales): the sale's items that are not reserved or sold are cut,
 * once per markdown, each announced with `item.updated` naming the markdown as its cause, so shopper
 * tells the cut once per markdown rather than once per item.
 */
@Controller()
export class OnMarkdownAppliedHandler {
  constructor(@Inject(MarkdownPrices) private readonly prices: MarkdownPrices) {}

  @InboxHandler('items.markdown-applied', ['markdown.applied'])
  async handle(@Payload() event: AnyEvent, @Ctx() context: unknown): Promise<void> {
    const { manager, emit } = InboxContext.of(context);
    if (event.type !== 'markdown.applied') return;
    const cut = await this.prices.apply(manager, event.data);
    for (const item of cut ?? []) {
      emit('item.updated', item.version, { ...toSnapshot(item), cause: { markdownId: event.data.markdownId } });
    }
  }
}
