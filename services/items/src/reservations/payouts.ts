import { Inject, Injectable } from '@nestjs/common';
import type { TokenClaims } from '@garage/contracts';
import { PaymentProvider, providerCall } from '@garage/payment-provider';
import { SERVICE_CONFIG } from '@garage/service-kit';
import type { ItemsConfig } from '../config.js';
import { LedgerRepository } from './ledger.repository.js';

/** Where a host's collected reservations are paid out to: a payout account with the provider (Stripe Connect Express). */
@Injectable()
export class Payouts {
  constructor(
    @Inject(PaymentProvider) private readonly provider: PaymentProvider,
    @Inject(LedgerRepository) private readonly ledger: LedgerRepository,
    @Inject(SERVICE_CONFIG) private readonly config: ItemsConfig,
  ) {}

  /** A payout account for the host (opened once) and the link to its onboarding. */
  async onboarding(caller: TokenClaims): Promise<{ url: string; accountId: string }> {
    let accountId = await this.ledger.payoutAccount(caller.userId, this.provider.name);
    if (!accountId) {
      const account = await providerCall(() =>
        this.provider.createPayoutAccount({ userId: caller.userId, email: null, idempotencyKey: payoutAccountKey(caller.userId) }),
      );
      accountId = await this.ledger.savePayoutAccount(caller.userId, this.provider.name, account.id);
    }
    const returnUrl = this.config.PAYOUT_RETURN_URL;
    const link = await providerCall(() => this.provider.onboardingLink(accountId!, returnUrl, returnUrl));
    return { url: link.url, accountId };
  }
}

/** One payout account per host, whichever path opens it first. */
export const payoutAccountKey = (hostId: number) => `payout-account-${hostId}`;
