import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { RecordedRequest, StandInIntent, StandInInvoice, StandInSubscription } from './stripe-stand-in-objects.js';

/**
 * A local stand-in for the part of Stripe's API the payment provider's Stripe adapter calls
 * (libs/payment-provider), so the real Stripe SDK runs end to end without the internet. Like Stripe, it
 * answers a repeated Idempotency-Key with the first response. Tests move intents on with `setStatus`,
 * as the card step in the browser would, and sign webhooks with the SDK's own test helper.
 */
export class StripeStandIn {
  readonly intents = new Map<string, StandInIntent>();
  readonly requests: RecordedRequest[] = [];
  /** Refunds, transfers, connected accounts and onboarding links made through the API, by id. */
  readonly objects = new Map<string, Record<string, unknown>>();
  readonly subscriptions = new Map<string, StandInSubscription>();
  readonly invoices = new Map<string, StandInInvoice>();
  readonly prices = new Map<string, Record<string, unknown>>();
  private readonly idempotent = new Map<string, string>();
  private server: Server | null = null;
  private counter = 0;
  private failures = 0;
  port = 0;

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      void this.handle(request).then(([status, body]) => {
        // Stripe marks the failures its SDK should not retry; the stand-in's outages are all of that kind.
        response.writeHead(status, {
          'content-type': 'application/json',
          'request-id': `req_${++this.counter}`,
          'stripe-should-retry': 'false',
        });
        response.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** An intent made straight at "Stripe" (not through the service), e.g. by another checkout. */
  createIntent(fields: { amount: number; currency: string; metadata: Record<string, string>; status?: string }): StandInIntent {
    const id = `pi_standin${++this.counter}${Math.random().toString(36).slice(2, 10)}`;
    const intent: StandInIntent = {
      id,
      object: 'payment_intent',
      amount: fields.amount,
      currency: fields.currency,
      status: fields.status ?? 'requires_payment_method',
      client_secret: `${id}_secret_${Math.random().toString(36).slice(2, 12)}`,
      description: null,
      metadata: fields.metadata,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    };
    this.intents.set(id, intent);
    return intent;
  }

  /**
   * Stripe's yearly cycle: a renewal invoice for the subscription, paid (its intent succeeded) or
   * declined, as Stripe makes at the end of each period. Returns the invoice for a webhook.
   */
  renew(subscriptionId: string, paid: boolean): StandInInvoice {
    const subscription = this.subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`stand-in has no subscription ${subscriptionId}`);
    const price = this.prices.get(subscription.items.data[0]!.price.id)!;
    const intent = this.createIntent({
      amount: Number(price.unit_amount),
      currency: String(price.currency),
      metadata: {},
      status: paid ? 'succeeded' : 'requires_payment_method',
    });
    subscription.status = paid ? 'active' : 'past_due';
    return this.invoiceFor(subscription, intent, 'subscription_cycle', paid);
  }

  /** The invoice as a webhook or a retrieve shows it; `payments` lists its PaymentIntent. */
  invoiceBody(invoice: StandInInvoice): Record<string, unknown> {
    const { payment_intent_id: paymentIntentId, ...rest } = invoice;
    return {
      ...rest,
      payments: {
        object: 'list',
        data: [{ object: 'invoice_payment', payment: { type: 'payment_intent', payment_intent: paymentIntentId } }],
      },
    };
  }

  private invoiceFor(
    subscription: StandInSubscription,
    intent: StandInIntent,
    reason: StandInInvoice['billing_reason'],
    paid: boolean,
  ): StandInInvoice {
    const invoice: StandInInvoice = {
      id: `in_standin${++this.counter}`,
      object: 'invoice',
      billing_reason: reason,
      amount_due: intent.amount,
      amount_paid: paid ? intent.amount : 0,
      currency: intent.currency,
      status: paid ? 'paid' : 'open',
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id, metadata: subscription.metadata } },
      payment_intent_id: intent.id,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    };
    this.invoices.set(invoice.id, invoice);
    return invoice;
  }

  /** Customers, prices and subscriptions (create, update, cancel), and invoices with their payments. */
  private billing(
    method: string,
    path: string,
    form: URLSearchParams,
    query: URLSearchParams,
    idempotencyKey: string | undefined,
  ): [number, unknown] | null {
    const replay = method === 'POST' && idempotencyKey ? this.idempotent.get(idempotencyKey) : undefined;
    if (path === '/v1/customers' && method === 'POST') {
      if (replay) return [200, this.objects.get(replay)];
      const customer = { id: `cus_standin${++this.counter}`, object: 'customer', email: form.get('email'), metadata: metadataOf(form) };
      this.objects.set(customer.id, customer);
      if (idempotencyKey) this.idempotent.set(idempotencyKey, customer.id);
      return [200, customer];
    }
    if (path === '/v1/prices' && method === 'GET') {
      const keys = [...query.entries()].filter(([key]) => key.startsWith('lookup_keys')).map(([, value]) => value);
      return [
        200,
        { object: 'list', data: [...this.prices.values()].filter((price) => keys.includes(String(price.lookup_key))), has_more: false },
      ];
    }
    if (path === '/v1/prices' && method === 'POST') {
      if (replay) return [200, this.prices.get(replay)];
      const price = {
        id: `price_standin${++this.counter}`,
        object: 'price',
        unit_amount: Number(form.get('unit_amount')),
        currency: form.get('currency'),
        recurring: { interval: form.get('recurring[interval]') },
        lookup_key: form.get('lookup_key'),
        active: true,
      };
      this.prices.set(price.id, price);
      if (idempotencyKey) this.idempotent.set(idempotencyKey, price.id);
      return [200, price];
    }
    if (path === '/v1/subscriptions' && method === 'POST') {
      if (replay) return [200, this.subscriptionBody(this.subscriptions.get(replay)!)];
      const price = this.prices.get(form.get('items[0][price]') ?? '');
      if (!price) return [400, { error: { type: 'invalid_request_error', message: 'No such price' } }];
      const subscription: StandInSubscription = {
        id: `sub_standin${++this.counter}`,
        object: 'subscription',
        customer: form.get('customer') ?? '',
        status: 'incomplete',
        cancel_at_period_end: false,
        metadata: metadataOf(form),
        items: { data: [{ price: { id: String(price.id) } }] },
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      this.subscriptions.set(subscription.id, subscription);
      const intent = this.createIntent({ amount: Number(price.unit_amount), currency: String(price.currency), metadata: {} });
      this.invoiceFor(subscription, intent, 'subscription_create', false);
      if (idempotencyKey) this.idempotent.set(idempotencyKey, subscription.id);
      return [200, this.subscriptionBody(subscription)];
    }
    const subscriptionPath = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (subscriptionPath) {
      const subscription = this.subscriptions.get(decodeURIComponent(subscriptionPath[1]!));
      if (!subscription)
        return [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such subscription' } }];
      if (method === 'DELETE') {
        if (subscription.status === 'canceled')
          return [400, { error: { type: 'invalid_request_error', message: 'This subscription is already canceled' } }];
        subscription.status = 'canceled';
      } else if (method === 'POST' && form.has('cancel_at_period_end')) {
        subscription.cancel_at_period_end = form.get('cancel_at_period_end') === 'true';
      }
      return [200, this.subscriptionBody(subscription)];
    }
    const invoicePath = /^\/v1\/invoices\/([^/]+)$/.exec(path);
    if (invoicePath && method === 'GET') {
      const invoice = this.invoices.get(decodeURIComponent(invoicePath[1]!));
      if (!invoice) return [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such invoice' } }];
      return [200, this.invoiceBody(invoice)];
    }
    const intentUpdate = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (intentUpdate && method === 'POST') {
      const intent = this.intents.get(decodeURIComponent(intentUpdate[1]!));
      if (!intent) return [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } }];
      intent.metadata = { ...intent.metadata, ...metadataOf(form) };
      if (form.has('description')) intent.description = form.get('description');
      return [200, intent];
    }
    return null;
  }

  /** The subscription with its latest invoice expanded (payments and confirmation secret), as subscribe asks. */
  private subscriptionBody(subscription: StandInSubscription): Record<string, unknown> {
    const invoices = [...this.invoices.values()].filter((i) => i.parent.subscription_details.subscription === subscription.id);
    const latest = invoices[invoices.length - 1];
    const intent = latest ? this.intents.get(latest.payment_intent_id) : undefined;
    return {
      ...subscription,
      latest_invoice: latest
        ? { ...this.invoiceBody(latest), confirmation_secret: { client_secret: intent?.client_secret, type: 'payment_intent' } }
        : null,
    };
  }

  /** The subscription a first payment (or renewal) intent belongs to. */
  subscriptionOf(paymentIntentId: string): StandInSubscription | undefined {
    const invoice = [...this.invoices.values()].find((i) => i.payment_intent_id === paymentIntentId);
    return invoice ? this.subscriptions.get(invoice.parent.subscription_details.subscription) : undefined;
  }

  /** The first invoice of a subscription. */
  firstInvoice(subscriptionId: string): StandInInvoice | undefined {
    return [...this.invoices.values()].find((i) => i.parent.subscription_details.subscription === subscriptionId);
  }

  /** The next `count` calls fail as a Stripe outage does (503). */
  failNext(count = 1): void {
    this.failures = count;
  }

  setStatus(id: string, status: string): StandInIntent {
    const intent = this.intents.get(id);
    if (!intent) throw new Error(`stand-in has no intent ${id}`);
    intent.status = status;
    return intent;
  }

  /** A webhook body as Stripe sends it (pretty-printed, as Stripe does) and its signature header. */
  webhook(
    type: string,
    intent: StandInIntent | StandInSubscription | Record<string, unknown>,
    options: { secret: string; id?: string; created?: number; timestamp?: number },
  ): { id: string; payload: string; signature: string } {
    const id = options.id ?? `evt_${++this.counter}${Math.random().toString(36).slice(2, 10)}`;
    const event = {
      id,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: options.created ?? Math.floor(Date.now() / 1000),
      data: { object: { ...intent } },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    const payload = JSON.stringify(event, null, 2);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret, timestamp: options.timestamp });
    return { id, payload, signature };
  }

  /**
   * Refunds (of a succeeded intent only, as Stripe refuses others), transfers, Express accounts,
   * onboarding links and intent cancellation, each answering a repeated Idempotency-Key with the first object.
   */
  private makeObject(method: string, path: string, form: URLSearchParams, idempotencyKey: string | undefined): [number, unknown] | null {
    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path);
    if (method === 'POST' && cancel) {
      const intent = this.intents.get(decodeURIComponent(cancel[1]!));
      if (!intent) return [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } }];
      if (intent.status === 'succeeded' || intent.status === 'canceled')
        return [
          400,
          { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: `status ${intent.status}` } },
        ];
      intent.status = 'canceled';
      return [200, intent];
    }
    const kind = OBJECT_KINDS[path];
    if (method !== 'POST' || !kind) return null;
    const replay = idempotencyKey ? this.idempotent.get(idempotencyKey) : undefined;
    if (replay) return [200, this.objects.get(replay)];
    if (kind.object === 'refund') {
      const intent = this.intents.get(form.get('payment_intent') ?? '');
      if (!intent || intent.status !== 'succeeded')
        return [
          400,
          {
            error: {
              type: 'invalid_request_error',
              code: 'charge_not_refundable',
              message: 'This PaymentIntent has no successful charge to refund',
            },
          },
        ];
    }
    const fields: Record<string, unknown> = Object.fromEntries(form);
    const id = `${kind.prefix || 'link_'}standin${++this.counter}`;
    const object: Record<string, unknown> = { ...fields, id, object: kind.object, livemode: false, created: Math.floor(Date.now() / 1000) };
    if (kind.object === 'account_link') object.url = `https://connect.stripe.test/setup/${fields.account}/${this.counter}`;
    if (fields.amount !== undefined) object.amount = Number(fields.amount);
    this.objects.set(id, object);
    if (idempotencyKey) this.idempotent.set(idempotencyKey, id);
    return [200, object];
  }

  private async handle(request: IncomingMessage): Promise<[number, unknown]> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const idempotencyKey = header(request, 'idempotency-key');
    this.requests.push({
      method: request.method ?? '',
      path: url.pathname,
      idempotencyKey,
      authorization: header(request, 'authorization'),
      form,
    });
    if (this.failures > 0) {
      this.failures -= 1;
      return [503, { error: { type: 'api_error', message: 'Stripe is temporarily unavailable' } }];
    }

    if (request.method === 'POST' && url.pathname === '/v1/payment_intents') {
      const replay = idempotencyKey ? this.idempotent.get(idempotencyKey) : undefined;
      if (replay) return [200, this.intents.get(replay)];
      const metadata: Record<string, string> = {};
      for (const [key, value] of form) {
        const match = /^metadata\[(.+)\]$/.exec(key);
        if (match) metadata[match[1]!] = value;
      }
      const intent = this.createIntent({ amount: Number(form.get('amount')), currency: form.get('currency') ?? '', metadata });
      intent.description = form.get('description');
      if (idempotencyKey) this.idempotent.set(idempotencyKey, intent.id);
      return [200, intent];
    }
    const billed = this.billing(request.method ?? '', url.pathname, form, url.searchParams, idempotencyKey);
    if (billed) return billed;
    const made = this.makeObject(request.method ?? '', url.pathname, form, idempotencyKey);
    if (made) return made;
    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && retrieve) {
      const intent = this.intents.get(decodeURIComponent(retrieve[1]!));
      if (intent) return [200, intent];
      return [
        404,
        {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such payment_intent: '${retrieve[1]}'`,
            param: 'intent',
          },
        },
      ];
    }
    return [404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${url.pathname})` } }];
  }
}

const OBJECT_KINDS: Record<string, { object: string; prefix: string }> = {
  '/v1/refunds': { object: 'refund', prefix: 're_' },
  '/v1/transfers': { object: 'transfer', prefix: 'tr_' },
  '/v1/accounts': { object: 'account', prefix: 'acct_' },
  '/v1/account_links': { object: 'account_link', prefix: '' },
};

function metadataOf(form: URLSearchParams): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of form) {
    const match = /^metadata\[(.+)\]$/.exec(key);
    if (match) metadata[match[1]!] = value;
  }
  return metadata;
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
