import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PASSWORD_MIN_LENGTH } from '@garage/contracts/constants';
import { errorMessage } from '@/lib/api-client';
import { register } from '@/lib/auth';
import { serverFieldErrors, type FieldErrors } from '@/lib/form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { PasswordInput } from './password-input';
import { validateRegistration, type RegistrationValues } from '../utils/validate-registration';

const empty: RegistrationValues = { firstName: '', lastName: '', email: '', phone: '', password: '', confirmPassword: '' };

export function RegisterForm() {
  const navigate = useNavigate();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const set = (field: keyof RegistrationValues) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const result = validateRegistration(values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await register(result.data);
      navigate('/', { replace: true });
    } catch (error) {
      setErrors(serverFieldErrors(error));
      setFormError(errorMessage(error, 'Registration failed'));
      setSubmitting(false);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      {formError && <Alert tone="error">{formError}</Alert>}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="First Name"
          name="firstName"
          autoComplete="given-name"
          value={values.firstName}
          onChange={(event) => set('firstName')(event.target.value)}
          error={errors.firstName}
          required
        />
        <TextField
          label="Last Name"
          name="lastName"
          autoComplete="family-name"
          value={values.lastName}
          onChange={(event) => set('lastName')(event.target.value)}
          error={errors.lastName}
          required
        />
      </div>
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={(event) => set('email')(event.target.value)}
        error={errors.email}
        required
      />
      <TextField
        label="Phone (optional)"
        name="phone"
        type="tel"
        autoComplete="tel"
        placeholder="(555) 123-4567"
        value={values.phone}
        onChange={(event) => set('phone')(event.target.value)}
        error={errors.phone}
      />
      <PasswordInput
        required
        label="Password"
        name="password"
        autoComplete="new-password"
        value={values.password}
        onChange={set('password')}
        error={errors.password}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
      />
      <PasswordInput
        required
        label="Confirm Password"
        name="confirmPassword"
        autoComplete="new-password"
        value={values.confirmPassword}
        onChange={set('confirmPassword')}
        error={errors.confirmPassword}
      />
      <Button type="submit" className="w-full" size="lg" disabled={submitting}>
        {submitting ? 'Creating Account...' : 'Create Account'}
      </Button>
      <p className="text-center text-sm text-gray-700">
        Already have an account?{' '}
        <Link to="/login" className="font-semibold text-blue-700 hover:underline">
          Sign in
        </Link>
      </p>
    </form>
  );
}
