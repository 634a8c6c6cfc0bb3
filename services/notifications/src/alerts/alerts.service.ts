import { Inject, Injectable } from '@nestjs/common';
import type { Alert, AlertList, AlertSettings, AlertSettingsUpdate, AlertsQuery, TokenClaims } from '@garage/contracts';
import { notFound, LiveUpdatesPublisher } from '@garage/service-kit';
import { UsersRepository } from '../users/users.repository.js';
import { AlertsRepository } from './alerts.repository.js';

/** The bell: every signed-in user has one (cancel and change alerts need no membership). */
@Injectable()
export class AlertsService {
  constructor(
    @Inject(AlertsRepository) private readonly alerts: AlertsRepository,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(LiveUpdatesPublisher) private readonly live: LiveUpdatesPublisher,
  ) {}

  async list(caller: TokenClaims, query: AlertsQuery): Promise<AlertList> {
    const [alerts, unreadCount] = await Promise.all([
      this.alerts.list(caller.userId, { limit: query.limit, before: query.before, unreadOnly: query.unread === 'true' }),
      this.alerts.unreadCount(caller.userId),
    ]);
    // Users read the bell: a good moment to learn the address their alerts go to.
    await this.users.rememberEmail(caller.userId, caller.email);
    return { alerts, unreadCount, nextBefore: alerts.length === query.limit ? alerts[alerts.length - 1]!.id : null };
  }

  async unreadCount(userId: number): Promise<{ unreadCount: number }> {
    return { unreadCount: await this.alerts.unreadCount(userId) };
  }

  /** Read in one tab, the bell's count changes in the member's others too. */
  async markRead(userId: number, id: number): Promise<Alert> {
    const alert = (await this.alerts.markRead(userId, id)) ?? throwNotFound();
    this.live.send(userId, { kind: 'alerts', unreadCount: await this.alerts.unreadCount(userId) });
    return alert;
  }

  async markAllRead(userId: number): Promise<{ updated: number; unreadCount: number }> {
    const updated = await this.alerts.markAllRead(userId);
    const unreadCount = await this.alerts.unreadCount(userId);
    if (updated > 0) this.live.send(userId, { kind: 'alerts', unreadCount });
    return { updated, unreadCount };
  }

  async settings(userId: number): Promise<AlertSettings> {
    return this.users.emailSettings(userId);
  }

  /** A setting left out keeps its value (a client that knows only the first setting still works). */
  async updateSettings(caller: TokenClaims, settings: AlertSettingsUpdate): Promise<AlertSettings> {
    if (settings.saleUpdateEmails !== undefined) await this.users.setSaleUpdateEmails(caller.userId, settings.saleUpdateEmails);
    if (settings.dropOutEmails !== undefined) await this.users.setDropOutEmails(caller.userId, settings.dropOutEmails);
    if (settings.offerEmails !== undefined) await this.users.setOfferEmails(caller.userId, settings.offerEmails);
    await this.users.rememberEmail(caller.userId, caller.email);
    return this.settings(caller.userId);
  }
}

function throwNotFound(): never {
  throw notFound('Alert not found');
}
