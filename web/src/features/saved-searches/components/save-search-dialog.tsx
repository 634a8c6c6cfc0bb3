import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { savedSearchBodySchema, type SavedSearch, type SavedSearchFrequency } from '@garage/contracts';
import { ApiError, errorMessage } from '@/lib/api-client';
import { serverFieldErrors, validate, type FieldErrors } from '@/lib/form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { useCreateSavedSearch, useUpdateSavedSearch, type SavedSearchInput } from '../api/saved-searches';
import { describeSearch, type SearchCriteria } from '../utils/describe-search';

const FREQUENCIES: Array<{ value: SavedSearchFrequency; label: string; hint: string }> = [
  { value: 'instant', label: 'Instant', hint: 'An email as soon as a match is listed' },
  { value: 'daily', label: 'Daily digest', hint: 'One email a day with every new match' },
];

interface SaveSearchDialogProps {
  open: boolean;
  /** The search to save (from /search), or the saved one being edited. */
  criteria: SearchCriteria;
  /** Set when editing: PUT replaces it. */
  existing?: SavedSearch;
  onClose: () => void;
  onSaved: (search: SavedSearch) => void;
}

/**
 * Save (or edit) a search: a name, how often to email (instant or a daily digest) and whether to
 * email at all; the search itself comes from the page. A modal dialog: focus starts on the name,
 * Tab stays inside, Escape cancels and focus goes back to the button that opened it.
 */
export function SaveSearchDialog({ open, criteria, existing, onClose, onSaved }: SaveSearchDialogProps) {
  const create = useCreateSavedSearch();
  const update = useUpdateSavedSearch();
  const [name, setName] = useState(existing?.name ?? criteria.q);
  const [q, setQ] = useState(criteria.q);
  const [frequency, setFrequency] = useState<SavedSearchFrequency>(existing?.frequency ?? 'instant');
  const [emailEnabled, setEmailEnabled] = useState(existing?.emailEnabled ?? true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [needsPremium, setNeedsPremium] = useState(false);
  const busy = create.isPending || update.isPending;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    setNeedsPremium(false);
    const { category, maxPrice, condition, latitude, longitude, radius } = criteria;
    const body: SavedSearchInput = { name, q, category, maxPrice, condition, latitude, longitude, radius, frequency, emailEnabled };
    const result = validate(savedSearchBodySchema, body);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    const handlers = {
      onSuccess: (saved: SavedSearch) => onSaved(saved),
      onError: (error: unknown) => {
        const fields = serverFieldErrors(error);
        setErrors(fields);
        if (error instanceof ApiError && error.status === 403) setNeedsPremium(true);
        // A field the dialog does not show (the filters of the search) is told in words.
        const hidden = Object.entries(fields).find(([field]) => !['name', 'q', 'frequency', 'emailEnabled'].includes(field));
        if (hidden || Object.keys(fields).length === 0)
          setFormError(hidden ? hidden[1] : errorMessage(error, 'Failed to save the search. Please try again.'));
      },
    };
    const payload = { ...body, name: name.trim(), q: q.trim() };
    if (existing) update.mutate({ id: existing.id, body: payload }, handlers);
    else create.mutate(payload, handlers);
  };

  const qError = errors.q;
  return (
    <Modal
      open={open}
      role="dialog"
      title={existing ? 'Edit Saved Search' : 'Save This Search'}
      busy={busy}
      onClose={onClose}
      className="max-h-[calc(100vh-2rem)] max-w-lg overflow-y-auto"
    >
      <p className="mt-1 text-sm text-gray-700">
        {existing ? 'Change what you look for and how we tell you.' : 'We will alert you when a new item matching it is listed.'}
      </p>
      <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
        <TextField
          label="Name"
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setErrors(({ name: _fixed, ...rest }) => rest); // the message goes once the field is edited
          }}
          error={errors.name}
          hint="For example “Mid-century lamps”"
          required
        />
        {existing ? (
          <TextField
            label="Search words"
            value={q}
            onChange={(event) => {
              setQ(event.target.value);
              setErrors(({ q: _fixed, ...rest }) => rest);
            }}
            error={qError}
            required
          />
        ) : (
          <div className="rounded-md bg-gray-50 p-3 text-sm text-gray-800 ring-1 ring-gray-200">
            <p className="font-medium text-gray-900">Search</p>
            <p>{describeSearch({ ...criteria, q })}</p>
            {qError && <p className="mt-1 text-red-700">{qError}</p>}
          </div>
        )}
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-gray-800">How often to email</legend>
          <div className="space-y-2">
            {FREQUENCIES.map((option) => (
              <label key={option.value} className="flex items-start gap-3 text-sm text-gray-900">
                <input
                  type="radio"
                  name="frequency"
                  value={option.value}
                  checked={frequency === option.value}
                  onChange={() => setFrequency(option.value)}
                  className="mt-0.5 h-4 w-4 accent-blue-700"
                />
                <span>
                  <span className="font-medium">{option.label}</span>
                  <span className="block text-gray-700">{option.hint}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <label className="flex items-start gap-3 text-sm text-gray-900">
          <input
            type="checkbox"
            checked={emailEnabled}
            onChange={(event) => setEmailEnabled(event.target.checked)}
            className="mt-0.5 h-4 w-4 accent-blue-700"
          />
          <span>
            <span className="font-medium">Email me about matches</span>
            <span className="block text-gray-700">Alerts always appear under the bell; emails carry a one-click unsubscribe link.</span>
          </span>
        </label>
        {formError && (
          <Alert tone="error">
            {formError}
            {needsPremium && (
              <>
                {' '}
                <Link to="/subscribe" className="font-semibold underline">
                  Upgrade to Premium
                </Link>
              </>
            )}
          </Alert>
        )}
        <div className="flex justify-end gap-3 pt-2">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving...' : existing ? 'Save Changes' : 'Save Search'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
