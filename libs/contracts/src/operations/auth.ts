import type { ApiOperation } from './types.js';
import { API_EXAMPLES } from './examples.js';
import { authResponseSchema, loginBodySchema, profileBodySchema, registerBodySchema, userSchema } from '../users.js';

/** Registration, sign-in and the signed-in user (auth service). */
export const AUTH_OPERATIONS: ApiOperation[] = [
  {
    operationId: 'register',
    method: 'post',
    path: '/api/auth/register',
    tag: 'Auth',
    summary: 'Create an account and sign in',
    access: 'none',
    body: registerBodySchema,
    example: API_EXAMPLES.register,
    responses: { 201: { description: 'The new account and its token', body: authResponseSchema } },
    errors: {
      400: 'A missing field, a bad email or a password under 6 characters',
      409: { error: 'Email already registered' },
      429: 'More than 20 registration attempts from one address in an hour',
    },
  },
  {
    operationId: 'login',
    method: 'post',
    path: '/api/auth/login',
    tag: 'Auth',
    summary: 'Sign in',
    access: 'none',
    body: loginBodySchema,
    example: API_EXAMPLES.login,
    responses: { 200: { description: 'The account and a fresh token', body: authResponseSchema } },
    errors: {
      401: { error: 'Invalid email or password' },
      429: 'After 10 failures for one email, or 50 from one address, within 15 minutes (with Retry-After)',
    },
  },
  {
    operationId: 'getMe',
    method: 'get',
    path: '/api/users/me',
    tag: 'Users',
    summary: 'The signed-in user',
    access: 'signed-in',
    responses: { 200: { description: 'The user', body: userSchema } },
  },
  {
    operationId: 'updateMe',
    method: 'put',
    path: '/api/users/me',
    tag: 'Users',
    summary: 'Update the profile',
    description: 'An email in the body is ignored: it cannot be changed.',
    access: 'signed-in',
    body: profileBodySchema,
    example: API_EXAMPLES.profile,
    responses: { 200: { description: 'The updated user', body: userSchema } },
    errors: { 400: 'A blank first or last name' },
  },
];
