import { z } from 'zod';

/** Every error body of the API: `{"error": "..."}`, validation errors add `details`. */
export const errorDetailSchema = z.object({ field: z.string(), message: z.string() });
export const errorBodySchema = z.object({
  error: z.string(),
  details: z.array(errorDetailSchema).optional(),
});
export type ErrorDetail = z.infer<typeof errorDetailSchema>;
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Ids are positive integers; a path or body id that is not one is a 400, never a 500. */
export const idSchema = z.coerce
  .number({ message: 'Must be a positive integer id' })
  .int('Must be a positive integer id')
  .positive('Must be a positive integer id')
  .max(2_147_483_647, 'Must be a positive integer id');

export const dateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the format YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'Not a real date');

export const timeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use the format HH:MM (24 h)');

/**
 * Control characters are never text a person typed: a NUL cannot even be stored by Postgres, and
 * the others hide or reorder what is shown. One-line fields refuse them all; multi-line fields
 * (descriptions) keep tab, line feed and carriage return.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_CHARACTERS_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export function hasControlCharacters(value: string, multiline = false): boolean {
  return (multiline ? CONTROL_CHARACTERS_BUT_LINES : CONTROL_CHARACTERS).test(value);
}

/** A string schema refusing control characters (`label` names the field in the message). */
export function plainString(label: string, options: { multiline?: boolean; message?: string } = {}) {
  return z
    .string(options.message ? { message: options.message } : undefined)
    .refine((value) => !hasControlCharacters(value, options.multiline), `${label} must not contain control characters`);
}

/** Required text: trimmed, then non-empty, without control characters. */
export function requiredText(label: string, max = 200) {
  return plainString(label, { message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}

/** Optional text: trimmed; blank becomes null. `multiline` keeps line breaks and tabs (descriptions). */
export function optionalText(label: string, max = 2000, options: { multiline?: boolean } = {}) {
  return plainString(label, options)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));
}

/** Money: a JSON number of dollars with at most 2 decimals. */
export function money(label: string) {
  return z
    .number({ message: `${label} must be a number` })
    .finite(`${label} must be a number`)
    .min(0, `${label} must be at least 0`)
    .max(10_000_000, `${label} is too large`)
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, `${label} can have at most 2 decimals`);
}

export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}
export function fromCents(cents: number): number {
  return cents / 100;
}
