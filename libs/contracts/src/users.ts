import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './constants.js';
import { optionalText, plainString, requiredText } from './common.js';

/**
 * An address as typed (trimmed). International addresses are accepted: their canonical key (below)
 * is what makes two spellings one account.
 */
export const emailSchema = plainString('Email', { message: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email({ message: 'Enter a valid email address', pattern: z.regexes.unicodeEmail }));

/**
 * The one key an email is known by, in the database (unique) and in the sign-in limits alike:
 * NFKC (full-width letters, ligatures), then a full case fold (`ß` → `ss`, `İ` and `ı` → `i`,
 * final sigma → sigma). Two spellings with the same key are one account and share one counter.
 */
export function canonicalEmail(email: string): string {
  return email
    .trim()
    .normalize('NFKC')
    .toLowerCase()
    .toUpperCase()
    .toLowerCase()
    .replace(/i\u0307/g, 'i')
    .replace(/ς/g, 'σ')
    .normalize('NFKC');
}

export const registerBodySchema = z.object({
  firstName: requiredText('First name', 100),
  lastName: requiredText('Last name', 100),
  email: emailSchema,
  password: z
    .string({ message: 'Password is required' })
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(200, 'Password is too long'),
  phone: optionalText('Phone', 40),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const loginBodySchema = z.object({
  email: plainString('Email', { message: 'Email is required' }).trim().min(1, 'Email is required').max(254),
  password: z.string({ message: 'Password is required' }).min(1, 'Password is required').max(200),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** PUT /api/users/me; an email in the body is ignored (it cannot be changed). */
export const profileBodySchema = z.object({
  firstName: requiredText('First name', 100),
  lastName: requiredText('Last name', 100),
  phone: optionalText('Phone', 40),
});
export type ProfileBody = z.infer<typeof profileBodySchema>;

export const userSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  isPremium: z.boolean(),
  premiumExpiresAt: z.string().nullable(),
  rating: z.number(),
  ratingCount: z.number().int(),
});
export type User = z.infer<typeof userSchema>;

export const authResponseSchema = z.object({ token: z.string(), user: userSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** What a verified token says about its bearer. Premium is never read from it (it can be stale). */
export interface TokenClaims {
  userId: number;
  email: string;
}
