import { Controller, Get, Inject } from '@nestjs/common';
import { canonicalEmail } from '@garage/contracts';
import { CurrentViewer, notFound, SERVICE_CONFIG, unauthorized, type Viewer } from '@garage/service-kit';
import type { NotificationsConfig } from '../config.js';
import { LocalNotifier, type SentMail } from './local-notifier.js';
import { Notifier } from './notifier.port.js';

/**
 * The dev mail page's data: what the local notifier "sent" to the signed-in user (of the last 100
 * messages, newest first). Mail holds unsubscribe links, so a visitor gets 401 and a member sees
 * their own address's mail only. Only with the local notifier and only outside production;
 * anywhere else the path does not exist (404 before anything else, so it does not even ask who).
 */
@Controller('api/dev/mail')
export class DevMailController {
  constructor(
    @Inject(Notifier) private readonly notifier: Notifier,
    @Inject(SERVICE_CONFIG) private readonly config: NotificationsConfig,
  ) {}

  @Get()
  list(@CurrentViewer() viewer: Viewer): { messages: SentMail[] } {
    if (this.config.NODE_ENV === 'production' || !(this.notifier instanceof LocalNotifier)) throw notFound('Not found');
    if (!viewer) throw unauthorized();
    const mine = canonicalEmail(viewer.email);
    return { messages: this.notifier.messages().filter((message) => canonicalEmail(message.to) === mine) };
  }
}
