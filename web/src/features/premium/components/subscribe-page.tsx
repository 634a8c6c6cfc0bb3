import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PREMIUM_PRICE_CENTS } from '@garage/contracts/constants';
import type { PaymentsConfig } from '@garage/contracts';
import { errorMessage } from '@/lib/api-client';
import { refreshUntilPremium, useUser, type LoginRedirectState } from '@/lib/auth';
import { formatPrice, formatTimestampDate } from '@/lib/format';
import { Alert } from '@/components/ui/alert';
import { Button, LinkButton } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { usePaymentsConfig } from '@/lib/payments-config';
import { confirmSubscription, startSubscription } from '../api/subscription';
import { PREMIUM_FAQ, PREMIUM_FEATURES } from './premium-content';
import { Check, Star } from 'lucide-react';

const StripeCardStep = lazy(() => import('@/components/payments/stripe-card-step'));

const PRICE = formatPrice(PREMIUM_PRICE_CENTS / 100);

type Checkout =
  | { step: 'idle' }
  | { step: 'starting' }
  | { step: 'pay'; paymentIntentId: string; clientSecret: string }
  | { step: 'confirming'; paymentIntentId: string; clientSecret: string };

export function PremiumActive({ expiresAt, justUpgraded }: { expiresAt: string | null; justUpgraded: boolean }) {
  return (
    <div className="mx-auto max-w-2xl space-y-6 text-center">
      {justUpgraded && <Alert tone="success">Payment received. Welcome to Premium!</Alert>}
      <div className="rounded-xl bg-gradient-to-br from-purple-700 to-blue-700 p-10 text-white shadow-lg">
        <Star aria-hidden className="mx-auto h-12 w-12 fill-current" />
        <h1 className="mt-3 text-3xl font-bold">You&apos;re Premium!</h1>
        <p className="mt-2 text-purple-50">Your membership is active until {formatTimestampDate(expiresAt)}.</p>
      </div>
      <div className="flex flex-wrap justify-center gap-3">
        <LinkButton to="/search">Search and Reserve Items</LinkButton>
        <LinkButton to="/sales" variant="secondary">
          Browse Garage Sales
        </LinkButton>
      </div>
    </div>
  );
}

function PaymentStep({
  config,
  checkout,
  onConfirm,
  onFailed,
  onCancel,
}: {
  config: PaymentsConfig;
  checkout: Extract<Checkout, { step: 'pay' | 'confirming' }>;
  onConfirm: () => void;
  onFailed: (message: string) => void;
  onCancel: () => void;
}) {
  const busy = checkout.step === 'confirming';
  return (
    <section aria-labelledby="payment-heading" className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200">
      <h2 id="payment-heading" className="text-lg font-semibold text-gray-900">
        Complete your payment
      </h2>
      <p className="mt-1 text-sm text-gray-700">Premium membership, one year: {PRICE}</p>
      <div className="mt-4">
        {config.provider === 'stripe' && config.publishableKey ? (
          busy ? (
            <Spinner label="Processing..." className="py-6" />
          ) : (
            <Suspense fallback={<Spinner label="Loading secure card form..." className="py-6" />}>
              <StripeCardStep
                publishableKey={config.publishableKey}
                clientSecret={checkout.clientSecret}
                amountLabel={PRICE}
                onPaid={onConfirm}
                onFailed={onFailed}
              />
            </Suspense>
          )
        ) : (
          <div className="rounded-md border-2 border-dashed border-amber-400 bg-amber-50 p-4">
            <p className="inline-block rounded bg-amber-700 px-2 py-0.5 text-xs font-bold uppercase tracking-wider text-white">TEST MODE</p>
            <p className="mt-2 text-sm text-amber-950">
              Payments are simulated on this server. No card is collected and no money is charged.
            </p>
            <Button variant="success" size="lg" className="mt-4 w-full" disabled={busy} onClick={onConfirm}>
              {busy ? 'Processing...' : `Complete Test Payment (${PRICE})`}
            </Button>
          </div>
        )}
      </div>
      <Button variant="ghost" size="sm" className="mt-3" disabled={busy} onClick={onCancel}>
        Cancel
      </Button>
    </section>
  );
}

