import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CATEGORIES, CONDITIONS, conditionLabel } from '@garage/contracts/constants';
import { serverFieldErrors, type FieldErrors, type Validation } from '@/lib/form';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { SelectField, TextAreaField, TextField } from '@/components/ui/field';
import type { ItemFormValues } from '../utils/item-form-values';
import { PhotoPicker } from './photo-picker';

interface ItemFormProps<T> {
  initialValues: ItemFormValues;
  validate: (values: ItemFormValues) => Validation<T>;
  onSubmit: (body: T) => Promise<void>;
  submitLabel: string;
  submittingLabel: string;
  cancelTo: string;
  /** Edit only: the 'Mark as Reserved' and 'Mark as Sold' checkboxes. */
  showStatus?: boolean;
  /** Extra fields after Item Details (the sale choice of /create-item). */
  saleField?: (values: ItemFormValues, set: (next: Partial<ItemFormValues>) => void) => ReactNode;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <h2 id={id} className="border-b border-gray-200 pb-2 text-lg font-semibold text-gray-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The item form of /sales/{saleId}/add-item, /create-item and /items/{id}/edit. A failed save is
 * reported by the caller (an alert, per the spec); the server's field details land next to fields.
 */
export function ItemForm<T>({
  initialValues,
  validate,
  onSubmit,
  submitLabel,
  submittingLabel,
  cancelTo,
  showStatus = false,
  saleField,
}: ItemFormProps<T>) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [photosBusy, setPhotosBusy] = useState(false);

  const set = (next: Partial<ItemFormValues>) => setValues((current) => ({ ...current, ...next }));

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = validate(values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await onSubmit(result.data);
    } catch (error) {
      setErrors(serverFieldErrors(error));
      setSubmitting(false);
    }
  };

  const hasErrors = Object.keys(errors).length > 0;

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-8">
      {hasErrors && <Alert tone="error">Please correct the highlighted fields.</Alert>}

      <Section id="item-details" title="Item Details">
        <TextField
          label="Title"
          required
          value={values.title}
          onChange={(event) => set({ title: event.target.value })}
          error={errors.title}
          placeholder="Oak dining table"
        />
        <TextAreaField
          label="Description"
          value={values.description}
          onChange={(event) => set({ description: event.target.value })}
          error={errors.description}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Category"
            required
            value={values.category}
            onChange={(event) => set({ category: event.target.value })}
            error={errors.category}
          >
            <option value="">Select a category</option>
            {CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Condition"
            required
            value={values.condition}
            onChange={(event) => set({ condition: event.target.value as ItemFormValues['condition'] })}
            error={errors.condition}
          >
            {CONDITIONS.map((condition) => (
              <option key={condition} value={condition}>
                {conditionLabel(condition)}
              </option>
            ))}
          </SelectField>
        </div>
        {saleField?.(values, set)}
      </Section>

      <Section id="item-pricing" title="Pricing">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Price ($)"
            required
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            value={values.price}
            onChange={(event) => set({ price: event.target.value })}
            error={errors.price}
            placeholder="0.00"
          />
          <TextField
            label="Original Price ($)"
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            value={values.originalPrice}
            onChange={(event) => set({ originalPrice: event.target.value })}
            error={errors.originalPrice}
            hint="Optional: what it cost new. Shown struck through when higher than the price."
          />
          <TextField
            label="Lowest offer you'll consider ($)"
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            value={values.minOfferPrice}
            onChange={(event) => set({ minOfferPrice: event.target.value })}
            error={errors.minOfferPrice}
            hint="Optional, never shown to shoppers: lower offers are declined politely at once."
          />
          <TextField
            label="Accept offers at or above ($)"
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            value={values.autoAcceptPrice}
            onChange={(event) => set({ autoAcceptPrice: event.target.value })}
            error={errors.autoAcceptPrice}
            hint="Optional, never shown to shoppers: such offers are accepted and reserved at once."
          />
        </div>
      </Section>

      <Section id="item-more" title="Additional Details (optional)">
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField label="Brand" value={values.brand} onChange={(event) => set({ brand: event.target.value })} error={errors.brand} />
          <TextField
            label="Dimensions"
            value={values.dimensions}
            onChange={(event) => set({ dimensions: event.target.value })}
            error={errors.dimensions}
            placeholder='48" x 30" x 29"'
          />
          <TextField
            label="Weight"
            value={values.weight}
            onChange={(event) => set({ weight: event.target.value })}
            error={errors.weight}
            placeholder="35 lbs"
          />
        </div>
      </Section>

      <Section id="item-photos" title="Photos">
        <PhotoPicker
          urls={values.imageUrls}
          onChange={(imageUrls) => set({ imageUrls })}
          onBusyChange={setPhotosBusy}
          error={errors.imageUrls}
        />
      </Section>

      {showStatus && (
        <Section id="item-status" title="Status">
          <div className="flex flex-wrap gap-6">
            <label className="flex items-center gap-2 text-sm font-medium text-gray-800">
              <input
                type="checkbox"
                className="h-4 w-4 accent-blue-700"
                checked={values.isReserved}
                onChange={(event) => set({ isReserved: event.target.checked })}
              />
              Mark as Reserved
            </label>
            <label className="flex items-center gap-2 text-sm font-medium text-gray-800">
              <input
                type="checkbox"
                className="h-4 w-4 accent-blue-700"
                checked={values.isSold}
                onChange={(event) => set({ isSold: event.target.checked })}
              />
              Mark as Sold
            </label>
          </div>
        </Section>
      )}

      <div className="flex flex-wrap justify-end gap-3 border-t border-gray-200 pt-6">
        <Link to={cancelTo} className={buttonClasses('secondary')}>
          Cancel
        </Link>
        <Button type="submit" disabled={submitting || photosBusy}>
          {submitting ? submittingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
