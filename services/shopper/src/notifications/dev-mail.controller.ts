import { Controller, Get, Inject } from '@nestjs/common';
import { notFound, SERVICE_CONFIG } from '@garage/service-kit';
import type { ShopperConfig } from '../config.js';
import { LocalNotifier, type SentMail } from './local.notifier.js';
import { Notifier } from './notifier.port.js';

/**
 * The dev mail page's data: what the local notifier "sent" (the last 100 messages, newest first).
 * Only with the local notifier and only outside production; anywhere else the path does not exist.
 */
@Controller('api/dev/mail')
export class DevMailController {
  constructor(
    @Inject(Notifier) private readonly notifier: Notifier,
    @Inject(SERVICE_CONFIG) private readonly config: ShopperConfig,
  ) {}

  @Get()
  list(): { messages: SentMail[] } {
    if (this.config.NODE_ENV === 'production' || !(this.notifier instanceof LocalNotifier)) throw notFound('Not found');
    return { messages: this.notifier.messages() };
  }
}
