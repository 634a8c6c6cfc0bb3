/**
 * The payment provider (the card processor) behind one port, with its two adapters: the simulated
 * provider (development, standalone and tests) and Stripe. Payments uses it for memberships and
 * the provider's webhooks; items for reservation money, which commits with the hold on the item.
 */
export * from './payment-provider.port.js';
export { SimulatedPaymentProvider } from './simulated-payment-provider.js';
export { PREMIUM_PRICE_LOOKUP_KEY, StripePaymentProvider, type StripeOptions } from './stripe-payment-provider.js';
export { paymentProviderFrom } from './payment-provider.factory.js';
export { providerCall } from './provider-call.js';
export { stripeConfig, type StripeConfig } from './stripe-config.js';
export { PREMIUM_PURPOSE, RESERVATION_PURPOSE } from './purposes.js';