export function SubscribePage() {
  const user = useUser();
  const navigate = useNavigate();
  const [checkout, setCheckout] = useState<Checkout>({ step: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const [justUpgraded, setJustUpgraded] = useState(false);
  const config = usePaymentsConfig({ enabled: user !== null && !user.isPremium });

  if (user?.isPremium) return <PremiumActive expiresAt={user.premiumExpiresAt} justUpgraded={justUpgraded} />;

  const upgrade = async () => {
    if (!user) {
      navigate('/login', { state: { from: '/subscribe' } satisfies LoginRedirectState });
      return;
    }
    setError(null);
    setCheckout({ step: 'starting' });
    try {
      const intent = await startSubscription();
      if (!config.data) await config.refetch({ throwOnError: true });
      setCheckout({ step: 'pay', paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret });
    } catch (failure) {
      console.error(failure);
      setError('Failed to create subscription');
      setCheckout({ step: 'idle' });
    }
  };

  const confirm = async () => {
    if (checkout.step !== 'pay') return;
    setError(null);
    setCheckout({ ...checkout, step: 'confirming' });
    try {
      const { premiumExpiresAt } = await confirmSubscription(checkout.paymentIntentId);
      setJustUpgraded(true);
      await refreshUntilPremium(premiumExpiresAt); // the user is now premium: the page shows it
    } catch (failure) {
      setError(errorMessage(failure, 'Subscription failed'));
      setCheckout({ ...checkout, step: 'pay' });
    }
  };

  const busy = checkout.step === 'starting';

  return (
    <div className="space-y-12">
      <section className="text-center">
        <p className="text-sm font-semibold uppercase tracking-wider text-purple-700">Garage Premium</p>
        <h1 className="mt-2 text-4xl font-bold text-gray-900">Shop smarter at every garage sale</h1>
        <p className="mx-auto mt-3 max-w-2xl text-lg text-gray-700">
          Reserve the best finds before anyone else, search farther, and plan your route, all for less than 17 cents a month.
        </p>
      </section>

      {error && (
        <Alert tone="error" className="mx-auto max-w-xl">
          {error}
        </Alert>
      )}

      <div className="grid gap-8 lg:grid-cols-3">
        <section aria-labelledby="features-heading" className="lg:col-span-2">
          <h2 id="features-heading" className="sr-only">
            What you get
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2">
            {PREMIUM_FEATURES.map(({ icon: Icon, ...feature }) => (
              <li key={feature.title} className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-gray-200">
                <Icon aria-hidden className="h-8 w-8 text-purple-700" />
                <h3 className="mt-2 font-semibold text-gray-900">{feature.title}</h3>
                <p className="mt-1 text-sm text-gray-700">{feature.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <div className="space-y-4">
          <section aria-labelledby="price-heading" className="rounded-xl bg-white p-6 text-center shadow-md ring-2 ring-purple-600">
            <h2 id="price-heading" className="text-lg font-semibold text-gray-900">
              Premium Membership
            </h2>
            <p className="mt-3">
              <span className="text-5xl font-extrabold text-gray-900">{PRICE}</span>
              <span className="text-lg text-gray-700">/year</span>
            </p>
            <p className="mt-1 text-sm text-gray-700">Less than 17 cents per month</p>
            <ul className="mt-4 space-y-1 text-sm text-gray-800">
              {['Cancel anytime', '30-day money-back guarantee', '24-hour support response'].map((promise) => (
                <li key={promise} className="flex items-center justify-center gap-1.5">
                  <Check aria-hidden className="h-4 w-4 text-green-700" />
                  {promise}
                </li>
              ))}
            </ul>
            {(checkout.step === 'idle' || checkout.step === 'starting') && (
              <Button size="lg" variant="premium" className="mt-6 w-full" disabled={busy} onClick={() => void upgrade()}>
                {busy ? 'Processing...' : 'Upgrade Now'}
              </Button>
            )}
            {!user && <p className="mt-2 text-xs text-gray-700">You will be asked to sign in first.</p>}
          </section>
          {(checkout.step === 'pay' || checkout.step === 'confirming') && config.data && (
            <PaymentStep
              config={config.data}
              checkout={checkout}
              onConfirm={() => void confirm()}
              onFailed={(message) => setError(message || 'Subscription failed')}
              onCancel={() => setCheckout({ step: 'idle' })}
            />
          )}
        </div>
      </div>

      <section aria-labelledby="faq-heading" className="mx-auto max-w-3xl">
        <h2 id="faq-heading" className="text-2xl font-bold text-gray-900">
          Frequently Asked Questions
        </h2>
        <div className="mt-4 divide-y divide-gray-200 rounded-lg bg-white shadow-sm ring-1 ring-gray-200">
          {PREMIUM_FAQ.map((entry) => (
            <details key={entry.question} className="group p-4">
              <summary className="cursor-pointer font-medium text-gray-900">{entry.question}</summary>
              <p className="mt-2 text-sm text-gray-700">{entry.answer}</p>
            </details>
          ))}
        </div>
      </section>
    </div>
  );
}
