import { describe, expect, it } from '@jest/globals';
import { ConfigError } from '@garage/service-kit';
import { paymentProviderFrom } from './payment-provider.factory.js';
import { SimulatedPaymentProvider } from './simulated-payment-provider.js';
import { StripePaymentProvider } from './stripe-payment-provider.js';

const base = { NODE_ENV: 'test' as const, STRIPE_WEBHOOK_TOLERANCE_SECONDS: 300 };
function recorder() {
  const lines: Array<{ level: string; msg: string }> = [];
  return {
    lines,
    info: (_: object, msg: string) => void lines.push({ level: 'info', msg }),
    warn: (_: object, msg: string) => void lines.push({ level: 'warn', msg }),
  };
}

function problemsOf(config: Parameters<typeof paymentProviderFrom>[0]): string[] | 'no error' {
  try {
    paymentProviderFrom(config, recorder());
    return 'no error';
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
}

describe('paymentProviderFrom', () => {
  it('uses the simulated provider without a Stripe secret key', () => {
    const provider = paymentProviderFrom(base, recorder());
    expect(provider).toBeInstanceOf(SimulatedPaymentProvider);
    expect(provider.publishableKey).toBeNull();
  });

  it('warns that the simulated provider is for development when a production process uses it', () => {
    const logger = recorder();
    paymentProviderFrom({ ...base, NODE_ENV: 'production' }, logger);
    expect(logger.lines).toEqual([expect.objectContaining({ level: 'warn', msg: expect.stringMatching(/for development only/) })]);
  });

  it('uses Stripe with a secret key, and names every missing companion key', () => {
    expect(problemsOf({ ...base, STRIPE_SECRET_KEY: 'sk_test_x' })).toEqual([
      'STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set',
      'STRIPE_PUBLISHABLE_KEY is required when STRIPE_SECRET_KEY is set',
    ]);
    expect(problemsOf({ ...base, STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' })).toEqual([
      'STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set',
    ]);
    const stripe = paymentProviderFrom(
      { ...base, STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' },
      recorder(),
    );
    expect(stripe).toBeInstanceOf(StripePaymentProvider);
    expect(stripe.publishableKey).toBe('pk_test_x');
  });
});
