import type { PaymentMethod } from '@garage/contracts';
import { Badge } from '@/components/ui/badge';
import { PAYMENT_METHOD_LABELS } from '../utils/payment-methods';

/** The ways a host takes money, as small badges; nothing for a sale that names none. */
export function PaymentBadges({ methods }: { methods: readonly PaymentMethod[] | undefined }) {
  if (!methods || methods.length === 0) return null;
  return (
    <ul aria-label="Payment accepted" className="mt-2 flex flex-wrap gap-1" data-testid="payment-badges">
      {methods.map((method) => (
        <li key={method}>
          <Badge tone="green">{PAYMENT_METHOD_LABELS[method]}</Badge>
        </li>
      ))}
    </ul>
  );
}
