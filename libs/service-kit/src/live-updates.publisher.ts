import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { LiveBroadcast, LiveUpdate } from '@garage/contracts';
import { DEV_DEFAULTS } from './config.js';
import { liveUpdatesFrom, type LiveUpdates } from './live-updates.js';
import type { Logger } from './logger.js';
import { LOGGER, SERVICE_CONFIG } from './service.js';

/** Most time a live update may take before it is given up (the page still polls). */
const PUBLISH_TIMEOUT_MS = 1000;

/**
 * Tells a member's open tabs what changed (decision 0211), from the service that learns of it (a
 * consumer is one per event across its replicas, a call's handler one per call), so each update is
 * written once and every gateway replica hears it. The service's config chooses the store
 * (`RATE_LIMIT_STORE`, `REDIS_URL`). Sent without waiting and never failing the caller: a lost live
 * update costs a poll's delay.
 */
@Injectable()
export class LiveUpdatesPublisher implements OnApplicationShutdown {
  readonly updates: LiveUpdates;

  constructor(
    @Inject(SERVICE_CONFIG) config: { RATE_LIMIT_STORE: 'redis' | 'memory'; REDIS_URL?: string | undefined; EVENT_QUEUE_PREFIX: string },
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.updates = liveUpdatesFrom(config, DEV_DEFAULTS.REDIS_URL);
  }

  send(userId: number, update: LiveUpdate): void {
    this.settle(this.updates.publish(userId, update), { userId, kind: update.kind });
  }

  /** Tells every open stream of a public fact (decision 0276), as `send` does one member's. */
  broadcast(update: LiveBroadcast['update']): void {
    this.settle(this.updates.broadcast(update), { kind: update.kind, everyone: true });
  }

  private settle(sent: Promise<unknown>, about: Record<string, unknown>): void {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${PUBLISH_TIMEOUT_MS} ms`)), PUBLISH_TIMEOUT_MS);
    });
    Promise.race([sent, late])
      .catch((error: unknown) => this.logger.warn({ err: String(error), ...about }, 'a live update could not be sent'))
      .finally(() => clearTimeout(timer));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.updates.close();
  }
}
