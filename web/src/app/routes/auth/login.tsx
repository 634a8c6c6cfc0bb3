import { useState } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { useUser } from '@/lib/auth';
import { Page } from '@/components/ui/page';
import { LoginForm } from '@/features/auth/components/login-form';

export default function LoginRoute() {
  const user = useUser();
  // Only someone already signed in when arriving is sent home; the form navigates after its own sign-in.
  const [signedInOnArrival] = useState(() => user !== null);
  if (signedInOnArrival) return <Navigate to="/" replace />;
  return (
    <Page title="Sign In" width="narrow">
      <div className="rounded-lg bg-white p-8 shadow-sm ring-1 ring-gray-200">
        <h1 className="text-2xl font-bold text-gray-900">Welcome back</h1>
        <p className="mt-1 mb-6 text-sm text-gray-700">
          Sign in to see full sale addresses, host sales and manage your items. New here?{' '}
          <Link to="/register" className="font-semibold text-blue-700 hover:underline">
            Get started
          </Link>
        </p>
        <LoginForm />
      </div>
    </Page>
  );
}
