import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ImagePlus, Plus, Trash2 } from 'lucide-react';
import { COMMUNITY_SALE_MAX_DAYS, COMMUNITY_SALE_MAX_RADIUS_MILES, communitySaleBodySchema, type CommunitySale } from '@garage/contracts';
import { DEFAULT_MAP_CENTER } from '@garage/contracts/constants';
import { ApiError, errorMessage } from '@/lib/api-client';
import { todayLocal } from '@/lib/format';
import { serverFieldErrors, validate, type FieldErrors } from '@/lib/form';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { TextAreaField, TextField } from '@/components/ui/field';
import type { CommunitySaleRequest } from '../api/community-sales';
import { CentrePicker, type Centre } from './centre-picker';

interface DayValues {
  date: string;
  startTime: string;
  endTime: string;
}

export interface CommunitySaleFormValues {
  name: string;
  description: string;
  areaMode: 'centre' | 'zip';
  /** As typed, or as the map or the location set them. */
  latitude: string;
  longitude: string;
  radiusMiles: string;
  zipCodes: string;
  days: DayValues[];
  rainDate: string;
  coverImageUrl: string | null;
  requiresApproval: boolean;
}

export function emptyCommunitySaleValues(): CommunitySaleFormValues {
  return {
    name: '',
    description: '',
    areaMode: 'centre',
    latitude: '',
    longitude: '',
    radiusMiles: '2',
    zipCodes: '',
    days: [{ date: '', startTime: '08:00', endTime: '14:00' }],
    rainDate: '',
    coverImageUrl: null,
    requiresApproval: false,
  };
}

export function communitySaleToValues(communitySale: CommunitySale): CommunitySaleFormValues {
  const byZip = communitySale.radiusMiles === null;
  return {
    name: communitySale.name,
    description: communitySale.description ?? '',
    areaMode: byZip ? 'zip' : 'centre',
    latitude: byZip ? '' : String(communitySale.latitude),
    longitude: byZip ? '' : String(communitySale.longitude),
    radiusMiles: byZip ? '2' : String(communitySale.radiusMiles),
    zipCodes: communitySale.zipCodes.join(', '),
    days: communitySale.days.map((day) => ({ ...day })),
    rainDate: communitySale.rainDate ?? '',
    coverImageUrl: communitySale.coverImageUrl,
    requiresApproval: communitySale.requiresApproval,
  };
}

/** '' is no value; anything else is a number (NaN lets the schema name the field). */
const coordinate = (text: string): number | null => (text.trim() === '' ? null : Number(text));

function centreOf(values: CommunitySaleFormValues): Centre | null {
  const latitude = coordinate(values.latitude);
  const longitude = coordinate(values.longitude);
  return latitude !== null && longitude !== null && Number.isFinite(latitude) && Number.isFinite(longitude)
    ? { latitude, longitude }
    : null;
}

/** The form's values as the contract's body: one area kind only, numbers as numbers. */
export function valuesToBody(values: CommunitySaleFormValues): CommunitySaleRequest {
  const byCentre = values.areaMode === 'centre';
  return {
    name: values.name,
    description: values.description.trim() || null,
    latitude: byCentre ? coordinate(values.latitude) : null,
    longitude: byCentre ? coordinate(values.longitude) : null,
    radiusMiles: byCentre ? (values.radiusMiles.trim() === '' ? null : Number(values.radiusMiles)) : null,
    zipCodes: byCentre ? [] : values.zipCodes.split(/[\s,]+/).filter(Boolean),
    days: values.days,
    rainDate: values.rainDate || null,
    coverImageUrl: values.coverImageUrl,
    requiresApproval: values.requiresApproval,
  };
}

interface CommunitySaleFormProps {
  initialValues: CommunitySaleFormValues;
  submitLabel: string;
  cancelTo: string;
  onSubmit: (body: CommunitySaleRequest) => Promise<unknown>;
  /** Shrinks and uploads the cover photo through media, as item photos are: its `url`, or why not. */
  uploadCover: (file: File) => Promise<{ url: string } | { message: string }>;
}

/**
 * Organise or edit a community sale: name, description, the area (a centre on the map with a
 * radius up to 25 miles, or ZIP codes), one to four days with hours, a rain date, a cover photo,
 * and whether joining needs approval. Checked with the contract's schema before it is sent; the
 * server's `details` land next to the fields they name.
 */
