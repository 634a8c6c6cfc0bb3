import { useId, useState } from 'react';
import { cn } from '@/lib/cn';

interface PasswordInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  autoComplete: 'current-password' | 'new-password';
  name: string;
  /** Marked as every other required field is (FieldFrame's red asterisk). */
  required?: boolean;
}

/** A password field with a Show/Hide toggle that keeps its label and error wiring. */
export function PasswordInput({ label, value, onChange, error, hint, autoComplete, name, required }: PasswordInputProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-800">
        {label}
        {required && (
          <span className="text-red-700" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      <div className="relative">
        <input
          id={id}
          name={name}
          type={visible ? 'text' : 'password'}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete={autoComplete}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn(
            'block w-full rounded-md border border-gray-400 bg-white py-2 pl-3 pr-20 text-sm text-gray-900',
            'focus:border-blue-700 focus:outline-none focus:ring-2 focus:ring-blue-600 aria-[invalid=true]:border-red-600',
          )}
        />
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-controls={id}
          aria-label={visible ? 'Hide password' : 'Show password'}
          className="absolute inset-y-0 right-0 my-1 mr-1 rounded px-3 text-sm font-medium text-blue-700 hover:bg-blue-50"
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
