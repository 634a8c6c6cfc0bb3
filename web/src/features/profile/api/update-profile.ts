import { useMutation } from '@tanstack/react-query';
import type { ProfileBody, User } from '@garage/contracts';
import { api } from '@/lib/api-client';
import { setUser } from '@/lib/auth';

export function updateProfile(body: ProfileBody): Promise<User> {
  return api.put<User>('/api/users/me', body);
}

/** PUT /api/users/me; the answer replaces the session's user (header name included). */
export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile, onSuccess: (user) => setUser(user) });
}
