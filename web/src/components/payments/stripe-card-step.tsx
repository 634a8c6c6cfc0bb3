import { useState, type FormEvent } from 'react';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { Button } from '@/components/ui/button';

// Stripe.js is fetched from Stripe only when a real card step is shown, and only once per key.
const stripes = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string) {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

interface CardStepProps {
  clientSecret: string;
  amountLabel: string;
  onPaid: () => void;
  /** Called with Stripe's own message when it has one, else with an empty string. */
  onFailed: (message: string) => void;
}

function CardForm({ clientSecret, amountLabel, onPaid, onFailed }: CardStepProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [paying, setPaying] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    setPaying(true);
    const result = await stripe.confirmCardPayment(clientSecret, { payment_method: { card } });
    setPaying(false);
    if (result.error) onFailed(result.error.message ?? '');
    else onPaid();
  };

  return (
    <form onSubmit={onSubmit} className="space-y-4">
      <div>
        <p id="card-label" className="mb-1 block text-sm font-medium text-gray-800">
          Card details
        </p>
        <div className="rounded-md border border-gray-400 bg-white px-3 py-3" aria-labelledby="card-label">
          <CardElement options={{ hidePostalCode: false, style: { base: { fontSize: '16px', color: '#111827' } } }} />
        </div>
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={!stripe || paying}>
        {paying ? 'Processing...' : `Pay ${amountLabel}`}
      </Button>
    </form>
  );
}

/** Stripe Elements' card form for a payment intent (memberships and reservations alike). */
export default function StripeCardStep({ publishableKey, ...props }: CardStepProps & { publishableKey: string }) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <CardForm {...props} />
    </Elements>
  );
}