export function CommunitySaleForm({ initialValues, submitLabel, cancelTo, onSubmit, uploadCover }: CommunitySaleFormProps) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const today = todayLocal();
  const set = <K extends keyof CommunitySaleFormValues>(field: K, value: CommunitySaleFormValues[K]) =>
    setValues((current) => ({ ...current, [field]: value }));
  const setDay = (index: number, field: keyof DayValues, value: string) =>
    set(
      'days',
      values.days.map((day, i) => (i === index ? { ...day, [field]: value } : day)),
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const body = valuesToBody(values);
    const checked = validate(communitySaleBodySchema, body);
    const local: FieldErrors = {};
    if (values.days.some((day) => day.date !== '' && day.date < today)) local.days = 'Days cannot be in the past';
    if (values.areaMode === 'centre' && values.latitude.trim() === '' && values.longitude.trim() === '')
      local.latitude = 'Tap the map or use your location to set the centre';
    const all = { ...(checked.ok ? {} : checked.errors), ...local };
    if (Object.keys(all).length > 0) return setErrors(all);
    setErrors({});
    setBusy(true);
    try {
      await onSubmit(body);
    } catch (error) {
      const fields = serverFieldErrors(error);
      setErrors(Object.fromEntries(Object.entries(fields).map(([field, message]) => [field.split('.')[0]!, message])));
      if (!(error instanceof ApiError && error.status === 400 && Object.keys(fields).length > 0)) {
        setFormError(errorMessage(error, 'Failed to save the community sale'));
      }
    } finally {
      setBusy(false);
    }
  };

  const onCover = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    const answer = await uploadCover(file);
    setUploading(false);
    if ('url' in answer) {
      set('coverImageUrl', answer.url);
      setErrors(({ coverImageUrl: _gone, ...rest }) => rest);
    } else {
      setErrors((current) => ({ ...current, coverImageUrl: answer.message }));
    }
  };

  const areaError = errors.latitude ?? errors.longitude;
  return (
    <form noValidate onSubmit={submit} className="space-y-6">
      <TextField
        label="Name"
        required
        maxLength={200}
        value={values.name}
        onChange={(e) => set('name', e.target.value)}
        error={errors.name}
      />
      <TextAreaField
        label="Description"
        maxLength={5000}
        value={values.description}
        onChange={(e) => set('description', e.target.value)}
        error={errors.description}
        hint="Where maps are posted, parking, anything shoppers should know."
      />

      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-gray-800">Area</legend>
        <div className="flex flex-wrap gap-4">
          {(
            [
              ['centre', 'A centre and radius'],
              ['zip', 'A list of ZIP codes'],
            ] as const
          ).map(([mode, label]) => (
            <label key={mode} className="flex items-center gap-2 text-sm text-gray-900">
              <input
                type="radio"
                name="area-mode"
                checked={values.areaMode === mode}
                onChange={() => set('areaMode', mode)}
                className="h-4 w-4 accent-blue-700"
              />
              {label}
            </label>
          ))}
        </div>
        {values.areaMode === 'centre' ? (
          <>
            <CentrePicker
              centre={centreOf(values)}
              radiusMiles={Number(values.radiusMiles) || 0}
              onChange={(centre) =>
                setValues((current) => ({ ...current, latitude: String(centre.latitude), longitude: String(centre.longitude) }))
              }
              fallback={centreOf(values) ?? DEFAULT_MAP_CENTER}
              error={areaError}
            />
            <div className="grid grid-cols-3 gap-3">
              <TextField label="Latitude" inputMode="decimal" value={values.latitude} onChange={(e) => set('latitude', e.target.value)} />
              <TextField
                label="Longitude"
                inputMode="decimal"
                value={values.longitude}
                onChange={(e) => set('longitude', e.target.value)}
              />
              <TextField
                label="Radius (miles)"
                type="number"
                min={0.1}
                max={COMMUNITY_SALE_MAX_RADIUS_MILES}
                step="0.1"
                inputMode="decimal"
                value={values.radiusMiles}
                onChange={(e) => set('radiusMiles', e.target.value)}
                error={errors.radiusMiles}
                hint={`Up to ${COMMUNITY_SALE_MAX_RADIUS_MILES}`}
              />
            </div>
          </>
        ) : (
          <TextField
            label="ZIP codes"
            inputMode="numeric"
            placeholder="62701, 62702"
            value={values.zipCodes}
            onChange={(e) => set('zipCodes', e.target.value)}
            error={errors.zipCodes ?? errors.radiusMiles}
            hint="Separated by commas or spaces"
          />
        )}
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-gray-800">Days and hours</legend>
        {values.days.map((day, index) => (
          <div key={index} className="grid grid-cols-[1fr_1fr_auto] items-end gap-2 sm:grid-cols-[2fr_1fr_1fr_auto]">
            <TextField
              label={`Day ${index + 1}`}
              type="date"
              min={today}
              value={day.date}
              onChange={(e) => setDay(index, 'date', e.target.value)}
              containerClassName="col-span-3 sm:col-span-1"
            />
            <TextField label="Opens" type="time" value={day.startTime} onChange={(e) => setDay(index, 'startTime', e.target.value)} />
            <TextField label="Closes" type="time" value={day.endTime} onChange={(e) => setDay(index, 'endTime', e.target.value)} />
            <Button
              variant="secondary"
              aria-label={`Remove day ${index + 1}`}
              disabled={values.days.length === 1}
              onClick={() =>
                set(
                  'days',
                  values.days.filter((_day, i) => i !== index),
                )
              }
            >
              <Trash2 aria-hidden className="h-4 w-4" />
            </Button>
          </div>
        ))}
        {errors.days && <p className="text-sm text-red-700">{errors.days}</p>}
        {values.days.length < COMMUNITY_SALE_MAX_DAYS && (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              const last = values.days[values.days.length - 1]!;
              set('days', [...values.days, { date: '', startTime: last.startTime, endTime: last.endTime }]);
            }}
          >
            <Plus aria-hidden className="h-4 w-4" />
            Add a day
          </Button>
        )}
      </fieldset>

      <TextField
        label="Rain date (optional)"
        type="date"
        min={today}
        value={values.rainDate}
        onChange={(e) => set('rainDate', e.target.value)}
        error={errors.rainDate}
        hint="If the weather is bad you can move everything to this day; hosts and followers are told."
        containerClassName="max-w-xs"
      />

      <div className="space-y-2">
        <p className="text-sm font-medium text-gray-800">Cover photo (optional)</p>
        {values.coverImageUrl && <img src={values.coverImageUrl} alt="Cover" className="h-32 w-full max-w-md rounded-md object-cover" />}
        <div className="flex flex-wrap items-center gap-2">
          <label className={buttonClasses('secondary', 'sm', 'cursor-pointer')}>
            <ImagePlus aria-hidden className="h-4 w-4" />
            {uploading ? 'Uploading...' : values.coverImageUrl ? 'Change photo' : 'Add a photo'}
            <input
              type="file"
              accept="image/*"
              className="sr-only"
              disabled={uploading}
              onChange={(e) => void onCover(e.target.files?.[0])}
            />
          </label>
          {values.coverImageUrl && (
            <Button variant="ghost" size="sm" onClick={() => set('coverImageUrl', null)}>
              Remove photo
            </Button>
          )}
        </div>
        {errors.coverImageUrl && <p className="text-sm text-red-700">{errors.coverImageUrl}</p>}
      </div>

      <label className="flex items-start gap-2 text-sm text-gray-900">
        <input
          type="checkbox"
          checked={values.requiresApproval}
          onChange={(e) => set('requiresApproval', e.target.checked)}
          className="mt-0.5 h-4 w-4 accent-blue-700"
        />
        <span>
          <span className="font-medium">Hosts need my approval to join</span>
          <span className="block text-gray-700">Otherwise a sale inside the area on its days joins at once.</span>
        </span>
      </label>

      {formError && <Alert tone="error">{formError}</Alert>}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" size="lg" disabled={busy || uploading}>
          {busy ? 'Saving...' : submitLabel}
        </Button>
        <Link to={cancelTo} className={buttonClasses('secondary', 'lg')}>
          Cancel
        </Link>
      </div>
    </form>
  );
}
