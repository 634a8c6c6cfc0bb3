import { registerBodySchema, type RegisterBody } from '@garage/contracts';
import { validate, type Validation } from '@/lib/form';

export interface RegistrationValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
  confirmPassword: string;
}

/** The contract's register rules plus the form's own: both passwords must match (spec section 5). */
export function validateRegistration(values: RegistrationValues): Validation<RegisterBody> {
  const { confirmPassword, ...body } = values;
  const result = validate(registerBodySchema, body);
  const mismatch = confirmPassword !== values.password;
  if (result.ok && !mismatch) return result;
  const errors = result.ok ? {} : { ...result.errors };
  if (mismatch) errors.confirmPassword = 'Passwords do not match';
  return { ok: false, errors };
}
