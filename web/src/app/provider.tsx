import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '@/lib/query-client';
import { sessionStore } from '@/lib/auth';
import { useLiveUpdates } from '@/lib/live-updates';

/**
 * Server state is cached per viewer: visitors get sales without addresses, so when the signed-in
 * user changes (sign in, sign out, expired token) every cached answer is dropped and refetched.
 */
function useResetCacheOnUserChange(queryClient: QueryClient) {
  useEffect(() => {
    let userId = sessionStore.get().user?.id ?? null;
    return sessionStore.subscribe(() => {
      const next = sessionStore.get();
      const nextId = next.status === 'anonymous' ? null : (next.user?.id ?? null);
      if (nextId === userId) return;
      userId = nextId;
      void queryClient.resetQueries();
    });
  }, [queryClient]);
}

/** The tab's live stream: one per tab, inside the query client it refreshes. */
function LiveUpdates(): null {
  useLiveUpdates();
  return null;
}

export function AppProvider({ children, queryClient: given }: { children: ReactNode; queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  useResetCacheOnUserChange(queryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <LiveUpdates />
      {children}
    </QueryClientProvider>
  );
}
