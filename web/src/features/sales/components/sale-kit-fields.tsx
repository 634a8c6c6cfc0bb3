import { PAYMENT_METHODS, type PaymentMethod } from '@garage/contracts/constants';
import { TextField } from '@/components/ui/field';
import { PAYMENT_METHOD_LABELS } from '../utils/payment-methods';

interface SaleKitFieldsProps {
  paymentMethods: PaymentMethod[];
  addressVisibleFrom: string;
  onPaymentMethods: (methods: PaymentMethod[]) => void;
  onAddressVisibleFrom: (value: string) => void;
  errors: Record<string, string | undefined>;
}

/**
 * The host's kit on the sale form: the payment methods the sale takes, and when members see the
 * exact address (on the sale's own clock; empty means now). Before then they see the street alone.
 */
export function SaleKitFields({ paymentMethods, addressVisibleFrom, onPaymentMethods, onAddressVisibleFrom, errors }: SaleKitFieldsProps) {
  const toggle = (method: PaymentMethod) =>
    onPaymentMethods(
      paymentMethods.includes(method)
        ? paymentMethods.filter((m) => m !== method)
        : PAYMENT_METHODS.filter((m) => m === method || paymentMethods.includes(m)),
    );
  const methodsError = errors.paymentMethods ?? Object.entries(errors).find(([field]) => field.startsWith('paymentMethods.'))?.[1];
  return (
    <section aria-labelledby="sale-kit-heading" className="space-y-4">
      <h2 id="sale-kit-heading" className="text-lg font-semibold text-gray-900">
        Payment &amp; Address
      </h2>
      <fieldset aria-describedby={methodsError ? 'payment-methods-error' : undefined}>
        <legend className="mb-2 block text-sm font-medium text-gray-800">Payment accepted</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {PAYMENT_METHODS.map((method) => (
            <label key={method} className="flex min-h-11 items-center gap-2 rounded-md border border-gray-300 px-3 text-sm text-gray-900">
              <input type="checkbox" className="h-4 w-4" checked={paymentMethods.includes(method)} onChange={() => toggle(method)} />
              {PAYMENT_METHOD_LABELS[method]}
            </label>
          ))}
        </div>
        {methodsError && (
          <p id="payment-methods-error" className="mt-1 text-sm text-red-700">
            {methodsError}
          </p>
        )}
      </fieldset>
      <TextField
        label="Address visible from"
        type="datetime-local"
        value={addressVisibleFrom}
        onChange={(event) => onAddressVisibleFrom(event.target.value)}
        error={errors.addressVisibleFrom}
        hint="On the sale's local time, e.g. the evening before at 6 PM. Until then shoppers see your street, not your house number. Leave empty to show it now."
      />
    </section>
  );
}
