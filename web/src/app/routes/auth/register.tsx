import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { useUser } from '@/lib/auth';
import { Page } from '@/components/ui/page';
import { RegisterForm } from '@/features/auth/components/register-form';

export default function RegisterRoute() {
  const user = useUser();
  // Only someone already signed in when arriving is sent home; the form navigates after its own sign-in.
  const [signedInOnArrival] = useState(() => user !== null);
  if (signedInOnArrival) return <Navigate to="/" replace />;
  return (
    <Page title="Create Account" width="narrow">
      <div className="rounded-lg bg-white p-8 shadow-sm ring-1 ring-gray-200">
        <h1 className="text-2xl font-bold text-gray-900">Create your account</h1>
        <p className="mt-1 mb-6 text-sm text-gray-700">Host garage sales, list your items and see full sale details.</p>
        <RegisterForm />
      </div>
    </Page>
  );
}
