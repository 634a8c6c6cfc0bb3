import type { PaymentMethod } from '@garage/contracts';

/** How each payment method reads on a badge, a checkbox and the browse filter. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  card: 'Card',
  venmo: 'Venmo',
  paypal: 'PayPal',
  zelle: 'Zelle',
  cash_app: 'Cash App',
};
