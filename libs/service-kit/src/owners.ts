import { context, propagation } from '@opentelemetry/api';
import { z } from 'zod';
import type {
  CommunitySaleInternal,
  ItemSnapshot,
  ItemsSaleStats,
  MemberPremium,
  SaleSnapshot,
  ShopperSaleStats,
  UserSnapshot,
} from '@garage/contracts';
import { HttpStatus } from '@nestjs/common';
import { UNAVAILABLE } from './error.filter.js';
import { ApiError } from './errors.js';
import type { Logger } from './logger.js';

/**
 * Asking the service that owns some data, directly. A service keeps copies (projections) of other
 * services' data, fed by their events; a copy may lag behind its owner (an event on its way, a
 * broker outage). So when a request names something the copy does not hold, or the copy's answer
 * would refuse the caller, the service asks the owner once, over HTTP with a short timeout, before
 * answering: the owner does not have it → 404; it does → the request proceeds on the owner's word.
 * The events stay the way data normally flows: what the owner says is used for this one answer and
 * never written into the copy (its event will be, with the effects that go with it).
 *
 * The owners answer on `/internal/...` paths, which the gateway never routes (it forwards `/api`
 * only), so only the services themselves reach them. They find each other with the same variables
 * and defaults as the gateway (AUTH_URL, SALES_URL, ITEMS_URL, PAYMENTS_URL, SHOPPER_URL).
 */
export const ownersConfigShape = {
  AUTH_URL: z.string().url().default('http://127.0.0.1:4001'),
  SALES_URL: z.string().url().default('http://127.0.0.1:4002'),
  ITEMS_URL: z.string().url().default('http://127.0.0.1:4003'),
  PAYMENTS_URL: z.string().url().default('http://127.0.0.1:4005'),
  /** Shopper answers its part of a sale's stats (saves, plans, alert matches). */
  SHOPPER_URL: z.string().url().default('http://127.0.0.1:4006'),
  /** How long a request waits for an owner's answer before it is answered 503 (or the copy's refusal stands). */
  OWNER_TIMEOUT_MS: z.coerce.number().int().min(50).max(10_000).default(1000),
  /**
   * How long an owner that gave no answer (connection refused or reset, its name resolving to
   * nothing, 503, or no answer within OWNER_TIMEOUT_MS: a replica restarting or swamped) is asked
   * again before the answer is 503; 0 asks once. The gateway gives a request that never reached a
   * service the same grace.
   */
  OWNER_RETRY_WINDOW_MS: z.coerce.number().int().min(0).max(30_000).default(5000),
};
export type OwnersConfig = z.infer<z.ZodObject<typeof ownersConfigShape>>;

/** The owners' paths (each owner serves its own under `/internal`). */
export const OWNER_PATHS = {
  sale: (id: number) => `/internal/sales/${id}`,
  communitySale: (id: number) => `/internal/community-sales/${id}`,
  user: (id: number) => `/internal/users/${id}`,
  item: (id: number) => `/internal/items/${id}`,
  membership: (userId: number) => `/internal/memberships/${userId}`,
  saleStats: (saleId: number) => `/internal/sales/${saleId}/stats`,
} as const;

/** How one question is asked: `once` skips the retry window, `timeoutMs` shortens OWNER_TIMEOUT_MS. */
export interface AskOptions {
  once?: boolean;
  timeoutMs?: number;
}

/**
 * An owner that could not be asked (down, slow, or answering an error). Left alone it is the
 * answer: a retryable 503, since neither the copy nor the owner could settle the request; a caller
 * whose copy already has an answer (a refusal) may catch it and give that one instead.
 */
export class OwnerUnreachable extends ApiError {
  constructor(readonly owner: string) {
    super(HttpStatus.SERVICE_UNAVAILABLE, UNAVAILABLE, undefined, { 'Retry-After': '1' });
  }
}

export class Owners {
  constructor(
    private readonly config: OwnersConfig,
    private readonly logger: Logger,
  ) {}

  /** The sale as the sales service has it now; null when it has none (never created, or deleted). */
  sale(id: number): Promise<SaleSnapshot | null> {
    return this.ask('sales', this.config.SALES_URL, OWNER_PATHS.sale(id));
  }

  /** The community sale and the sales in it as the sales service has them now; null when it has none. */
  communitySale(id: number): Promise<CommunitySaleInternal | null> {
    return this.ask('sales', this.config.SALES_URL, OWNER_PATHS.communitySale(id));
  }

  /** The user as auth has it now (premium expiry included); null when there is no such user. */
  user(id: number, options: AskOptions = {}): Promise<UserSnapshot | null> {
    return this.ask('auth', this.config.AUTH_URL, OWNER_PATHS.user(id), options);
  }

