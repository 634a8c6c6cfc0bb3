import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { profileBodySchema, type User } from '@garage/contracts';
import { useUser } from '@/lib/auth';
import { formatRating, formatTimestampDate } from '@/lib/format';
import { serverFieldErrors, validate, type FieldErrors } from '@/lib/form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { useMembership } from '../api/membership';
import { useUpdateProfile } from '../api/update-profile';
import { MembershipSection } from './membership-section';

/** The banner's line: renews on / ends on once the membership is known, the expiry until then. */
function premiumLine(user: User, membership: ReturnType<typeof useMembership>['data']): string {
  if (membership?.status === 'active') return `Your membership renews on ${formatTimestampDate(membership.renewsAt)}`;
  if (membership?.status === 'cancelled' || membership?.status === 'past_due')
    return `Your membership ends on ${formatTimestampDate(membership.endsAt)}`;
  return `Your membership expires on ${formatTimestampDate(user.premiumExpiresAt)}`;
}

function PremiumBanner({ user }: { user: User }) {
  const membership = useMembership();
  if (!user.isPremium) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-gradient-to-r from-purple-700 to-blue-700 p-5 text-white">
        <div>
          <p className="text-lg font-semibold">Upgrade to Premium</p>
          <p className="text-sm text-purple-50">Reserve items, widen your search to 100 miles and more, for $1.99/year.</p>
        </div>
        <Link to="/subscribe" className="rounded-md bg-white px-4 py-2 text-sm font-semibold text-purple-800 hover:bg-purple-50">
          Learn More
        </Link>
      </div>
    );
  }
  return (
    <div className="rounded-lg bg-gradient-to-r from-purple-700 to-blue-700 p-5 text-white">
      <p className="text-lg font-semibold">
        <span aria-hidden="true">★ </span>Premium Member
      </p>
      <p className="text-sm text-purple-50">{premiumLine(user, membership.data)}</p>
    </div>
  );
}

function AccountStatistics({ user }: { user: User }) {
  return (
    <section aria-labelledby="stats-heading" className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200">
      <h2 id="stats-heading" className="text-lg font-semibold text-gray-900">
        Account Statistics
      </h2>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2">
        <div className="rounded-md bg-gray-50 p-4">
          <dt className="text-sm text-gray-700">Average Rating</dt>
          <dd className="mt-1 text-2xl font-bold text-gray-900">{formatRating(user.rating)}</dd>
          <dd className="text-sm text-gray-700">
            {user.ratingCount} {user.ratingCount === 1 ? 'review' : 'reviews'}
          </dd>
        </div>
        <div className="rounded-md bg-gray-50 p-4">
          <dt className="text-sm text-gray-700">Account Type</dt>
          <dd className="mt-1 text-2xl font-bold text-gray-900">{user.isPremium ? 'Premium' : 'Free'}</dd>
        </div>
      </dl>
    </section>
  );
}

function ProfileForm({ user }: { user: User }) {
  const [values, setValues] = useState({ firstName: user.firstName, lastName: user.lastName, phone: user.phone ?? '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const updateProfile = useUpdateProfile();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const result = validate(profileBodySchema, values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    updateProfile.mutate(result.data, {
      onSuccess: () => setMessage({ tone: 'success', text: 'Profile updated successfully!' }),
      onError: (error) => {
        setErrors(serverFieldErrors(error));
        setMessage({ tone: 'error', text: 'Failed to update profile' });
      },
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5 rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200">
      <h2 className="text-lg font-semibold text-gray-900">Personal Information</h2>
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="First Name"
          required
          autoComplete="given-name"
          value={values.firstName}
          onChange={(event) => setValues({ ...values, firstName: event.target.value })}
          error={errors.firstName}
        />
        <TextField
          label="Last Name"
          required
          autoComplete="family-name"
          value={values.lastName}
          onChange={(event) => setValues({ ...values, lastName: event.target.value })}
          error={errors.lastName}
        />
      </div>
      <TextField
        label="Email"
        type="email"
        value={user.email}
        readOnly
        hint="Email cannot be changed. Contact support if you need to update this."
      />
      <TextField
        label="Phone"
        type="tel"
        autoComplete="tel"
        placeholder="(555) 123-4567"
        value={values.phone}
        onChange={(event) => setValues({ ...values, phone: event.target.value })}
        error={errors.phone}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={updateProfile.isPending}>
          {updateProfile.isPending ? 'Updating...' : 'Update Profile'}
        </Button>
      </div>
    </form>
  );
}

export function ProfileSettings() {
  const user = useUser();
  if (!user) {
    return <Alert tone="info">Please log in to view your profile.</Alert>;
  }
  return (
    <div className="space-y-6">
      <PremiumBanner user={user} />
      <MembershipSection />
      <ProfileForm key={user.id} user={user} />
      <AccountStatistics user={user} />
    </div>
  );
}
