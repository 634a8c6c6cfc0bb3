import type { MemberPremium } from '@garage/contracts';
import type { Membership } from './memberships.repository.js';

/**
 * A member's premium as payments holds it at `now`: the end of the paid period (after a refund,
 * the refund's moment, which the refund writes as the paid-through date) and whether it runs. The
 * same reading as the member's own view (`membershipView`): a refunded period never counts.
 */
export function memberPremium(userId: number, membership: Membership | null, now: Date): MemberPremium {
  const paidThrough = membership?.paidThrough ?? null;
  const running = paidThrough !== null && paidThrough.getTime() > now.getTime();
  return {
    userId,
    premiumExpiresAt: paidThrough?.toISOString() ?? null,
    isPremium: running && membership!.status !== 'refunded' && membership!.status !== 'none',
  };
}