  /** The item as the items service has it now; null when it has none (never created, or deleted). */
  item(id: number): Promise<ItemSnapshot | null> {
    return this.ask('items', this.config.ITEMS_URL, OWNER_PATHS.item(id));
  }

  /**
   * Items' part of a sale's stats (views of each item, reservations, pickups); null when items
   * answers 404. Asked once: the host can ask again, and a stats page is not worth seconds.
   */
  itemsSaleStats(saleId: number): Promise<ItemsSaleStats | null> {
    return this.ask('items', this.config.ITEMS_URL, OWNER_PATHS.saleStats(saleId), { once: true });
  }

  /** Shopper's part of a sale's stats (saves, route plans, alert matches); null when shopper answers 404. */
  shopperSaleStats(saleId: number): Promise<ShopperSaleStats | null> {
    return this.ask('shopper', this.config.SHOPPER_URL, OWNER_PATHS.saleStats(saleId), { once: true });
  }

  /**
   * The member's premium as payments has it now: payments commits a membership's start and end
   * before it answers the call that made them, so this is never behind a member's own payment or
   * refund. Asked once, without the retry window: every caller has its copy's answer to fall back
   * on, and a payments outage should cost a premium call OWNER_TIMEOUT_MS at most, not seconds.
   */
  async membership(userId: number): Promise<MemberPremium> {
    const path = OWNER_PATHS.membership(userId);
    const answer = await this.ask<MemberPremium>('payments', this.config.PAYMENTS_URL, path, { once: true });
    if (answer) return answer;
    // Payments answers every member id (no membership: null), so a 404 is a payments without this
    // path (a rolling upgrade): it cannot be asked, which is not the same as "not a member".
    this.logger.warn({ owner: 'payments', path }, 'payments does not answer memberships yet');
    throw new OwnerUnreachable('payments');
  }

  /**
   * One GET, bounded by OWNER_TIMEOUT_MS: the body on 200, null on 404. An owner that gave no
   * answer (refused, reset, no address, 503, or silent until the timeout) is asked again, a little
   * later each time, within OWNER_RETRY_WINDOW_MS: the question is a read, so asking twice is
   * harmless. One that answered another error is not asked again. What is left throws
   * OwnerUnreachable.
   */
  private async ask<T>(owner: string, base: string, path: string, options: AskOptions = {}): Promise<T | null> {
    const deadline = Date.now() + (options.once ? 0 : this.config.OWNER_RETRY_WINDOW_MS);
    const timeoutMs = Math.min(options.timeoutMs ?? this.config.OWNER_TIMEOUT_MS, this.config.OWNER_TIMEOUT_MS);
    for (let attempt = 0; ; attempt += 1) {
      const outcome = await this.askOnce<T>(base, path, timeoutMs);
      if (outcome.kind === 'answer') return outcome.value;
      const pause = Math.min(100 * 2 ** attempt, 1000);
      if (!outcome.retryable || Date.now() + pause > deadline) {
        this.logger.warn({ err: outcome.error, owner, path, attempts: attempt + 1 }, 'the owning service could not be asked');
        throw new OwnerUnreachable(owner);
      }
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }

  private async askOnce<T>(
    base: string,
    path: string,
    timeoutMs: number,
  ): Promise<{ kind: 'answer'; value: T | null } | { kind: 'failed'; retryable: boolean; error: string }> {
    const headers: Record<string, string> = { accept: 'application/json' };
    propagation.inject(context.active(), headers);
    let response: Response;
    try {
      response = await fetch(new URL(path, base), { headers, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      return { kind: 'failed', retryable: noAnswer(error), error: describe(error) };
    }
    if (!response.ok) {
      await response.body?.cancel();
      if (response.status === 404) return { kind: 'answer', value: null };
      return { kind: 'failed', retryable: response.status === 503, error: `answered ${response.status}` };
    }
    try {
      return { kind: 'answer', value: (await response.json()) as T };
    } catch (error) {
      return { kind: 'failed', retryable: false, error: describe(error) };
    }
  }
}

/** Failures where the owner gave no answer at all: not there, gone mid-question, or silent. */
const NO_ANSWER = new Set(['ECONNREFUSED', 'ECONNRESET', 'EAI_AGAIN', 'ENOTFOUND', 'EHOSTUNREACH', 'UND_ERR_SOCKET', 'EPIPE']);
function noAnswer(error: unknown): boolean {
  if ((error as { name?: string }).name === 'TimeoutError') return true;
  const cause = (error as { cause?: { code?: string } }).cause;
  return cause?.code !== undefined && NO_ANSWER.has(cause.code);
}
function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return `${String(error)}${cause ? ` (${cause.code ?? cause.message})` : ''}`;
}
