import { fromCents, type AnyEvent } from '@garage/contracts';

/** One notice to a member about their membership: shown in the bell and emailed (always: it is about their money). */
export interface MembershipNotice {
  userId: number;
  title: string;
  message: string;
  /** One notice per fact, however often its event is delivered. */
  changeKey: string;
}

const money = (cents: number, currency: string) =>
  `${currency.toLowerCase() === 'usd' ? '$' : ''}${fromCents(cents).toFixed(2)}${currency.toLowerCase() === 'usd' ? '' : ` ${currency.toUpperCase()}`}`;
/** Dates in mail and the bell are read by the member anywhere: spelled out, in UTC. */
const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/**
 * What the member is told about a membership event: a receipt for every charge and refund (amount,
 * date, what for), the renewal reminder 7 days before, a failed renewal, a cancellation. Other
 * events say nothing.
 */
export function membershipNotice(event: AnyEvent): MembershipNotice | null {
  switch (event.type) {
    case 'payment.succeeded': {
      const { userId, amountCents, currency, succeededAt, premiumExpiresAt, paymentIntentId } = event.data;
      const what = event.data.renewal ? 'the yearly renewal of your Garage Premium membership' : 'one year of Garage Premium membership';
      return {
        userId,
        title: `Receipt: ${money(amountCents, currency)} for Garage Premium`,
        message: `Receipt: you paid ${money(amountCents, currency)} on ${day(succeededAt)} for ${what}. Premium until ${day(premiumExpiresAt)}. Payment ${paymentIntentId}.`,
        changeKey: `membership:receipt:${paymentIntentId}`,
      };
    }
    case 'membership.refunded': {
      const { userId, amountCents, currency, refundedAt, paymentIntentId } = event.data;
      return {
        userId,
        title: `Refund receipt: ${money(amountCents, currency)} for Garage Premium`,
        message: `Refund receipt: ${money(amountCents, currency)} was refunded in full on ${day(refundedAt)} under the 30-day money-back guarantee (payment ${paymentIntentId}). Premium has ended; reservations you already paid for stay valid.`,
        changeKey: `membership:refund:${paymentIntentId}`,
      };
    }
    case 'membership.renewal_due': {
      const { userId, amountCents, currency, paidThrough } = event.data;
      return {
        userId,
        title: 'Your Garage Premium membership renews in 7 days',
        message: `Your Garage Premium membership renews on ${day(paidThrough!)} for ${money(amountCents, currency)} a year. To stop it, cancel in Profile Settings before then.`,
        changeKey: `membership:reminder:${paidThrough}`,
      };
    }
    case 'membership.renewal_failed': {
      const { userId, amountCents, currency, paidThrough } = event.data;
      return {
        userId,
        title: 'Your Garage Premium renewal payment failed',
        message: `We could not take the ${money(amountCents, currency)} renewal payment. You stay premium until ${day(paidThrough!)}; after that your account is free unless you subscribe again.`,
        changeKey: `membership:renewal-failed:${paidThrough}`,
      };
    }
    case 'membership.cancelled': {
      const { userId, paidThrough } = event.data;
      return {
        userId,
        title: 'Your Garage Premium membership is cancelled',
        message: `Your membership will not renew. You stay premium until ${day(paidThrough!)}, and can resume it in Profile Settings until then.`,
        changeKey: `membership:cancelled:${event.version}`,
      };
    }
    default:
      return null;
  }
}
