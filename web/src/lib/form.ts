import { ApiError } from './api-client';

/** The part of a zod schema the forms use; typed structurally so this module needs no zod import. */
interface SafeParser<T> {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } };
}

export type FieldErrors = Record<string, string>;

export type Validation<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/** Validates with a contracts schema; the first message per field is kept. */
export function validate<T>(schema: SafeParser<T>, values: unknown): Validation<T> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length ? String(issue.path[0]) : 'form';
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The server's `details` of a 400 next to the fields it names. */
export function serverFieldErrors(error: unknown): FieldErrors {
  return error instanceof ApiError ? error.fieldErrors : {};
}

/** "12.50" → 12.5, "" → null, "abc" → NaN (the schema then names the field). */
export function parseMoney(value: string): number | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : Number(trimmed);
}
