import { describe, expect, it } from 'vitest';
import { validateRegistration, type RegistrationValues } from './validate-registration';

const valid: RegistrationValues = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '',
  password: 'secret1',
  confirmPassword: 'secret1',
};

describe('validateRegistration', () => {
  it('accepts a complete form and drops a blank phone', () => {
    const result = validateRegistration(valid);
    expect(result).toEqual({
      ok: true,
      data: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', password: 'secret1', phone: null },
    });
  });

  it('requires both passwords to match', () => {
    const result = validateRegistration({ ...valid, confirmPassword: 'secret2' });
    expect(result).toEqual({ ok: false, errors: { confirmPassword: 'Passwords do not match' } });
  });

  it('requires at least 6 characters', () => {
    const result = validateRegistration({ ...valid, password: '12345', confirmPassword: '12345' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.password).toBe('Password must be at least 6 characters');
  });

  it('accepts exactly 6 characters', () => {
    expect(validateRegistration({ ...valid, password: '123456', confirmPassword: '123456' }).ok).toBe(true);
  });

  it('reports every problem at once', () => {
    const result = validateRegistration({ ...valid, firstName: ' ', email: 'nope', password: '1', confirmPassword: '2' });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors).toMatchObject({
        firstName: 'First name is required',
        email: 'Enter a valid email address',
        password: 'Password must be at least 6 characters',
        confirmPassword: 'Passwords do not match',
      });
    }
  });
});
