import { ConfigError } from '@garage/service-kit';
import type { StripeConfig } from './stripe-config.js';
import type { PaymentProvider } from './payment-provider.port.js';
import { SimulatedPaymentProvider } from './simulated-payment-provider.js';
import { StripePaymentProvider } from './stripe-payment-provider.js';

type ProviderConfig = StripeConfig & { NODE_ENV: string };

/**
 * Picks the adapter once, at boot: Stripe when `STRIPE_SECRET_KEY` is set (and then its webhook
 * secret and publishable key are required, every missing one named), else the simulated provider.
 */
/** The slice of the service's logger the choice is reported to. */
interface ChoiceLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export function paymentProviderFrom(config: ProviderConfig, logger: ChoiceLogger): PaymentProvider {
  if (!config.STRIPE_SECRET_KEY) {
    if (config.NODE_ENV === 'production') {
      logger.warn(
        {},
        'payments use the SIMULATED provider, which is for development only: no card is collected and no money is charged. Set STRIPE_SECRET_KEY to take real payments.',
      );
    } else {
      logger.info({}, 'payments use the simulated provider (development; no money is charged)');
    }
    return new SimulatedPaymentProvider();
  }
  const missing = (['STRIPE_WEBHOOK_SECRET', 'STRIPE_PUBLISHABLE_KEY'] as const).filter((key) => !config[key]);
  if (missing.length > 0) throw new ConfigError(missing.map((key) => `${key} is required when STRIPE_SECRET_KEY is set`));
  return new StripePaymentProvider({
    secretKey: config.STRIPE_SECRET_KEY,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
    publishableKey: config.STRIPE_PUBLISHABLE_KEY!,
    webhookToleranceSeconds: config.STRIPE_WEBHOOK_TOLERANCE_SECONDS,
    api: { host: config.STRIPE_API_HOST, port: config.STRIPE_API_PORT, protocol: config.STRIPE_API_PROTOCOL },
  });
}
