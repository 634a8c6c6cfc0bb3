import { useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import {
  DEFAULT_END_TIME,
  DEFAULT_START_TIME,
  US_STATES,
  saleCreateSchema,
  saleUpdateSchema,
  type AvailabilityBody,
  type PaymentMethod,
  type Sale,
  type SaleForm as SaleFormBody,
  type SaleUpdate,
} from '@garage/contracts';
import { ApiError } from '@/lib/api-client';
import { todayLocal } from '@/lib/format';
import { serverFieldErrors, validate, type FieldErrors } from '@/lib/form';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { SelectField, TextAreaField, TextField } from '@/components/ui/field';
import { ItemPicker } from './item-picker';
import { SaleKitFields } from './sale-kit-fields';

export interface SaleFormValues {
  title: string;
  description: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  startDate: string;
  endDate: string;
  startTime: string;
  endTime: string;
  paymentMethods: PaymentMethod[];
  /** `YYYY-MM-DDTHH:MM` on the sale's clock, or '' (shown now). */
  addressVisibleFrom: string;
  /** Edit only; null for a completed sale, whose status the owner does not set. */
  status: 'active' | 'cancelled' | null;
}

export const emptySaleForm: SaleFormValues = {
  title: '',
  description: '',
  address: '',
  city: '',
  state: '',
  zipCode: '',
  startDate: '',
  endDate: '',
  startTime: DEFAULT_START_TIME,
  endTime: DEFAULT_END_TIME,
  paymentMethods: [],
  addressVisibleFrom: '',
  status: 'active',
};

export function saleToFormValues(sale: Sale): SaleFormValues {
  return {
    title: sale.title,
    description: sale.description ?? '',
    address: sale.address ?? '',
    city: sale.city,
    state: sale.state,
    zipCode: sale.zip_code ?? '',
    startDate: sale.start_date,
    endDate: sale.end_date,
    startTime: sale.start_time.slice(0, 5),
    endTime: sale.end_time.slice(0, 5),
    paymentMethods: sale.payment_methods ?? [],
    addressVisibleFrom: sale.address_visible_from ?? '',
    status: sale.status === 'completed' ? null : sale.status,
  };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}$/;

/** The availability check needs a complete, ordered window; until then the picker waits. */
function availabilityWindow(values: SaleFormValues, currentSaleId?: number): AvailabilityBody | null {
  const { startDate, endDate, startTime, endTime } = values;
  if (!DATE.test(startDate) || !DATE.test(endDate) || !TIME.test(startTime) || !TIME.test(endTime)) return null;
  if (endDate < startDate) return null;
  return {
    startDate,
    endDate,
    startTime,
    endTime,
    address: values.address.trim() || null,
    city: values.city.trim() || null,
    state: values.state || null,
    currentSaleId: currentSaleId ?? null,
  };
}

type SubmitHandler =
  | { mode: 'create'; onSubmit: (body: SaleFormBody, itemIds: number[]) => Promise<void> }
  | { mode: 'edit'; onSubmit: (body: SaleUpdate) => Promise<void>; currentSaleId: number };

type SaleFormProps = SubmitHandler & {
  initialValues?: SaleFormValues;
  submitLabel: string;
  submittingLabel: string;
  /** The spec's message when the call fails ('Failed to create sale', 'Failed to update sale'). */
  failureMessage: string;
  cancelTo: string;
};

export function SaleForm(props: SaleFormProps) {
  const { initialValues = emptySaleForm, submitLabel, submittingLabel, failureMessage, cancelTo } = props;
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [selectedItems, setSelectedItems] = useState<Set<number>>(() => new Set());
  const today = todayLocal();

  const set = <K extends keyof SaleFormValues>(field: K, value: SaleFormValues[K]) =>
    setValues((current) => ({ ...current, [field]: value }));

  // On edit, a sale that already started keeps its start date selectable.
  const startMin = props.mode === 'edit' && initialValues.startDate && initialValues.startDate < today ? initialValues.startDate : today;
  const endMin = values.startDate || today;

  const debouncedValues = useDebouncedValue(values, 400);
  const saleWindow = useMemo(() => (props.mode === 'create' ? availabilityWindow(debouncedValues) : null), [debouncedValues, props.mode]);

  const toggleItem = (id: number) =>
    setSelectedItems((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const { status, ...form } = values;
    const result =
      props.mode === 'create'
        ? validate(saleCreateSchema(today), form)
        : validate(saleUpdateSchema, status === null ? form : { ...form, status });
    if (!result.ok) {
      setErrors(result.errors);
      setFormError('Please correct the highlighted fields.');
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      if (props.mode === 'create') await props.onSubmit(result.data as SaleFormBody, [...selectedItems]);
      else await props.onSubmit(result.data as SaleUpdate);
    } catch (error) {
      const fieldErrors = serverFieldErrors(error);
      setErrors(fieldErrors);
      // The spec's message first; the server's own words too when no field carries them.
      const detail = error instanceof ApiError && Object.keys(fieldErrors).length === 0 ? error.serverMessage : undefined;
      setFormError(detail && detail !== failureMessage ? `${failureMessage}: ${detail}` : failureMessage);
      setSubmitting(false);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-8">
      {formError && <Alert tone="error">{formError}</Alert>}

      <section aria-labelledby="sale-details-heading" className="space-y-4">
        <h2 id="sale-details-heading" className="text-lg font-semibold text-gray-900">
          Sale Details
        </h2>
        <TextField
          label="Sale Title"
          required
          value={values.title}
          onChange={(event) => set('title', event.target.value)}
          error={errors.title}
          placeholder="Multi-family garage sale"
        />
        <TextAreaField
          label="Description"
          value={values.description}
          onChange={(event) => set('description', event.target.value)}
          error={errors.description}
          placeholder="Furniture, toys, tools, kitchenware and more"
        />
      </section>

      <section aria-labelledby="sale-location-heading" className="space-y-4">
        <h2 id="sale-location-heading" className="text-lg font-semibold text-gray-900">
          Location
        </h2>
        <TextField
          label="Street Address"
          required
          autoComplete="street-address"
          value={values.address}
          onChange={(event) => set('address', event.target.value)}
          error={errors.address}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label="City"
            required
            autoComplete="address-level2"
            value={values.city}
            onChange={(event) => set('city', event.target.value)}
            error={errors.city}
          />
          <SelectField
            label="State"
            required
            autoComplete="address-level1"
            value={values.state}
            onChange={(event) => set('state', event.target.value)}
            error={errors.state}
          >
            <option value="">Select a state</option>
            {US_STATES.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </SelectField>
          <TextField
            label="ZIP Code"
            required
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
            value={values.zipCode}
            onChange={(event) => set('zipCode', event.target.value)}
            error={errors.zipCode}
          />
        </div>
      </section>

      <section aria-labelledby="sale-time-heading" className="space-y-4">
        <h2 id="sale-time-heading" className="text-lg font-semibold text-gray-900">
          Date &amp; Time
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Start Date"
            type="date"
            required
            min={startMin}
            value={values.startDate}
            onChange={(event) => set('startDate', event.target.value)}
            error={errors.startDate}
          />
          <TextField
            label="End Date"
            type="date"
            required
            min={endMin}
            value={values.endDate}
            onChange={(event) => set('endDate', event.target.value)}
            error={errors.endDate}
          />
          <TextField
            label="Start Time"
            type="time"
            required
            value={values.startTime}
            onChange={(event) => set('startTime', event.target.value)}
            error={errors.startTime}
          />
          <TextField
            label="End Time"
            type="time"
            required
            value={values.endTime}
            onChange={(event) => set('endTime', event.target.value)}
            error={errors.endTime}
          />
        </div>
      </section>

      <SaleKitFields
        paymentMethods={values.paymentMethods}
        addressVisibleFrom={values.addressVisibleFrom}
        onPaymentMethods={(methods) => set('paymentMethods', methods)}
        onAddressVisibleFrom={(value) => set('addressVisibleFrom', value)}
        errors={errors}
      />

      {props.mode === 'edit' && values.status !== null && (
        <section aria-labelledby="sale-status-heading" className="space-y-4">
          <h2 id="sale-status-heading" className="text-lg font-semibold text-gray-900">
            Status
          </h2>
          <SelectField
            label="Sale Status"
            value={values.status}
            onChange={(event) => set('status', event.target.value as 'active' | 'cancelled')}
            error={errors.status}
            hint="A cancelled sale no longer appears in browse and search."
          >
            <option value="active">Active</option>
            <option value="cancelled">Cancelled</option>
          </SelectField>
        </section>
      )}

      {props.mode === 'create' && <ItemPicker saleWindow={saleWindow} selected={selectedItems} onToggle={toggleItem} />}

      <div className="flex flex-wrap justify-end gap-3 border-t border-gray-200 pt-6">
        <Link to={cancelTo} className={buttonClasses('secondary')}>
          Cancel
        </Link>
        <Button type="submit" disabled={submitting}>
          {submitting ? submittingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
