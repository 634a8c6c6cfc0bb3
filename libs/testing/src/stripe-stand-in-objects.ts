// The Stripe objects the stand-in (stripe-stand-in.ts) keeps, in the fields the payment provider
// reads, and the requests it records.

export interface StandInIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

/** A Stripe Subscription as the stand-in keeps it, with its invoices (the first, then one per renewal). */
export interface StandInSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  metadata: Record<string, string>;
  items: { data: Array<{ price: { id: string } }> };
  created: number;
  livemode: false;
}

export interface StandInInvoice {
  id: string;
  object: 'invoice';
  billing_reason: 'subscription_create' | 'subscription_cycle';
  amount_due: number;
  amount_paid: number;
  currency: string;
  status: string;
  parent: { type: 'subscription_details'; subscription_details: { subscription: string; metadata: Record<string, string> } };
  /** The PaymentIntent that pays it (expanded as `payments` on request). */
  payment_intent_id: string;
  created: number;
  livemode: false;
}

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  form: URLSearchParams;
}
