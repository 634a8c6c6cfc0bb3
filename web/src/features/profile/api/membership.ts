import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Membership, MembershipRefund, ReceiptList } from '@garage/contracts';
import { api } from '@/lib/api-client';
import { refreshUser, useUser } from '@/lib/auth';

export const membershipKeys = {
  membership: ['payments', 'membership'] as const,
  receipts: ['payments', 'receipts'] as const,
};

/** GET /api/payments/membership: status, renewal or end date, refund eligibility. */
export function useMembership() {
  const user = useUser();
  return useQuery({
    queryKey: membershipKeys.membership,
    queryFn: ({ signal }) => api.get<Membership>('/api/payments/membership', { signal }),
    enabled: Boolean(user),
    staleTime: 0,
  });
}

/** GET /api/payments/receipts: every charge and refund, newest first. */
export function useReceipts() {
  const user = useUser();
  return useQuery({
    queryKey: membershipKeys.receipts,
    queryFn: ({ signal }) => api.get<ReceiptList>('/api/payments/receipts', { signal }),
    enabled: Boolean(user),
  });
}

/**
 * Auth applies a refund a moment after payments answers (an event away): ask again briefly until
 * the session's user agrees with the membership, so the header and premium tools follow at once.
 */
async function refreshUntil(isPremium: boolean, attempts = 8, delayMs = 150): Promise<void> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const user = await refreshUser();
    if (!user || user.isPremium === isPremium) return;
    await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
}

type MembershipAction = 'cancel' | 'resume' | 'refund';

/** POST /api/payments/membership/{cancel|resume|refund}; the answer replaces the cached membership. */
export function useMembershipAction(action: MembershipAction) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<Membership> => {
      if (action === 'refund') return (await api.post<MembershipRefund>('/api/payments/membership/refund')).membership;
      return api.post<Membership>(`/api/payments/membership/${action}`);
    },
    onSuccess: async (membership) => {
      queryClient.setQueryData(membershipKeys.membership, membership);
      // The buttons come back at once; the receipts list catches up on its own.
      void queryClient.invalidateQueries({ queryKey: membershipKeys.receipts });
      if (action === 'refund') await refreshUntil(membership.isPremium);
    },
  });
}
