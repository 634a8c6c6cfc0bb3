import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionStore } from '@/lib/auth';
import { json, mockFetch, renderScreen, signInAs, signOutForTest, testUser } from '@/test/render';
import { ProfileSettings } from './profile-settings';

describe('Profile settings', () => {
  afterEach(() => signOutForTest());

  it('asks a visitor to log in', () => {
    renderScreen(<ProfileSettings />, { path: '/profile' });
    expect(screen.getByText('Please log in to view your profile.')).toBeInTheDocument();
  });

  it('shows the read-only email with its note, statistics and the free account', () => {
    signInAs({ ...testUser, rating: 4.25, ratingCount: 12 });
    renderScreen(<ProfileSettings />, { path: '/profile' });
    const email = screen.getByLabelText('Email');
    expect(email).toHaveValue('pat@example.com');
    expect(email).toHaveAttribute('readonly');
    expect(email).toHaveAccessibleDescription('Email cannot be changed. Contact support if you need to update this.');
    expect(screen.getByLabelText('Phone')).toHaveAttribute('placeholder', '(555) 123-4567');
    expect(screen.getByText('4.3')).toBeInTheDocument();
    expect(screen.getByText('12 reviews')).toBeInTheDocument();
    expect(screen.getByText('Free')).toBeInTheDocument();
    expect(screen.queryByText('Premium Member')).not.toBeInTheDocument();
  });

  it("shows 'N/A' without ratings, and the premium banner with its expiry or 'Unknown'", () => {
    signInAs({ ...testUser, rating: 0, ratingCount: 0, isPremium: true, premiumExpiresAt: '2031-03-02T10:00:00Z' });
    const { unmount } = renderScreen(<ProfileSettings />, { path: '/profile' });
    expect(screen.getByText('N/A')).toBeInTheDocument();
    expect(screen.getByText('Premium Member')).toBeInTheDocument();
    expect(screen.getByText('Your membership expires on March 2, 2031')).toBeInTheDocument();
    expect(screen.getByText('Premium')).toBeInTheDocument();
    unmount();

    signInAs({ ...testUser, isPremium: true, premiumExpiresAt: null });
    renderScreen(<ProfileSettings />, { path: '/profile' });
    expect(screen.getByText('Your membership expires on Unknown')).toBeInTheDocument();
  });

  it("saves with 'Updating...', shows 'Profile updated successfully!' and updates the session", async () => {
    signInAs();
    let answer!: (response: Response) => void;
    const { calls } = mockFetch({ 'PUT /api/users/me': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderScreen(<ProfileSettings />, { path: '/profile' });
    await userEvent.clear(screen.getByLabelText(/^First Name/));
    await userEvent.type(screen.getByLabelText(/^First Name/), 'Patricia');
    await userEvent.clear(screen.getByLabelText('Phone'));
    await userEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(screen.getByRole('button', { name: 'Updating...' })).toBeDisabled();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ firstName: 'Patricia', lastName: 'Host', phone: null });

    answer(json({ ...testUser, firstName: 'Patricia', phone: null }));
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(sessionStore.get().user?.firstName).toBe('Patricia');
  });

  it("requires the names and shows 'Failed to update profile' on a failure", async () => {
    signInAs();
    mockFetch({ 'PUT /api/users/me': () => json({ error: 'boom' }, 500) });
    renderScreen(<ProfileSettings />, { path: '/profile' });
    await userEvent.clear(screen.getByLabelText(/^Last Name/));
    await userEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(screen.getByLabelText(/^Last Name/)).toHaveAccessibleDescription('Last name is required');

    await userEvent.type(screen.getByLabelText(/^Last Name/), 'Host');
    await userEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update profile');
  });
});
