import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { loginBodySchema } from '@garage/contracts';
import { errorMessage } from '@/lib/api-client';
import { login, type LoginRedirectState } from '@/lib/auth';
import { serverFieldErrors, validate, type FieldErrors } from '@/lib/form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { PasswordInput } from './password-input';
import { safeRedirect } from '../utils/safe-redirect';

export function LoginForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const redirect = (location.state ?? {}) as LoginRedirectState;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const result = validate(loginBodySchema, { email, password });
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await login(result.data);
      navigate(safeRedirect(redirect.from), { replace: true });
    } catch (error) {
      setErrors(serverFieldErrors(error));
      setFormError(errorMessage(error, 'Login failed'));
      setSubmitting(false);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      {redirect.reason === 'expired' && !formError && <Alert tone="info">Your session has ended. Please sign in again.</Alert>}
      {formError && <Alert tone="error">{formError}</Alert>}
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={errors.email}
        required
      />
      <PasswordInput
        required
        label="Password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
        error={errors.password}
      />
      <Button type="submit" className="w-full" size="lg" disabled={submitting}>
        {submitting ? 'Signing In...' : 'Sign In'}
      </Button>
      <p className="text-center text-sm text-gray-700">
        Don&apos;t have an account?{' '}
        <Link to="/register" state={location.state} className="font-semibold text-blue-700 hover:underline">
          Create one
        </Link>
      </p>
    </form>
  );
}
